import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The contacts' trigram index on SQLite (migration 0028) made lean, for the write rate at a million contacts (issue
// 37): `detail=none` keeps no token positions, which halves the index (the doclists of a million names' trigrams are
// most of it), and `columnsize=0` drops the per-contact %_docsize row, a b-tree insert for every indexed contact that
// only ranking (bm25) reads. Filters do not rank, and a LIKE on the index is still answered from it: FTS5 takes the
// rows holding every trigram of the pattern and tests each against the pattern (with positions or not), and the
// filter's own LIKE on the contact decides in any case (src/lists/filter/compile.ts). The table is rebuilt from the
// contacts, so an upgrade takes about as long as indexing them once (tens of seconds at a million); secure-delete
// stays on. PostgreSQL is unchanged.

const COLS = 'id, first_name, last_name, email';

const view = `create view contacts_search as
  select id, first_name, last_name, email from contacts_search_index
  union all
  select contacts.id, lower(contacts.first_name), lower(contacts.last_name), lower(contacts.email)
  from contacts_search_queue cross join contacts on contacts.rowid = contacts_search_queue.contact_rowid`;

function rebuild(options: string): string[] {
  return [
    'drop view contacts_search',
    'drop table contacts_search_index',
    `create virtual table contacts_search_index using fts5(${COLS.replace('id', 'id unindexed')}, content='contacts', content_rowid='rowid', tokenize='trigram'${options})`,
    `insert into contacts_search_index (contacts_search_index, rank) values ('secure-delete', 1)`,
    // The queue's contacts stay queued: a sync indexes them; every other contact goes in now, with its current values.
    `insert into contacts_search_index (rowid, ${COLS})
       select rowid, ${COLS} from contacts where rowid not in (select contact_rowid from contacts_search_queue)`,
    // A queued contact the old index held (indexed = 1) is not in the new one: the sync must not delete it from there.
    'update contacts_search_queue set indexed = 0, first_name = null, last_name = null, email = null, id = null where indexed = 1',
    view,
  ];
}

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

async function run(db: Kysely<unknown>, statements: readonly string[]): Promise<void> {
  if (isPostgres(db)) return;
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export const up = (db: Kysely<unknown>): Promise<void> => run(db, rebuild(', detail=none, columnsize=0'));
export const down = (db: Kysely<unknown>): Promise<void> => run(db, rebuild(''));
