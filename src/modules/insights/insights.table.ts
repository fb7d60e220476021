import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AuditColumns, OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';

/** An engagement score (the reference's attendee insight): a container per event with the actions that earn points. */
export interface AttendeeInsightsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  name: string;
  description: string | null;
  is_default: number;
  actions: string; // JSON: [{ type, name?, points }]
}

/** One attendee's points in one score, updated as activities arrive. */
export interface AttendeeScoresTable extends OwnedColumns {
  insight_id: string;
  event_id: string;
  attendee_id: string;
  points: number;
  activity_count: number;
  created: string;
  last_modified: string;
}

/** Which activity earned which points in which score, and through which action (the explanation of a score). */
export interface AttendeeScoreEntriesTable extends OwnedColumns {
  insight_id: string;
  attendee_id: string;
  activity_id: string;
  activity_type: string;
  activity_name: string;
  action_type: string;
  action_name: string | null;
  points: number;
  time: string;
  created: string;
}

// Scores hold ids, activity types, the names of actions a planner defined, and numbers: no personal data.
export const INSIGHTS_TABLES = declareTables<Database>('insights', {
  attendee_insights: {
    id: 'none', account_id: 'none', event_id: 'none', name: 'none', description: 'none', actions: 'none',
    created: 'none', last_modified: 'none', created_by: 'none', last_modified_by: 'none',
  },
  attendee_scores: { id: 'none', account_id: 'none', insight_id: 'none', event_id: 'none', attendee_id: 'none', created: 'none', last_modified: 'none' },
  attendee_score_entries: {
    id: 'none', account_id: 'none', insight_id: 'none', attendee_id: 'none', activity_id: 'none', activity_type: 'none', activity_name: 'none',
    action_type: 'none', action_name: 'none', time: 'none', created: 'none',
  },
});

export type InsightRow = Selectable<AttendeeInsightsTable>;
export type NewInsightRow = Insertable<AttendeeInsightsTable>;
export type InsightPatch = Updateable<AttendeeInsightsTable>;
export type ScoreRow = Selectable<AttendeeScoresTable>;
export type NewScoreEntry = Insertable<AttendeeScoreEntriesTable>;
export type ScoreEntryRow = Selectable<AttendeeScoreEntriesTable>;
