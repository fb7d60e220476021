import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { createTable, dropTables } from './columns.js';

// Issue 36: the audit log of administrative actions (src/modules/audit). Append-only: no code path updates or
// deletes a row, and the database refuses it too. On SQLite, triggers refuse every DELETE and any UPDATE of the
// columns that say who did what, when and to what: only the personal values (the displays and the changes) may be
// rewritten, which is what obfuscation's redaction does. On PostgreSQL a trigger refuses UPDATE and DELETE unless the
// transaction set `eventline.audit_redaction` (what the redaction does, SET LOCAL), and even then only those columns
// may change.
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Who did what, when and to what: never rewritten. */
const FIXED = ['id', 'account_id', 'at', 'actor_type', 'actor_id', 'action', 'target_type', 'target_id', 'address', 'request_id'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'audit_log', {
    id: 'text key', account_id: 'text! -> accounts', at: 'text!',
    actor_type: 'text!', actor_id: 'text!', actor_display: 'text',
    action: 'text!', target_type: 'text!', target_id: 'text!', target_display: 'text',
    changes: "text! = '{}'", address: 'text', request_id: 'text',
  }, {
    // The list's order is the id (UUIDv7: time order); the filters on action, actor and target narrow by account first.
    audit_log_list: 'account_id, id',
    audit_log_action: 'account_id, action, id',
    audit_log_actor: 'account_id, actor_id, id',
    audit_log_target: 'account_id, target_id, id',
  });
  if (isPostgres(db)) {
    const unchanged = FIXED.map((c) => `new.${c} is not distinct from old.${c}`).join(' and ');
    await sql.raw(`create function audit_log_append_only() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and coalesce(current_setting('eventline.audit_redaction', true), '') = 'on' and ${unchanged} then
    return new;
  end if;
  raise exception 'audit_log is append-only: % refused', tg_op using errcode = '42501';
end
$$`).execute(db);
    await sql.raw('create trigger audit_log_append_only before update or delete on audit_log for each row execute function audit_log_append_only()').execute(db);
  } else {
    await sql.raw(`create trigger audit_log_no_delete before delete on audit_log begin select raise(abort, 'audit_log is append-only: DELETE refused'); end`).execute(db);
    await sql.raw(`create trigger audit_log_no_update before update of ${FIXED.join(', ')} on audit_log begin select raise(abort, 'audit_log is append-only: UPDATE refused'); end`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop trigger audit_log_append_only on audit_log').execute(db);
    await sql.raw('drop function audit_log_append_only()').execute(db);
  } else {
    await sql.raw('drop trigger audit_log_no_update').execute(db);
    await sql.raw('drop trigger audit_log_no_delete').execute(db);
  }
  await dropTables(db, 'audit_log');
}
