import { sql, type Kysely } from 'kysely';

// Contacts: an email (and a sourceId) identifies one active contact per
// account. Deleted and purged contacts keep their rows but give the value up,
// so the uniqueness is a partial index; the index (not a prior read) settles
// races between concurrent writers. Lower-case indexes serve the
// case-insensitive email and name filters.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index contacts_account_email_active on contacts (account_id, lower(email)) where deleted = 0 and purged = 0 and email is not null`.execute(db);
  await sql`create unique index contacts_account_source_active on contacts (account_id, source_id) where deleted = 0 and purged = 0 and source_id is not null`.execute(db);
  await sql`create index contacts_account_lower_email on contacts (account_id, lower(email))`.execute(db);
  await sql`create index contacts_account_lower_last_name on contacts (account_id, lower(last_name))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['contacts_account_lower_last_name', 'contacts_account_lower_email', 'contacts_account_source_active', 'contacts_account_email_active']) {
    await db.schema.dropIndex(name).execute();
  }
}
