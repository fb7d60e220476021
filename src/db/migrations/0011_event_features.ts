import { sql, type Kysely } from 'kysely';
import { newId } from '../ids.js';
import { audited, createTable, dropTables, each, owned } from './columns.js';

// The features of an event (the reference's Event Features): one row per event
// and feature type, created lazily with the type's defaults; `launched` is when
// the feature was made available to the audience (NULL: not launched).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'event_features', {
    ...owned, event_id: 'text! -> events', type: 'text!', enabled: 'integer!', ...each('text', 'enabled_tier', 'config', 'launched'), ...audited,
  }, { event_features_event_type: 'unique: event_id, type' });

  // Grandfathering: chat and Q&A need the AttendeeHub launched, which no event
  // before this migration could do. Every event that exists now gets it
  // launched, so attendees' tokens keep working; events created later start
  // with it not launched.
  // The row as this migration writes it (history: not the module's current table type).
  type Row = Record<'id' | 'account_id' | 'event_id' | 'type' | 'launched' | 'created' | 'last_modified' | 'created_by' | 'last_modified_by', string>
    & { enabled: number; enabled_tier: string | null; config: string | null };
  const out = db.withTables<{ event_features: Row }>();
  const now = new Date().toISOString();
  const { rows } = await sql<{ id: string; account_id: string }>`select id, account_id from events order by id`.execute(db);
  for (let i = 0; i < rows.length; i += 200) {
    const values = rows.slice(i, i + 200).map((e) => ({
      id: newId(), account_id: e.account_id, event_id: e.id, type: 'AttendeeHub', enabled: 1, enabled_tier: null, config: null, launched: now,
      created: now, last_modified: now, created_by: 'migration 0011', last_modified_by: 'migration 0011',
    }));
    await out.insertInto('event_features').values(values).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'event_features');
}
