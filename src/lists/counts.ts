import type { Db } from '../db/index.js';

/**
 * A list's totalCount costs at most this many rows of counting. A list whose filter the kept counts do not cover is
 * counted exactly up to this bound; beyond it the answer carries no totalCount (the reference's paging allows it:
 * "this field may return blank ... check the nextToken field"), rather than a count that scans the whole table.
 */
export const COUNT_BOUND = 10_000;

/**
 * The lists whose totalCount is kept by database triggers (migration 0022), and the filter fields each keeps it
 * for: a first page that is unfiltered, or filtered by exactly one `field eq 'value'` of these, reads one row
 * instead of counting.
 */
export interface KeptCounts {
  /** The list's name in list_counts. */
  readonly list: string;
  /** Filter field -> the scope prefix its value is kept under (`type` -> `type:`). */
  readonly fields: Readonly<Record<string, string>>;
}

/** Reads kept counts of one account and list: `scope` is '' for the whole list, else `<prefix><value>`. */
export type KeptCounter = (scope: string) => Promise<number>;

export function keptCounter(db: Db, accountId: string, list: string): KeptCounter {
  return async (scope) => {
    const row = await db.selectFrom('list_counts').select('n').where('account_id', '=', accountId).where('list', '=', list).where('scope', '=', scope).executeTakeFirst();
    return Number(row?.n ?? 0);
  };
}
