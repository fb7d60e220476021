import { sql, type Expression, type SqlBool } from 'kysely';

// Matching a contact's former values in free text, for every module's eraser:
// the text is rewritten in place, so rows (audit trails, counts) stay.

/** What a former value is replaced with in free text: fixed, so nothing maps back to the value. */
export const REDACTED = '[obfuscated]';

/** What erasers write into `last_modified_by`: the change was the obfuscation's, not a caller's. */
export const ERASED_BY = 'obfuscation';

/**
 * The forms a value takes when stored: as typed and in Unicode NFKC (a full-width
 * or composed spelling of the same letters), each also escaped inside a JSON string.
 */
export function storedForms(values: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const v of values) {
    for (const form of new Set([v, v.normalize('NFKC')])) {
      if (form.trim().length < 3) continue;
      forms.add(form);
      forms.add(JSON.stringify(form).slice(1, -1));
    }
  }
  return [...forms];
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Replaces every form of every value in any letter case (Unicode case folding:
 * `ØDEGÅRD` matches `Ødegård`), comparing in NFKC. The text is returned as it
 * was when nothing matched, so untouched rows are not rewritten.
 */
export function redactText(text: string, forms: readonly string[], marker: string = REDACTED): string {
  const normalized = text.normalize('NFKC');
  let out = normalized;
  // Longest first so a full name is replaced before the first name inside it.
  for (const f of [...new Set(forms.map((x) => x.normalize('NFKC')))].sort((a, b) => b.length - a.length)) {
    out = out.replace(new RegExp(isPhoneDigits(f) ? phoneRegExpSource(f) : escapeRegExp(f), 'giu'), marker);
  }
  return out === normalized ? text : out;
}

/** A phone number written in any way: its digits, which erasers then match with any separators between them. */
export function phoneDigits(value: string): string | undefined {
  if (!/^[+\d\s().\-/]+$/.test(value)) return undefined;
  const digits = value.replace(/\D/g, '');
  return digits.length >= 7 ? digits : undefined;
}

// A form of only digits (7 or more) is a phone number: `+1 (555) 010-2030`, `555.010.2030`
// and `5550102030` all match it, the digits with spaces, dots, dashes, slashes or brackets between.
function isPhoneDigits(form: string): boolean {
  return /^\d{7,}$/.test(form);
}

function phoneRegExpSource(digits: string): string {
  return `(?<!\\d)\\+?${[...digits].join('[\\s().\\-/]*')}(?!\\d)`;
}

/** A LIKE pattern for `value` anywhere in a lower-cased text, with `\` escaping LIKE's wildcards. Exact: for reporting hits. */
export function likePattern(value: string): string {
  return `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A LIKE pattern that finds every row that might hold `value` in any case: SQL
 * `lower()` folds only ASCII on SQLite (and follows the collation on
 * PostgreSQL), so each non-ASCII character is a wildcard here. A superset:
 * erasers confirm each candidate with redactText.
 */
export function candidatePattern(value: string): string {
  // A phone's digits may have anything between them in the text; redactText confirms.
  if (isPhoneDigits(value)) return `%${[...value].join('%')}%`;
  const ascii = value.normalize('NFKC').toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`).replace(/[^\p{ASCII}]+/gu, '%');
  return `%${ascii}%`.replace(/(?<!\\)%+/g, '%');
}

/**
 * The SQL condition "one of these columns may hold one of the forms" (lower-cased,
 * read as text whatever the column's type). `exact` reports hits (likePattern);
 * otherwise it finds candidates in any case (candidatePattern), which the eraser
 * confirms with redactText. Column names are trusted, never client input.
 */
export function mayHoldAny(columns: readonly string[], forms: readonly string[], exact = false): Expression<SqlBool> {
  const pattern = exact ? likePattern : candidatePattern;
  const tests = columns.flatMap((c) => forms.map((f) => sql<SqlBool>`lower(cast(${sql.ref(c)} as text)) like ${pattern(f)} escape '\\'`));
  return tests.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`(${sql.join(tests, sql` or `)})`;
}
