import { Type } from 'typebox';
import { oauth, requireAuth } from '../../http/auth.js';
import { registerList } from '../../http/lists.js';
import { errorResponses } from '../../http/responses.js';
import { typedRoutes } from '../../http/routes.js';
import type { InsightsService } from './insights.service.js';
import {
  EntriesQuerySchema, EntryPageSchema, InsightCreateSchema, InsightPageSchema, InsightParamsSchema, InsightSchema, InsightsQuerySchema, InsightUpdateSchema,
  ScoreParamsSchema, ScorePageSchema, ScoresQuerySchema, StatsSchema,
} from './insights.schemas.js';

const tags = ['Attendee Insights'];
// DESIGN rule 11: write operations the reference lacks are documented extensions.
const extension = { 'x-eventline-extension': true };
const EXTENSION_NOTE = 'eventline extension (the reference only reads engagement scores).';

export function insightsRoutes(insights: InsightsService) {
  return typedRoutes((app) => {
    registerList(app, {
      path: '/attendee-insights', tags, operationId: 'listAttendeeInsights', summary: 'List Engagement Scores', scope: 'attendee-insights/attendee-insights:read',
      description: 'The engagement scores (attendee insights) of the account\'s events. Filterable: event.id (eq), id (eq). '
        + '`after` / `before` bound when a score definition was last modified.',
      query: InsightsQuerySchema, page: InsightPageSchema, list: (auth, query) => insights.list(auth.accountId, query),
    });

    app.get('/attendee-insights/:id', {
      schema: {
        tags, operationId: 'getAttendeeInsightsById', summary: 'Get Engagement Score', security: oauth('attendee-insights/attendee-insights:read'),
        description: 'One engagement score, with its actions (an eventline extension field).',
        params: InsightParamsSchema, response: { 200: InsightSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => insights.get(requireAuth(request).accountId, request.params.id));

    registerList(app, {
      path: '/attendee-insights/:id/scores', params: InsightParamsSchema, errors: [404], tags, operationId: 'getScores', summary: 'Get Scores',
      scope: 'attendee-insights/scores:read',
      description: 'The attendees with points in the engagement score, highest first, with their rank (ties share a rank: 1, 2, 2, 4). '
        + 'Filterable: attendee.id (eq). Scores follow activities as they are recorded.',
      query: ScoresQuerySchema, page: ScorePageSchema, list: (auth, query, params) => insights.scores(auth.accountId, params.id, query),
    });

    app.get('/attendee-insights/:id/stats', {
      schema: {
        tags, operationId: 'getStats', summary: 'Get Stats', security: oauth('attendee-insights/stats:read'),
        description: 'The reference\'s summary (average points, attendees, activities) and, as eventline extensions, the total, highest and lowest '
          + 'points, the distribution of attendees over 5 ranges of points and the actions that earned the most. All are read from the scores at one moment.',
        params: InsightParamsSchema, response: { 200: StatsSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => insights.stats(requireAuth(request).accountId, request.params.id));

    registerList(app, {
      path: '/attendee-insights/:id/scores/:attendeeId/activities', params: ScoreParamsSchema, errors: [404], tags,
      operationId: 'explainScore', summary: 'Explain a Score (eventline extension)', scope: 'attendee-insights/scores:read',
      description: `${EXTENSION_NOTE} Which activities earned the attendee's points in this score, through which action, in the order they happened. `
        + 'An attendee without points has an empty list. Points stay earned when an activity is later purged (retention).',
      query: EntriesQuerySchema, page: EntryPageSchema, list: (auth, query, params) => insights.explain(auth.accountId, params.id, params.attendeeId, query),
    });

    app.post('/attendee-insights', {
      schema: {
        tags, operationId: 'createAttendeeInsights', summary: 'Create Engagement Score (eventline extension)', security: oauth('attendee-insights/attendee-insights:write'),
        description: `${EXTENSION_NOTE} Defines a score for an event: the actions (activity type, optionally its name) and the points each matching `
          + 'activity earns. The event\'s first score is its default. The score is computed at once from the event\'s activities, then kept up to date as activities arrive.',
        ...extension, body: InsightCreateSchema, response: { 201: InsightSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await insights.create(requireAuth(request), request.body)));

    app.put('/attendee-insights/:id', {
      schema: {
        tags, operationId: 'updateAttendeeInsights', summary: 'Update Engagement Score (eventline extension)', security: oauth('attendee-insights/attendee-insights:write'),
        description: `${EXTENSION_NOTE} Renames or redefines a score. New actions recompute the score from the event's activities (the 2 years kept); `
          + '`default: true` makes it the event\'s default. The event cannot change.',
        ...extension, params: InsightParamsSchema, body: InsightUpdateSchema, response: { 200: InsightSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => insights.update(requireAuth(request), request.params.id, request.body));

    app.delete('/attendee-insights/:id', {
      schema: {
        tags, operationId: 'deleteAttendeeInsights', summary: 'Delete Engagement Score (eventline extension)', security: oauth('attendee-insights/attendee-insights:write'),
        description: `${EXTENSION_NOTE} Deletes the score and its points; the activities stay.`,
        ...extension, params: InsightParamsSchema,
        response: { 204: Type.Null({ description: 'Deleted.' }), ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => {
      await insights.delete(requireAuth(request).accountId, request.params.id);
      return reply.code(204).send(null);
    });
  });
}
