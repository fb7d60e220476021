import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { createTable, dropTables } from './columns.js';

// Kept list counts (src/lists/list-counts.table.ts): the totalCount of the lists that promise an exact count at any
// size, without counting a million rows on a first page. Triggers keep them exact in the writing transaction, on
// both databases, whoever writes (services, bulk jobs, erasers, the retention purge, raw SQL). Also the indexes
// that give those lists' counted filters a keyset range: the messages' `type` and the attendees' `event.id`,
// `status` and `registrationType.id`, each ending with the list's order.

interface Counted {
  readonly table: string;
  readonly list: string;
  /** Scope name -> SQL of the scope value over a row (`r` is NEW or OLD), '' for the whole list. */
  readonly scopes: ReadonlyArray<{ readonly prefix: string; readonly column?: string }>;
}

const COUNTED: readonly Counted[] = [
  { table: 'communication_messages', list: 'communication-messages', scopes: [{ prefix: '' }, { prefix: 'type:', column: 'type' }] },
  { table: 'attendees', list: 'attendees', scopes: [{ prefix: '' }, { prefix: 'event:', column: 'event_id' }] },
];

const scopeOf = (s: Counted['scopes'][number], row: string) => (s.column === undefined ? `''` : `'${s.prefix}' || ${row}.${s.column}`);
const moved = (c: Counted) => ['account_id', ...c.scopes.flatMap((s) => (s.column ? [s.column] : []))];

function sqliteTriggers(c: Counted): string[] {
  const bump = (row: string, delta: number) => c.scopes.map((s) =>
    `insert into list_counts (account_id, list, scope, n) values (${row}.account_id, '${c.list}', ${scopeOf(s, row)}, ${delta}) ` +
    `on conflict (account_id, list, scope) do update set n = n + ${delta};`).join('\n  ');
  const changed = moved(c).map((col) => `old.${col} is not new.${col}`).join(' or ');
  return [
    `create trigger ${c.table}_count_insert after insert on ${c.table} begin\n  ${bump('new', 1)}\nend`,
    `create trigger ${c.table}_count_delete after delete on ${c.table} begin\n  ${bump('old', -1)}\nend`,
    `create trigger ${c.table}_count_update after update of ${moved(c).join(', ')} on ${c.table} when ${changed} begin\n  ${bump('old', -1)}\n  ${bump('new', 1)}\nend`,
  ];
}

function postgresTriggers(c: Counted): string[] {
  const bump = (row: string, delta: number) =>
    `insert into list_counts (account_id, list, scope, n) values ${c.scopes.map((s) => `(${row}.account_id, '${c.list}', ${scopeOf(s, row)}, ${delta})`).join(', ')} ` +
    'on conflict (account_id, list, scope) do update set n = list_counts.n + excluded.n;';
  return [
    `create function ${c.table}_count() returns trigger language plpgsql as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then ${bump('old', -1)} end if;
  if tg_op in ('INSERT', 'UPDATE') then ${bump('new', 1)} end if;
  return null;
end $$`,
    `create trigger ${c.table}_count after insert or delete or update of ${moved(c).join(', ')} on ${c.table} for each row execute function ${c.table}_count()`,
  ];
}

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'list_counts', { account_id: 'text!', list: 'text!', scope: 'text!', n: 'bigint!' }, {
    list_counts_pk: 'primary key: account_id, list, scope',
  });
  for (const c of COUNTED) {
    for (const s of c.scopes) {
      const scope = scopeOf(s, c.table);
      await sql.raw(`insert into list_counts (account_id, list, scope, n) select account_id, '${c.list}', ${scope}, count(*) from ${c.table} group by account_id${s.column ? `, ${s.column}` : ''}`).execute(db);
    }
    for (const statement of isPostgres(db) ? postgresTriggers(c) : sqliteTriggers(c)) await sql.raw(statement).execute(db);
  }
  await db.schema.createIndex('communication_messages_account_type').on('communication_messages').columns(['account_id', 'type', 'created', 'id']).execute();
  // (account_id, event_id) becomes (account_id, event_id, id): the event's attendees in the list's order.
  await db.schema.dropIndex('attendees_account_event').execute();
  await db.schema.createIndex('attendees_account_event_id').on('attendees').columns(['account_id', 'event_id', 'id']).execute();
  await db.schema.createIndex('attendees_account_status').on('attendees').columns(['account_id', 'status', 'id']).execute();
  await db.schema.createIndex('attendees_account_registration_type').on('attendees').columns(['account_id', 'registration_type_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('attendees_account_registration_type').execute();
  await db.schema.dropIndex('attendees_account_status').execute();
  await db.schema.dropIndex('attendees_account_event_id').execute();
  await db.schema.createIndex('attendees_account_event').on('attendees').columns(['account_id', 'event_id']).execute();
  await db.schema.dropIndex('communication_messages_account_type').execute();
  for (const c of COUNTED) {
    if (isPostgres(db)) {
      await sql.raw(`drop trigger ${c.table}_count on ${c.table}`).execute(db);
      await sql.raw(`drop function ${c.table}_count()`).execute(db);
    } else {
      for (const t of ['insert', 'delete', 'update']) await sql.raw(`drop trigger ${c.table}_count_${t}`).execute(db);
    }
  }
  await dropTables(db, 'list_counts');
}
