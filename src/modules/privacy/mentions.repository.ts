import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { ERASED_BY, mayHoldAny, redactText } from './redact.js';

/** A module's free-text columns, in a table it owns: the module names them when it registers its eraser. */
export interface FreeTextPlace {
  readonly table: string;
  readonly columns: readonly string[];
  /** The table has audit columns: a changed row records the erasure as its last writer. */
  readonly audited?: boolean;
}

// Rows are read in keyset pages, so a large table never sits in memory whole.
const PAGE = 2000;

/**
 * Redacts the forms wherever they appear in the place's columns, in the
 * account's rows (the row stays, the values go): the erasure of free text by
 * declared column, once per batch of contacts. Candidates come from SQL
 * (mayHoldAny); redactText confirms each, and only rows whose text changed are
 * written. Table and column names come from the owning module's code, never from
 * a client. Returns the rows changed.
 */
export async function redactMentions(trx: Transaction<Database>, place: FreeTextPlace, accountId: string, forms: readonly string[], now: string): Promise<number> {
  if (forms.length === 0 || place.columns.length === 0) return 0;
  let changed = 0;
  let after = '';
  for (;;) {
    const rows = await sql<Record<string, string | null>>`select ${sql.join([sql.ref('id'), ...place.columns.map((c) => sql.ref(c))])} from ${sql.table(place.table)}
      where account_id = ${accountId} and id > ${after} and ${mayHoldAny(place.columns, forms)} order by id limit ${PAGE}`.execute(trx);
    for (const row of rows.rows) {
      const sets = place.columns.flatMap((c) => {
        const v = row[c];
        if (typeof v !== 'string') return [];
        const next = redactText(v, forms);
        return next === v ? [] : [sql`${sql.ref(c)} = ${next}`];
      });
      if (sets.length === 0) continue;
      const stamp = place.audited ? [sql`last_modified = ${now}`, sql`last_modified_by = ${ERASED_BY}`] : [];
      await sql`update ${sql.table(place.table)} set ${sql.join([...sets, ...stamp])} where id = ${row['id'] ?? ''} and account_id = ${accountId}`.execute(trx);
      changed += 1;
    }
    if (rows.rows.length < PAGE) return changed;
    after = String(rows.rows[rows.rows.length - 1]?.['id'] ?? '');
  }
}

// Rows per UPDATE statement in setTexts (two parameters each).
const SET_CHUNK = 200;

/**
 * Writes new texts into one column of many rows of the account, a few statements
 * per batch instead of one per row (`update ... from (values ...)`, on SQLite and
 * PostgreSQL alike); `fixed` columns get the same value in each of those rows.
 * For erasers, on the tables of the module that calls it.
 */
export async function setTexts(
  trx: Transaction<Database>, table: string, column: string, accountId: string,
  rows: ReadonlyArray<{ readonly id: string; readonly text: string }>, fixed: Readonly<Record<string, string | null>> = {},
): Promise<void> {
  for (let i = 0; i < rows.length; i += SET_CHUNK) {
    const chunk = rows.slice(i, i + SET_CHUNK);
    const values = sql.join(chunk.map((r) => sql`(${r.id}, ${r.text})`));
    const sets = [sql`${sql.ref(column)} = v.column2`, ...Object.entries(fixed).map(([c, v]) => sql`${sql.ref(c)} = ${v}`)];
    await sql`update ${sql.table(table)} set ${sql.join(sets)} from (values ${values}) as v
      where ${sql.ref(`${table}.id`)} = v.column1 and ${sql.ref(`${table}.account_id`)} = ${accountId}`.execute(trx);
  }
}
