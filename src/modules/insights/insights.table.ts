import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

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
export const INSIGHTS_TABLES = declareTables('insights', {
  attendee_insights: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'name', 'description', 'actions'] },
  attendee_scores: { none: [...OWNED_COLUMNS, 'insight_id', 'event_id', 'attendee_id', 'created', 'last_modified'] },
  attendee_score_entries: {
    none: [...OWNED_COLUMNS, 'insight_id', 'attendee_id', 'activity_id', 'activity_type', 'activity_name', 'action_type', 'action_name', 'time',
      'created'],
  },
});
