import type { Kysely } from 'kysely';
import { addColumns, each, type Columns } from './columns.js';

// Attendees: columns for the reference's filterable registration fields that
// 0002 keeps nowhere (registrationPath.id, invitationList.id,
// registrationType.id, primaryId, unsubscribed, registrationLastModified).
// All nullable or defaulted, so rows written without them stay valid.
const ATTENDEE_COLUMNS: Columns = {
  ...each('text', 'registration_path_id', 'invitation_list_id', 'registration_type_id', 'primary_id'),
  unsubscribed: 'integer! = 0',
  registration_last_modified: 'text',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db, 'attendees', ATTENDEE_COLUMNS);
  await db.schema.createIndex('attendees_account_event').on('attendees').columns(['account_id', 'event_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('attendees_account_event').execute();
  for (const c of Object.keys(ATTENDEE_COLUMNS).reverse()) await db.schema.alterTable('attendees').dropColumn(c).execute();
}
