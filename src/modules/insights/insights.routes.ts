import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import type { InsightsService } from './insights.service.js';
import {
  EntriesQuerySchema, EntryPageSchema, InsightCreateSchema, InsightPageSchema, InsightParamsSchema, InsightSchema, InsightsQuerySchema, InsightUpdateSchema,
  ScoreParamsSchema, ScorePageSchema, ScoresQuerySchema, StatsSchema,
} from './insights.schemas.js';
import { ENTRY_FILTER_FIELDS, INSIGHTS_LIST, SCORE_FILTER_FIELDS } from './insights.filters.js';

// DESIGN rule 11: write operations the reference lacks are documented extensions (marked so in src/contract/extensions.json).
const EXTENSION_NOTE = 'eventline extension (the reference only reads engagement scores).';

export function insightsRoutes(insights: InsightsService) {
  return operations((op) => {
    op.list('listAttendeeInsights', {
      description: 'The engagement scores (attendee insights) of the account\'s events. Filterable: event.id (eq), id (eq). '
        + '`after` / `before` bound when a score definition was last modified.',
      query: InsightsQuerySchema, page: InsightPageSchema, filters: INSIGHTS_LIST.filters, list: (auth, query) => insights.list(auth.accountId, query),
    });

    op('getAttendeeInsightsById', {
      description: 'One engagement score, with its actions (an eventline extension field).', params: InsightParamsSchema, response: { 200: InsightSchema },
    }, async (request) => insights.get(request.auth.accountId, request.params.id));

    op.list('getScores', {
      description: 'The attendees with points in the engagement score, highest first, with their rank (ties share a rank: 1, 2, 2, 4). '
        + 'Filterable: attendee.id (eq). Scores follow activities as they are recorded.',
      params: InsightParamsSchema, query: ScoresQuerySchema, page: ScorePageSchema, filters: SCORE_FILTER_FIELDS, list: (auth, query, params) => insights.scores(auth.accountId, params.id, query),
    });

    op('getStats', {
      description: 'The reference\'s summary (average points, attendees, activities) and, as eventline extensions, the total, highest and lowest '
        + 'points, the distribution of attendees over 5 ranges of points and the actions that earned the most. All are read from the scores at one moment.',
      params: InsightParamsSchema, response: { 200: StatsSchema },
    }, async (request) => insights.stats(request.auth.accountId, request.params.id));

    op.list('explainScore', {
      description: `${EXTENSION_NOTE} Which activities earned the attendee's points in this score, through which action, in the order they happened. `
        + 'An attendee without points has an empty list. Points stay earned when an activity is later purged (retention).',
      params: ScoreParamsSchema, query: EntriesQuerySchema, page: EntryPageSchema,
      filters: ENTRY_FILTER_FIELDS, list: (auth, query, params) => insights.explain(auth.accountId, params.id, params.attendeeId, query),
    });

    op('createAttendeeInsights', {
      description: `${EXTENSION_NOTE} Defines a score for an event: the actions (activity type, optionally its name) and the points each matching `
        + 'activity earns. The event\'s first score is its default. The score is computed at once from the event\'s activities, then kept up to date as activities arrive.',
      body: InsightCreateSchema, response: { 201: InsightSchema },
    }, async (request) => insights.create(request.auth, request.body));

    op('updateAttendeeInsights', {
      description: `${EXTENSION_NOTE} Renames or redefines a score. New actions recompute the score from the event's activities (the 2 years kept); `
        + '`default: true` makes it the event\'s default. The event cannot change.',
      params: InsightParamsSchema, body: InsightUpdateSchema, response: { 200: InsightSchema },
    }, async (request) => insights.update(request.auth, request.params.id, request.body));

    op('deleteAttendeeInsights', {
      description: `${EXTENSION_NOTE} Deletes the score and its points; the activities stay.`,
      params: InsightParamsSchema, response: { 204: Type.Null({ description: 'Deleted.' }) },
    }, async (request, reply) => {
      await insights.delete(request.auth.accountId, request.params.id);
      return reply.send(null);
    });
  });
}
