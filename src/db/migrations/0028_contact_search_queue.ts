import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The contacts' trigram index on SQLite moves off the write path (issue 37; src/db/search-index.ts says how and why).
// 0023's FTS5 table, kept by triggers in each write's transaction, becomes contacts_search_index, kept by
// syncSearchIndex() from the queue its triggers fill; contacts_search becomes a view of the index and the queued
// contacts, so the filters' SQL (src/lists/filter/compile.ts) is the same as before, and the same on both databases.
// PostgreSQL is unchanged: its GIN indexes take inserts into a pending list of their own (fastupdate).

const COLS = 'id, first_name, last_name, email';
const OLD = COLS.split(', ').map((c) => `old.${c}`).join(', ');

const UP = [
  'drop trigger contacts_search_update',
  'drop trigger contacts_search_delete',
  'drop trigger contacts_search_insert',
  'drop table contacts_search',
  `create virtual table contacts_search_index using fts5(id unindexed, first_name, last_name, email, content='contacts', content_rowid='rowid', tokenize='trigram')`,
  `insert into contacts_search_index (contacts_search_index, rank) values ('secure-delete', 1)`,
  `insert into contacts_search_index (contacts_search_index) values ('rebuild')`,
  // indexed = 1: the index holds the contact with the values of this row; 0: it does not hold it.
  `create table contacts_search_queue (contact_rowid integer primary key, indexed integer not null, ${COLS.split(', ').map((c) => `${c} text`).join(', ')})`,
  `create trigger contacts_search_queue_insert after insert on contacts begin
  insert into contacts_search_queue (contact_rowid, indexed) values (new.rowid, 0) on conflict do nothing;
end`,
  // A deleted contact leaves the index at once: an FTS5 row whose content row is gone cannot be read (a query that
  // met it would fail), and deletions are few. Its values in the index are the old row's, or the queue's.
  `create trigger contacts_search_queue_delete after delete on contacts begin
  insert into contacts_search_index (contacts_search_index, rowid, ${COLS})
    select 'delete', old.rowid, ${OLD} where not exists (select 1 from contacts_search_queue where contact_rowid = old.rowid);
  insert into contacts_search_index (contacts_search_index, rowid, ${COLS})
    select 'delete', contact_rowid, ${COLS} from contacts_search_queue where contact_rowid = old.rowid and indexed = 1;
  delete from contacts_search_queue where contact_rowid = old.rowid;
end`,
  `create trigger contacts_search_queue_update after update of ${COLS} on contacts begin
  insert into contacts_search_queue (contact_rowid, indexed, ${COLS}) values (old.rowid, 1, ${OLD}) on conflict do nothing;
end`,
  // The queued contacts are read from the queue outwards: CROSS JOIN fixes SQLite's join order, which statistics of an
  // empty queue (ANALYZE records no row for it) would otherwise turn into a scan of every contact probing the queue.
  `create view contacts_search as
  select id, first_name, last_name, email from contacts_search_index
  union all
  select contacts.id, lower(contacts.first_name), lower(contacts.last_name), lower(contacts.email)
  from contacts_search_queue cross join contacts on contacts.rowid = contacts_search_queue.contact_rowid`,
];

const DOWN = [
  'drop view contacts_search',
  'drop trigger contacts_search_queue_update',
  'drop trigger contacts_search_queue_delete',
  'drop trigger contacts_search_queue_insert',
  'drop table contacts_search_queue',
  'drop table contacts_search_index',
  `create virtual table contacts_search using fts5(id unindexed, first_name, last_name, email, content='contacts', content_rowid='rowid', tokenize='trigram')`,
  `insert into contacts_search (contacts_search, rank) values ('secure-delete', 1)`,
  `insert into contacts_search (contacts_search) values ('rebuild')`,
  `create trigger contacts_search_insert after insert on contacts begin
  insert into contacts_search (rowid, ${COLS}) values (new.rowid, new.id, new.first_name, new.last_name, new.email);
end`,
  `create trigger contacts_search_delete after delete on contacts begin
  insert into contacts_search (contacts_search, rowid, ${COLS}) values ('delete', old.rowid, ${OLD});
end`,
  `create trigger contacts_search_update after update of ${COLS} on contacts begin
  insert into contacts_search (contacts_search, rowid, ${COLS}) values ('delete', old.rowid, ${OLD});
  insert into contacts_search (rowid, ${COLS}) values (new.rowid, new.id, new.first_name, new.last_name, new.email);
end`,
];

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

async function run(db: Kysely<unknown>, statements: readonly string[]): Promise<void> {
  if (isPostgres(db)) return;
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export const up = (db: Kysely<unknown>): Promise<void> => run(db, UP);
export const down = (db: Kysely<unknown>): Promise<void> => run(db, DOWN);
