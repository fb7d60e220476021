import type { Kysely } from 'kysely';
import { audited, columns, owned } from './columns.js';

// Engagement (the reference's Attendee Activities and Attendee Insights).
// - attendee_activities: the append-only journal every module reports to (activities module).
// - external_activity_metadata: what an external activity must name (activities module).
// - attendee_insights: engagement score definitions per event, with their actions (insights module).
// - attendee_scores: one row per score and attendee, kept up to date as activities arrive (insights module).
// - attendee_score_entries: which activity earned which points in which score (insights module).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attendee_activities')
    .$call(owned)
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .$call(columns('text!', 'attendee_id'))
    .$call(columns('text', 'contact_id'))
    .$call(columns('text!', 'type', 'name', 'time', 'created'))
    .$call(columns('text', 'session_id', 'exhibitor_id', 'appointment_id', 'speaker_id', 'data_id', 'external_date'))
    .$call(columns('text!', 'details'))
    .execute();
  // The list's keyset order and its after/before window; the event scan of a score rebuild; erasure and retention.
  await db.schema.createIndex('attendee_activities_account_created').on('attendee_activities').columns(['account_id', 'created', 'id']).execute();
  await db.schema.createIndex('attendee_activities_event').on('attendee_activities').columns(['account_id', 'event_id', 'id']).execute();
  await db.schema.createIndex('attendee_activities_attendee').on('attendee_activities').columns(['account_id', 'attendee_id']).execute();
  await db.schema.createIndex('attendee_activities_contact').on('attendee_activities').columns(['account_id', 'contact_id']).execute();
  await db.schema.createIndex('attendee_activities_created').on('attendee_activities').columns(['created']).execute();

  await db.schema
    .createTable('external_activity_metadata')
    .$call(owned)
    .$call(columns('text!', 'type', 'name'))
    .$call(columns('text', 'description'))
    .$call(columns('text!', 'fields'))
    .$call(audited)
    .execute();
  await db.schema.createIndex('external_activity_metadata_name').unique().on('external_activity_metadata').columns(['account_id', 'type', 'name']).execute();

  await db.schema
    .createTable('attendee_insights')
    .$call(owned)
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .$call(columns('text!', 'name'))
    .$call(columns('text', 'description'))
    .$call(columns('integer!', 'is_default'))
    .$call(columns('text!', 'actions'))
    .$call(audited)
    .execute();
  await db.schema.createIndex('attendee_insights_event').on('attendee_insights').columns(['account_id', 'event_id']).execute();

  await db.schema
    .createTable('attendee_scores')
    .$call(owned)
    .addColumn('insight_id', 'text', (c) => c.notNull().references('attendee_insights.id'))
    .$call(columns('text!', 'event_id', 'attendee_id'))
    .$call(columns('integer!', 'points', 'activity_count'))
    .$call(columns('text!', 'created', 'last_modified'))
    .execute();
  await db.schema.createIndex('attendee_scores_attendee').unique().on('attendee_scores').columns(['insight_id', 'attendee_id']).execute();
  await db.schema.createIndex('attendee_scores_points').on('attendee_scores').columns(['insight_id', 'points']).execute();

  await db.schema
    .createTable('attendee_score_entries')
    .$call(owned)
    .addColumn('insight_id', 'text', (c) => c.notNull().references('attendee_insights.id'))
    .$call(columns('text!', 'attendee_id', 'activity_id', 'activity_type', 'activity_name', 'action_type'))
    .$call(columns('text', 'action_name'))
    .$call(columns('integer!', 'points'))
    .$call(columns('text!', 'time', 'created'))
    .execute();
  // An activity earns points in a score at most once.
  await db.schema.createIndex('attendee_score_entries_activity').unique().on('attendee_score_entries').columns(['insight_id', 'activity_id']).execute();
  await db.schema.createIndex('attendee_score_entries_attendee').on('attendee_score_entries').columns(['insight_id', 'attendee_id', 'time', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('attendee_score_entries').execute();
  await db.schema.dropTable('attendee_scores').execute();
  await db.schema.dropTable('attendee_insights').execute();
  await db.schema.dropTable('external_activity_metadata').execute();
  await db.schema.dropTable('attendee_activities').execute();
}
