import type { TableDeclaration } from '../../db/declare.js';
import type { Eraser } from './erasers.js';

/**
 * What "nothing is left" needs of the registered erasers, checked at build time
 * (test/api/erasure-coverage.test.ts) instead of by a scan at every erasure:
 * - a column declared `cleared` or `replaced` (a contact's own value) is in some eraser's `columns` or `mentions`;
 * - a column declared `free-text` (may mention anyone) is in some eraser's `mentions`: searched in every row of the account;
 * - an eraser names only declared columns that hold personal data (no stale or mistyped names).
 * Returns what is wrong, as 'table.column: reason' lines; empty when all holds.
 */
export function erasureGaps(declarations: readonly TableDeclaration[], erasers: readonly Eraser[]): string[] {
  const byId = new Set(erasers.flatMap((e) => e.columns));
  const mentions = new Set(erasers.flatMap((e) => e.mentions ?? []));
  const declared = new Map<string, string>();
  for (const t of declarations) for (const [column, use] of Object.entries(t.columns)) declared.set(`${t.table}.${column}`, use);
  const gaps: string[] = [];
  for (const [column, use] of declared) {
    if ((use === 'cleared' || use === 'replaced') && !byId.has(column) && !mentions.has(column)) gaps.push(`${column}: declared '${use}' but no registered eraser clears or replaces it`);
    if (use === 'free-text' && !mentions.has(column)) gaps.push(`${column}: declared 'free-text' but no registered eraser searches it for mentions`);
  }
  for (const e of erasers) {
    for (const column of [...e.columns, ...(e.mentions ?? [])]) {
      const use = declared.get(column);
      if (use === undefined || use === 'none') gaps.push(`${column}: named by the eraser '${e.place}' but not declared to hold personal data`);
    }
  }
  return gaps;
}
