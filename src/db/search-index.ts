import type SQLite from 'better-sqlite3';
import { CompiledQuery, type Kysely } from 'kysely';

// The contacts' trigram index on SQLite, kept off the write path (issue 37). Migration 0028.
//
// An FTS5 table takes its inserts into a segment per transaction and merges segments as they pile up: one contact a
// transaction (what the API writes) cost 0.2 ms at 30,000 contacts and 15 ms past 70,000 here. So a write only
// names the contact in contacts_search_queue (a trigger; with the values the index holds for it, when it holds any),
// and syncSearchIndex() moves the queue into the index in batches, a few times a second, in one transaction each.
// Reads stay exact meanwhile: the view contacts_search is the index plus the queued contacts' current values, and a
// filter's own LIKE decides on the contact's row in any case (src/lists/filter/compile.ts).
//
// The queue's invariant: a contact not in the queue is in the index with its current values. A trigger adds a
// contact only if it is not queued yet, recording whether the index holds it and with which values (an update: the
// old row's, since the contact was not queued, so in the index as it was; an insert: nothing). A sync removes those
// values from the index (FTS5 'delete' with the indexed values; secure-delete is on, so they leave the file),
// indexes the contact's current row, and empties the queue, in one transaction. A deletion is not deferred: its
// trigger takes the contact out of the index and the queue at once, since FTS5 cannot read a row whose content row
// is gone (and deletions are few).

/** The most queued contacts one sync moves into the index, in one transaction (about 40 ms of the writer's time). */
export const SEARCH_SYNC_BATCH = 2000;
/** How often the server moves the queue into the index. */
export const SEARCH_SYNC_EVERY_MS = 250;

const COLS = 'id, first_name, last_name, email';

/** The statements of one batch, for the queued contacts up to the rowid bound `?` (each takes it once). */
const BATCH = [
  `insert into contacts_search_index (contacts_search_index, rowid, ${COLS})
     select 'delete', contact_rowid, ${COLS} from contacts_search_queue where indexed = 1 and contact_rowid <= ? order by contact_rowid`,
  `insert into contacts_search_index (rowid, ${COLS})
     select c.rowid, ${COLS.split(', ').map((col) => `c.${col}`).join(', ')} from contacts_search_queue q join contacts c on c.rowid = q.contact_rowid
     where q.contact_rowid <= ? order by q.contact_rowid`,
  'delete from contacts_search_queue where contact_rowid <= ?',
] as const;

/** The rowid bound of the next batch, or undefined when the queue is empty. */
const BOUND = `select max(contact_rowid) as bound from (select contact_rowid from contacts_search_queue order by contact_rowid limit ${SEARCH_SYNC_BATCH})`;

/** One batch on a better-sqlite3 connection not inside a transaction: the number of queued contacts it moved. */
export function syncSearchIndex(sqlite: SQLite.Database): number {
  const bound = sqlite.prepare<[], { bound: number | null }>(BOUND).get()?.bound;
  if (bound === null || bound === undefined) return 0;
  const statements = BATCH.map((text) => sqlite.prepare<[number]>(text));
  return sqlite.transaction(() => {
    for (const s of statements.slice(0, 2)) s.run(bound);
    return statements[2]!.run(bound).changes;
  }).immediate();
}

/**
 * Empties the queue into the index through Kysely: before an erasure's checkpoint (so the erased values' queue rows
 * and index entries leave the file now, not at the next tick), and in tests. A no-op on PostgreSQL, whose GIN
 * indexes follow the rows (and defer on their own, in their pending lists).
 */
export async function flushSearchIndex<DB>(db: Kysely<DB>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect !== 'sqlite') return;
  for (;;) {
    const moved = await db.transaction().execute(async (trx) => {
      const bound = (await trx.executeQuery<{ bound: number | null }>(CompiledQuery.raw(BOUND))).rows[0]?.bound;
      if (bound === null || bound === undefined) return 0;
      let removed = 0;
      for (const text of BATCH) removed = Number((await trx.executeQuery(CompiledQuery.raw(text, [bound]))).numAffectedRows ?? 0);
      return Math.max(removed, 1);
    });
    if (moved === 0) return;
  }
}

/**
 * Moves the whole queue into the index inside the caller's transaction (SQLite): an erasure does this in its own
 * transaction, so that when it commits no queued copy of an erased value is left in a table row (the index entries
 * leave with FTS5's secure-delete), whether or not a compaction follows.
 */
export async function syncSearchIndexIn(trx: Pick<Kysely<unknown>, 'executeQuery'>): Promise<void> {
  const bound = (await trx.executeQuery<{ bound: number | null }>(CompiledQuery.raw('select max(contact_rowid) as bound from contacts_search_queue'))).rows[0]?.bound;
  if (bound === null || bound === undefined) return;
  for (const text of BATCH) await trx.executeQuery(CompiledQuery.raw(text, [bound]));
}
