import { defineList, filterColumns, type FilterFields } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's GET /attendee-insights lists: event.id (eq), id (eq).
const insight = filterColumns('attendee_insights');
export const INSIGHTS_LIST = defineList<Row<'attendee_insights'>>({
  name: 'attendee-insights',
  filters: { 'event.id': insight.field('event_id', 'uuid', { ops: ['eq'] }), id: insight.field('id', 'uuid', { ops: ['eq'] }) },
  order: [{ column: 'attendee_insights.created', value: (r) => r.created }, { column: 'attendee_insights.id', value: (r) => r.id }],
  window: 'attendee_insights.last_modified',
});

/** A score row with its rank; `neg_points` sorts the highest score first with an ascending keyset. */
export type RankedScoreRow = Row<'attendee_scores'> & { rank: number; neg_points: number };

/**
 * The scores of one engagement score, highest first (ties by attendee id).
 * The reference's filter: attendee.id (eq). Tokens name the score.
 */
export const SCORE_FILTER_FIELDS: FilterFields = { 'attendee.id': filterColumns('s').field('attendee_id', 'uuid', { ops: ['eq'] }) };
export const scoresList = (insightId: string) => defineList<RankedScoreRow>({
  name: `attendee-insight-scores:${insightId}`,
  filters: SCORE_FILTER_FIELDS,
  order: [{ column: 's.neg_points', value: (r) => Number(r.neg_points) }, { column: 's.attendee_id', value: (r) => r.attendee_id }],
});

/** Which activities earned an attendee's points in one score, in the order they happened; no filter. */
export const ENTRY_FILTER_FIELDS: FilterFields = {};
export const entriesList = (insightId: string, attendeeId: string) => defineList<Row<'attendee_score_entries'>>({
  name: `attendee-insight-entries:${insightId}:${attendeeId}`,
  filters: ENTRY_FILTER_FIELDS,
  order: [{ column: 'attendee_score_entries.time', value: (r) => r.time }, { column: 'attendee_score_entries.id', value: (r) => r.id }],
});
