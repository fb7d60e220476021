import { sql, type SqlBool, type Transaction } from 'kysely';
import type { Database } from '../../db/index.js';

/** What a former value is replaced with in free text: fixed, so nothing maps back to the value. */
export const REDACTED = '[obfuscated]';

/** The forms a value takes when stored: as typed, and escaped inside a JSON string. */
export function storedForms(values: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const v of values) {
    if (v.trim().length < 3) continue;
    forms.add(v);
    forms.add(JSON.stringify(v).slice(1, -1));
  }
  return [...forms];
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Replaces every form of every value, ignoring case (emails are case-insensitive). */
export function redactText(text: string, forms: readonly string[]): string {
  let out = text;
  // Longest first so a full name is replaced before the first name inside it.
  for (const f of [...forms].sort((a, b) => b.length - a.length)) {
    out = out.replace(new RegExp(escapeRegExp(f), 'gi'), REDACTED);
  }
  return out;
}

export function likePattern(value: string): string {
  return `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type AnyTrx = Transaction<Database>;

/**
 * Redacts the subject's values in place in free-text columns of one table
 * (rows of the subject's account only): the row stays, the values go.
 */
export async function redactColumns(
  trx: AnyTrx, table: string, key: string, columns: readonly string[], accountId: string, values: readonly string[],
): Promise<number> {
  const forms = storedForms(values);
  if (forms.length === 0 || columns.length === 0) return 0;
  const matches = columns.flatMap((c) => forms.map((f) => sql<SqlBool>`lower(cast(${sql.ref(c)} as text)) like ${likePattern(f)} escape '\\'`));
  const rows = await sql<Record<string, string | null>>`select ${sql.join([sql.ref(key), ...columns.map((c) => sql.ref(c))])} from ${sql.table(table)} where account_id = ${accountId} and (${sql.join(matches, sql` or `)})`.execute(trx);
  let changed = 0;
  for (const row of rows.rows) {
    const sets = columns.flatMap((c) => {
      const v = row[c];
      if (typeof v !== 'string') return [];
      const next = redactText(v, forms);
      return next === v ? [] : [sql`${sql.ref(c)} = ${next}`];
    });
    if (sets.length === 0) continue;
    await sql`update ${sql.table(table)} set ${sql.join(sets)} where ${sql.ref(key)} = ${row[key] ?? ''} and account_id = ${accountId}`.execute(trx);
    changed += 1;
  }
  return changed;
}
