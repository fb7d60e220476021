import type { Kysely } from 'kysely';

// Attendees: columns for the reference's filterable registration fields that
// 0002 keeps nowhere (registrationPath.id, invitationList.id,
// registrationType.id, primaryId, unsubscribed, registrationLastModified).
// All nullable or defaulted, so rows written without them stay valid.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('attendees').addColumn('registration_path_id', 'text').execute();
  await db.schema.alterTable('attendees').addColumn('invitation_list_id', 'text').execute();
  await db.schema.alterTable('attendees').addColumn('registration_type_id', 'text').execute();
  await db.schema.alterTable('attendees').addColumn('primary_id', 'text').execute();
  await db.schema.alterTable('attendees').addColumn('unsubscribed', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('attendees').addColumn('registration_last_modified', 'text').execute();
  await db.schema.createIndex('attendees_account_event').on('attendees').columns(['account_id', 'event_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('attendees_account_event').execute();
  for (const c of ['registration_last_modified', 'unsubscribed', 'primary_id', 'registration_type_id', 'invitation_list_id', 'registration_path_id']) {
    await db.schema.alterTable('attendees').dropColumn(c).execute();
  }
}
