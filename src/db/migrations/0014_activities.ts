import type { Kysely } from 'kysely';
import { audited, createTable, dropTables, each, owned } from './columns.js';

// Engagement (the reference's Attendee Activities and Attendee Insights).
// - attendee_activities: the append-only journal every module reports to (activities module).
// - external_activity_metadata: what an external activity must name (activities module).
// - attendee_insights: engagement score definitions per event, with their actions (insights module).
// - attendee_scores: one row per score and attendee, kept up to date as activities arrive (insights module).
// - attendee_score_entries: which activity earned which points in which score (insights module).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'attendee_activities', {
    ...owned, event_id: 'text! -> events', attendee_id: 'text!', contact_id: 'text', ...each('text!', 'type', 'name', 'time', 'created'),
    ...each('text', 'session_id', 'exhibitor_id', 'appointment_id', 'speaker_id', 'data_id', 'external_date'), details: 'text!',
  }, {
    // The list's keyset order and its after/before window; the event scan of a score rebuild; erasure and retention.
    attendee_activities_account_created: 'account_id, created, id',
    attendee_activities_event: 'account_id, event_id, id',
    attendee_activities_attendee: 'account_id, attendee_id',
    attendee_activities_contact: 'account_id, contact_id',
    attendee_activities_created: 'created',
  });

  await createTable(db, 'external_activity_metadata', { ...owned, type: 'text!', name: 'text!', description: 'text', fields: 'text!', ...audited }, {
    external_activity_metadata_name: 'unique: account_id, type, name',
  });

  await createTable(db, 'attendee_insights', {
    ...owned, event_id: 'text! -> events', name: 'text!', description: 'text', is_default: 'integer!', actions: 'text!', ...audited,
  }, { attendee_insights_event: 'account_id, event_id' });

  await createTable(db, 'attendee_scores', {
    ...owned, insight_id: 'text! -> attendee_insights', event_id: 'text!', attendee_id: 'text!', points: 'integer!', activity_count: 'integer!',
    created: 'text!', last_modified: 'text!',
  }, {
    attendee_scores_attendee: 'unique: insight_id, attendee_id',
    attendee_scores_points: 'insight_id, points',
  });

  await createTable(db, 'attendee_score_entries', {
    ...owned, insight_id: 'text! -> attendee_insights', ...each('text!', 'attendee_id', 'activity_id', 'activity_type', 'activity_name', 'action_type'),
    action_name: 'text', points: 'integer!', time: 'text!', created: 'text!',
  }, {
    // An activity earns points in a score at most once.
    attendee_score_entries_activity: 'unique: insight_id, activity_id',
    attendee_score_entries_attendee: 'insight_id, attendee_id, time, id',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'attendee_score_entries', 'attendee_scores', 'attendee_insights', 'external_activity_metadata', 'attendee_activities');
}
