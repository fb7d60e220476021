import { columnUse, type ColumnUse, type TableDeclaration } from '../../db/declare.js';
import type { Eraser } from './erasers.js';

/**
 * What "nothing is left" needs of the registered erasers, checked at build time
 * (test/api/erasure-coverage.test.ts) instead of by a scan at every erasure:
 * - a column declared `cleared` or `replaced` (a contact's own value) is in some eraser's `columns` or `mentions`;
 * - every column declared to hold personal data (`cleared`, `replaced` or `free-text`) is in some eraser's
 *   `mentions`: searched for the erased contacts' identifying values in every row of the account, since another
 *   person's row may hold them too (another attendee's note, a lead typed in by hand). The one exception is a
 *   column declared with `ownOnly(use, why)` (src/db/declare.ts): it cannot hold another person's data, and it
 *   must then be erased by id;
 * - an eraser names only declared columns that hold personal data (no stale or mistyped names).
 * Returns what is wrong, as 'table.column: reason' lines; empty when all holds.
 */
export function erasureGaps(declarations: readonly TableDeclaration[], erasers: readonly Eraser[]): string[] {
  const byId = new Set(erasers.flatMap((e) => e.columns));
  const mentions = new Set(erasers.flatMap((e) => e.mentions ?? []));
  const declared = new Map<string, { use: ColumnUse; ownOnly: boolean }>();
  for (const t of declarations) {
    for (const [column, d] of Object.entries(t.columns)) declared.set(`${t.table}.${column}`, { use: columnUse(d), ownOnly: typeof d !== 'string' });
  }
  const gaps: string[] = [];
  for (const [column, { use, ownOnly }] of declared) {
    if (use === 'none') continue;
    const owned = use === 'cleared' || use === 'replaced';
    if (owned && !byId.has(column) && !mentions.has(column)) gaps.push(`${column}: declared '${use}' but no registered eraser clears or replaces it`);
    else if (ownOnly && !byId.has(column)) gaps.push(`${column}: declared '${use}' in the contact's own rows only, but no registered eraser clears or replaces it by id`);
    if (!ownOnly && !mentions.has(column)) {
      gaps.push(owned
        ? `${column}: declared '${use}' but no registered eraser searches it for mentions in other people's rows (or declare it ownOnly, saying why)`
        : `${column}: declared '${use}' but no registered eraser searches it for mentions`);
    }
  }
  for (const e of erasers) {
    for (const column of [...e.columns, ...(e.mentions ?? [])]) {
      const use = declared.get(column)?.use;
      if (use === undefined || use === 'none') gaps.push(`${column}: named by the eraser '${e.place}' but not declared to hold personal data`);
    }
  }
  return gaps;
}
