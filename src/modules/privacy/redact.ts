import { sql, type Expression, type SqlBool } from 'kysely';

// Matching a contact's former values in free text, for every module's eraser:
// the text is rewritten in place, so rows (audit trails, counts) stay.

/** What a former value is replaced with in free text: fixed, so nothing maps back to the value. */
export const REDACTED = '[obfuscated]';

/** What erasers write into `last_modified_by`: the change was the obfuscation's, not a caller's. */
export const ERASED_BY = 'obfuscation';

// Erasers call storedForms and redactText once per row with the same batch's values:
// both are memoised on the array they are given, so a batch compiles its matcher once.
const formsOf = new WeakMap<readonly string[], string[]>();

/**
 * The forms a value takes when stored: as typed and in Unicode NFKC (a full-width
 * or composed spelling of the same letters), each also escaped inside a JSON string.
 */
export function storedForms(values: readonly string[]): string[] {
  const known = formsOf.get(values);
  if (known) return known;
  const forms = new Set<string>();
  for (const v of values) {
    for (const form of new Set([v, v.normalize('NFKC')])) {
      if (form.trim().length < 3) continue;
      forms.add(form);
      forms.add(JSON.stringify(form).slice(1, -1));
    }
  }
  const out = [...forms];
  formsOf.set(values, out);
  return out;
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
  let m = matchers.get(forms);
  if (!m) {
    m = new FormMatcher(forms);
    matchers.set(forms, m);
  }
  return m.redact(text, marker);
}

const matchers = new WeakMap<readonly string[], FormMatcher>();

/**
 * All forms of a batch compiled once. A candidate pass finds, in one walk over
 * the text (Aho-Corasick), the forms that may occur in it; only those are then
 * matched exactly (case-insensitive Unicode regular expressions, longest first).
 * The candidate pass is a superset by construction: a form is looked for by its
 * longest ASCII run, lower-cased (in NFKC text every character that case-folds
 * to an ASCII letter is one), or for a phone by its digits in the text with
 * every non-digit removed; a form without ASCII is always a candidate.
 */
class FormMatcher {
  /** NFKC forms, longest first: the order replacements run in. */
  private readonly ordered: string[];
  private readonly regex = new Map<string, RegExp>();
  private readonly always: number[] = [];
  private readonly words: Automaton;
  private readonly phones: Automaton;

  constructor(forms: readonly string[]) {
    this.ordered = [...new Set(forms.map((x) => x.normalize('NFKC')))].sort((a, b) => b.length - a.length);
    const words: Array<[string, number]> = [];
    const phones: Array<[string, number]> = [];
    this.ordered.forEach((f, i) => {
      if (isPhoneDigits(f)) {
        phones.push([f, i]);
        return;
      }
      const key = f.toLowerCase().split(/[^\p{ASCII}]+/u).reduce((a, b) => (b.length > a.length ? b : a), '');
      if (key === '') this.always.push(i);
      else words.push([key, i]);
    });
    this.words = new Automaton(words);
    this.phones = new Automaton(phones);
  }

  redact(text: string, marker: string): string {
    const normalized = text.normalize('NFKC');
    const hits = new Set<number>(this.always);
    this.words.scan(normalized.toLowerCase(), hits);
    if (!this.phones.empty) this.phones.scan(normalized.replace(/\D+/g, ''), hits);
    if (hits.size === 0) return text;
    let out = normalized;
    for (const i of [...hits].sort((a, b) => a - b)) {
      const f = this.ordered[i] ?? '';
      let re = this.regex.get(f);
      if (!re) {
        re = new RegExp(isPhoneDigits(f) ? phoneRegExpSource(f) : escapeRegExp(f), 'giu');
        this.regex.set(f, re);
      }
      out = out.replace(re, marker);
    }
    return out === normalized ? text : out;
  }
}

/** Aho-Corasick over UTF-16 code units: every keyword found in one pass over a text. */
class Automaton {
  private readonly next: Array<Map<number, number>> = [new Map()];
  private readonly fail: number[] = [0];
  private readonly out: number[][] = [[]];
  readonly empty: boolean;

  constructor(keywords: ReadonlyArray<readonly [string, number]>) {
    this.empty = keywords.length === 0;
    for (const [word, id] of keywords) {
      let node = 0;
      for (let i = 0; i < word.length; i++) {
        const c = word.charCodeAt(i);
        let to = this.next[node]?.get(c);
        if (to === undefined) {
          to = this.next.length;
          this.next.push(new Map());
          this.fail.push(0);
          this.out.push([]);
          this.next[node]?.set(c, to);
        }
        node = to;
      }
      this.out[node]?.push(id);
    }
    // Breadth first: a node's failure link is the longest proper suffix that is also a prefix.
    const queue: number[] = [...(this.next[0]?.values() ?? [])];
    for (let q = 0; q < queue.length; q++) {
      const node = queue[q] ?? 0;
      for (const [c, to] of this.next[node] ?? []) {
        let f = this.fail[node] ?? 0;
        while (f !== 0 && !this.next[f]?.has(c)) f = this.fail[f] ?? 0;
        const target = this.next[f]?.get(c);
        this.fail[to] = target !== undefined && target !== to ? target : 0;
        this.out[to] = [...(this.out[to] ?? []), ...(this.out[this.fail[to] ?? 0] ?? [])];
        queue.push(to);
      }
    }
  }

  scan(text: string, hits: Set<number>): void {
    if (this.empty) return;
    let node = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      while (node !== 0 && !this.next[node]?.has(c)) node = this.fail[node] ?? 0;
      node = this.next[node]?.get(c) ?? 0;
      for (const id of this.out[node] ?? []) hits.add(id);
    }
  }
}

/**
 * The new texts of one free-text column, for setTexts(): each of the subjects' own rows as `redactOwn` leaves it
 * (what they wrote themselves goes) with the forms redacted; then, when there are forms, every other row that
 * mentions them, with the forms redacted. A row whose text stays the same is left out.
 */
export async function redactedTexts<O extends { id: string }, M extends { id: string }>(
  forms: readonly string[],
  own: { readonly rows: readonly O[]; readonly text: (r: O) => string; readonly redactOwn: (r: O) => string },
  others: { readonly mentioning: () => Promise<readonly M[]>; readonly text: (r: M) => string },
): Promise<Array<{ id: string; text: string }>> {
  const ownIds = new Set(own.rows.map((r) => r.id));
  const changed: Array<{ id: string; text: string }> = [];
  for (const r of own.rows) {
    const text = redactText(own.redactOwn(r), forms);
    if (text !== own.text(r)) changed.push({ id: r.id, text });
  }
  if (forms.length > 0) {
    for (const r of await others.mentioning()) {
      if (ownIds.has(r.id)) continue;
      const text = redactText(others.text(r), forms);
      if (text !== others.text(r)) changed.push({ id: r.id, text });
    }
  }
  return changed;
}

/**
 * Redacts the forms in the rows `mentioning` finds (none when there are no forms): `redact` gives a row's
 * changed columns, or undefined when none changes, and `save` writes them. Returns the rows changed.
 */
export async function redactEach<R, P>(
  forms: readonly string[], mentioning: () => Promise<readonly R[]>, redact: (r: R) => P | undefined, save: (r: R, patch: P) => Promise<void>,
): Promise<number> {
  if (forms.length === 0) return 0;
  let changed = 0;
  for (const r of await mentioning()) {
    const patch = redact(r);
    if (patch === undefined) continue;
    await save(r, patch);
    changed += 1;
  }
  return changed;
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

/** Above this many LIKE tests a query reads the rows and the matcher in redactText finds the candidates (one pass per row, not one test per form). */
const LIKE_TESTS = 64;

/**
 * The SQL condition "one of these columns may hold one of the forms" (lower-cased,
 * read as text whatever the column's type). `exact` reports hits (likePattern);
 * otherwise it finds candidates in any case (candidatePattern), which the eraser
 * confirms with redactText. A batch's many forms make that many tests per row:
 * then every row with one of the columns set is a candidate, and redactText
 * (which leaves a text without a form unchanged) decides. Column names are trusted, never client input.
 */
export function mayHoldAny(columns: readonly string[], forms: readonly string[], exact = false): Expression<SqlBool> {
  if (forms.length === 0 || columns.length === 0) return sql<SqlBool>`1 = 0`;
  if (!exact && columns.length * forms.length > LIKE_TESTS) {
    return sql<SqlBool>`(${sql.join(columns.map((c) => sql<SqlBool>`${sql.ref(c)} is not null`), sql` or `)})`;
  }
  const pattern = exact ? likePattern : candidatePattern;
  const tests = columns.flatMap((c) => forms.map((f) => sql<SqlBool>`lower(cast(${sql.ref(c)} as text)) like ${pattern(f)} escape '\\'`));
  return sql<SqlBool>`(${sql.join(tests, sql` or `)})`;
}
