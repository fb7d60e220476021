import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Contact lists that stay fast at a million rows (issue 37):
// - eq / in on firstName, lastName and email: b-tree indexes shaped like the page query, (account, lower(field), id),
//   so the matches come out of the index in the list's order (id). They replace the (account, lower(field)) indexes
//   of 0004, which are their prefixes.
// - sw / ew / contains on the same fields: a trigram index, named contacts_search on both databases
//   (src/lists/filter/types.ts, FilterSearch). SQLite: an FTS5 table with the trigram tokenizer over the contacts
//   table's own rows (external content: it stores no copy of a value), kept by triggers, with FTS5's secure-delete
//   on so that an erased value's trigrams leave the index at once rather than at a later merge. PostgreSQL: pg_trgm
//   GIN indexes on the lower-cased columns (and text_pattern_ops b-trees for prefixes) and a view that names them like the FTS5 table's columns.

const FIELDS = ['first_name', 'last_name', 'email'] as const;

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

async function run(db: Kysely<unknown>, statements: readonly string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

const cols = FIELDS.join(', ');
const values = (row: string) => FIELDS.map((f) => `${row}.${f}`).join(', ');

const SQLITE_UP = [
  `create virtual table contacts_search using fts5(id unindexed, ${cols}, content='contacts', content_rowid='rowid', tokenize='trigram')`,
  `insert into contacts_search (contacts_search, rank) values ('secure-delete', 1)`,
  `insert into contacts_search (contacts_search) values ('rebuild')`,
  `create trigger contacts_search_insert after insert on contacts begin
  insert into contacts_search (rowid, id, ${cols}) values (new.rowid, new.id, ${values('new')});
end`,
  `create trigger contacts_search_delete after delete on contacts begin
  insert into contacts_search (contacts_search, rowid, id, ${cols}) values ('delete', old.rowid, old.id, ${values('old')});
end`,
  `create trigger contacts_search_update after update of id, ${cols} on contacts begin
  insert into contacts_search (contacts_search, rowid, id, ${cols}) values ('delete', old.rowid, old.id, ${values('old')});
  insert into contacts_search (rowid, id, ${cols}) values (new.rowid, new.id, ${values('new')});
end`,
];

async function postgresUp(db: Kysely<unknown>): Promise<void> {
  // pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it. Its operator class is named
  // with the schema it lives in, which need not be on this schema's search_path.
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  const found = await sql<{ nspname: string }>`select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const schema = found.rows[0]?.nspname ?? 'public';
  const ops = `"${schema.replace(/"/g, '""')}".gin_trgm_ops`;
  await run(db, [
    ...FIELDS.map((f) => `create index contacts_${f}_trigram on contacts using gin (lower(${f}) ${ops})`),
    // A prefix (sw) is a range of a b-tree in byte order: text_pattern_ops whatever the database's collation.
    ...FIELDS.map((f) => `create index contacts_${f}_prefix on contacts (lower(${f}) text_pattern_ops)`),
    `create view contacts_search as select id, ${FIELDS.map((f) => `lower(${f}) as ${f}`).join(', ')} from contacts`,
  ]);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, [
    'drop index contacts_account_lower_email',
    'drop index contacts_account_lower_last_name',
    ...FIELDS.map((f) => `create index contacts_account_${f}_id on contacts (account_id, lower(${f}), id)`),
  ]);
  if (isPostgres(db)) await postgresUp(db);
  else await run(db, SQLITE_UP);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await run(db, ['drop view contacts_search', ...FIELDS.flatMap((f) => [`drop index contacts_${f}_prefix`, `drop index contacts_${f}_trigram`])]);
  } else {
    await run(db, ['drop trigger contacts_search_update', 'drop trigger contacts_search_delete', 'drop trigger contacts_search_insert', 'drop table contacts_search']);
  }
  await run(db, [
    ...FIELDS.map((f) => `drop index contacts_account_${f}_id`),
    'create index contacts_account_lower_email on contacts (account_id, lower(email))',
    'create index contacts_account_lower_last_name on contacts (account_id, lower(last_name))',
  ]);
}
