import Database from 'better-sqlite3';
import fc from 'fast-check';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELDS, ROWS, createTable, type TestDb } from './filter.fixture.js';
import { FilterError, compileFilter, parseFilter, type FilterNode, type FilterOp } from './index.js';

type Value = string | number | boolean;
interface Printed<T> {
  value: T;
  text: string;
}
type FieldName = keyof typeof FIELDS;

const FIELD_NAMES = Object.keys(FIELDS) as FieldName[];
const LIKE: ReadonlySet<FilterOp> = new Set<FilterOp>(['sw', 'ew', 'co', 'contains', 'match']);
const NO_VALUE: ReadonlySet<FilterOp> = new Set<FilterOp>(['isEmpty', 'isNotEmpty', 'isNull', 'isNotNull']);
const OP_WORDS: Partial<Record<FilterOp, string>> = {
  isEmpty: 'is empty',
  isNotEmpty: 'is not empty',
  isNull: 'is null',
  isNotNull: 'is not null',
};

const wsArb = fc.constantFrom(' ', '  ', '\t', '\n', ' \r\n ');
const caseArb = fc.constantFrom('lower', 'upper', 'capital', 'alternate');
type Case = 'lower' | 'upper' | 'capital' | 'alternate';

function applyCase(word: string, style: Case): string {
  if (style === 'upper') return word.toUpperCase();
  if (style === 'capital') return word.charAt(0).toUpperCase() + word.slice(1);
  if (style === 'alternate') return [...word].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('');
  return word;
}

function quote(text: string, quoteChar: "'" | '"', escapeOther: boolean): string {
  const other = quoteChar === "'" ? '"' : "'";
  let out = '';
  for (const ch of text) {
    if (ch === '\\' || ch === quoteChar || (escapeOther && ch === other)) out += `\\${ch}`;
    else out += ch;
  }
  return `${quoteChar}${out}${quoteChar}`;
}

const quoteArb = fc.record({ q: fc.constantFrom<"'" | '"'>("'", '"'), escapeOther: fc.boolean() });

const charsArb = fc.constantFrom("'", '"', '\\', '%', '_', ' ', 'a', 'Z', '(', ')', ',', 'é', '😀', '\n');
const textArb = fc
  .oneof(fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 12 }), fc.string({ unit: charsArb, maxLength: 12 }))
  .filter((s) => !s.includes('\u0000'));

const quotedText = (arb: fc.Arbitrary<string>): fc.Arbitrary<Printed<string>> =>
  fc.tuple(arb, quoteArb).map(([value, { q, escapeOther }]) => ({ value, text: quote(value, q, escapeOther) }));

const numberArb: fc.Arbitrary<Printed<number>> = fc
  .tuple(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })), fc.boolean(), quoteArb)
  .map(([n, bare, { q }]) => {
    const value = n === 0 ? 0 : n;
    return { value, text: bare ? String(value) : `${q}${String(value)}${q}` };
  });

const booleanArb: fc.Arbitrary<Printed<boolean>> = fc
  .tuple(fc.boolean(), caseArb, fc.boolean(), quoteArb)
  .map(([value, style, bare, { q }]) => {
    const word = applyCase(String(value), style);
    return { value, text: bare ? word : `${q}${word}${q}` };
  });

const pad = (n: number): string => String(n).padStart(2, '0');
const datetimeArb: fc.Arbitrary<Printed<string>> = fc
  .tuple(
    fc.date({ min: new Date('0001-01-02T00:00:00.000Z'), max: new Date('9998-12-30T23:59:59.999Z'), noInvalidDate: true }),
    fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }),
    fc.constantFrom('Z', 'z', '+HH:MM', '+HHMM'),
    fc.constantFrom('T', 't', ' '),
    quoteArb,
  )
  .map(([date, offset, zone, sep, { q }]) => {
    const value = date.toISOString();
    let local = value.slice(0, -1);
    let suffix: string = zone;
    if (zone.startsWith('+')) {
      local = new Date(date.getTime() + offset * 60_000).toISOString().slice(0, -1);
      const abs = Math.abs(offset);
      const colon = zone === '+HH:MM' ? ':' : '';
      suffix = `${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}${colon}${pad(abs % 60)}`;
    }
    return { value, text: `${q}${local.replace('T', sep)}${suffix}${q}` };
  });

const uuidArb: fc.Arbitrary<Printed<string>> = fc
  .tuple(fc.uuid(), fc.boolean(), quoteArb)
  .map(([uuid, upper, { q }]) => ({ value: uuid, text: `${q}${upper ? uuid.toUpperCase() : uuid}${q}` }));

function valueArb(name: FieldName, op: FilterOp): fc.Arbitrary<Printed<Value>> {
  if (op === 'match') return quotedText(textArb.filter((s) => /\S/.test(s)));
  if (LIKE.has(op)) return quotedText(textArb);
  switch (FIELDS[name].type) {
    case 'number':
      return numberArb;
    case 'boolean':
      return booleanArb;
    case 'datetime':
      return datetimeArb;
    case 'uuid':
      return uuidArb;
    default:
      return quotedText(textArb);
  }
}

type Leaf = Printed<FilterNode>;

const leafArb: fc.Arbitrary<Leaf> = fc
  .constantFrom(...FIELD_NAMES)
  .chain((name) => fc.constantFrom(...FIELDS[name].ops).map((op) => [name, op] as const))
  .chain(([name, op]) => {
    const values: fc.Arbitrary<Array<Printed<Value>>> =
      op === 'in'
        ? fc.array(valueArb(name, op), { minLength: 1, maxLength: 3 })
        : NO_VALUE.has(op)
          ? fc.constant([])
          : valueArb(name, op).map((v) => [v]);
    return fc
      .record({ values, ws: wsArb, style: caseArb })
      .map(({ values, ws, style }): Leaf => {
        const word = applyCase(OP_WORDS[op] ?? op, style).replace(/ /g, ws);
        const list = op === 'in' ? `(${values.map((v) => v.text).join(`,${ws}`)})` : (values[0]?.text ?? '');
        const text = [name, word, list].filter((s) => s !== '').join(ws);
        return { value: { kind: 'cmp', field: name, op, values: values.map((v) => v.value) }, text };
      });
  });

function needsParens(parent: 'and' | 'or', child: FilterNode, side: 'left' | 'right'): boolean {
  if (child.kind === 'cmp') return false;
  // Right-hand chains of the same connective would re-associate to the left without parentheses.
  return (parent === 'and' && child.kind === 'or') || (side === 'right' && child.kind === parent);
}

const { tree: treeArb } = fc.letrec<{ tree: Leaf }>((tie) => ({
  tree: fc.oneof(
    { maxDepth: 5, depthIdentifier: 'tree' },
    leafArb,
    fc
      .record({ kind: fc.constantFrom<'and' | 'or'>('and', 'or'), left: tie('tree'), right: tie('tree'), style: caseArb, ws: wsArb, extra: fc.boolean() })
      .map(({ kind, left, right, style, ws, extra }): Leaf => {
        const wrap = (p: Leaf, side: 'left' | 'right'): string =>
          needsParens(kind, p.value, side) || (extra && side === 'left') ? `(${ws}${p.text}${ws})` : p.text;
        return {
          value: { kind, left: left.value, right: right.value },
          text: `${wrap(left, 'left')}${ws}${applyCase(kind, style)}${ws}${wrap(right, 'right')}`,
        };
      }),
  ),
}));

let db: Kysely<TestDb>;
beforeAll(async () => {
  db = new Kysely<TestDb>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
  await createTable(db);
});
afterAll(() => db.destroy());

const compileQuery = (node: FilterNode): CompiledQuery =>
  db.selectFrom('t').selectAll().where(compileFilter(node, FIELDS)).compile();

/** The same AST with every string replaced by a neutral one; match keeps its word count, which shapes the SQL. */
function skeleton(node: FilterNode): FilterNode {
  if (node.kind !== 'cmp') return { kind: node.kind, left: skeleton(node.left), right: skeleton(node.right) };
  const values = node.values.map((v) =>
    typeof v !== 'string' ? v : node.op === 'match' ? v.trim().split(/\s+/).map(() => 'w').join(' ') : 'x',
  );
  return { ...node, values };
}

// The complete vocabulary compileFilter may emit; any other token in the SQL text would be leaked user input.
const SQL_TOKEN = /\s+|"[^"]*"|'(?:[^']|'')*'|[A-Za-z_]+|<>|<=|>=|[?()=<>,*.]/y;
const ALLOWED_WORDS = new Set(
  'select from where lower cast as text numeric like escape and or in is not null'.split(' '),
);
const ALLOWED_IDENTIFIERS = new Set(['"t"', ...Object.values(FIELDS).map((f) => `"${f.column.split('.')[1]}"`)]);
const ALLOWED_LITERALS = new Set(["'\\'", "''"]);

function foreignSqlTokens(text: string): string[] {
  const foreign: string[] = [];
  SQL_TOKEN.lastIndex = 0;
  while (SQL_TOKEN.lastIndex < text.length) {
    const start = SQL_TOKEN.lastIndex;
    const match = SQL_TOKEN.exec(text);
    if (match === null) return [...foreign, text.slice(start)];
    const token = match[0];
    if (/^\s/.test(token) || /^[?()=<>,*.]$|^<>$|^<=$|^>=$/.test(token)) continue;
    const allowed = /^[A-Za-z_]/.test(token)
      ? ALLOWED_WORDS.has(token)
      : token.startsWith('"')
        ? ALLOWED_IDENTIFIERS.has(token)
        : ALLOWED_LITERALS.has(token);
    if (!allowed) foreign.push(token);
  }
  return foreign;
}

async function assertSafe(node: FilterNode): Promise<void> {
  const compiled = compileQuery(node);
  expect(foreignSqlTokens(compiled.sql)).toEqual([]);
  expect(compiled.sql).toBe(compileQuery(skeleton(node)).sql);
  // Values must reach the database as parameters, not be dropped on the way.
  const pending: FilterNode[] = [node];
  for (let n = pending.pop(); n !== undefined; n = pending.pop()) {
    if (n.kind !== 'cmp') pending.push(n.left, n.right);
    else if (!LIKE.has(n.op)) for (const v of n.values) expect(compiled.parameters).toContain(typeof v === 'boolean' ? Number(v) : v);
  }
  await db.executeQuery(compiled);
  const rows = await db.selectFrom('t').select('id').execute();
  expect(rows).toHaveLength(ROWS.length);
}

async function parseOrReject(input: string): Promise<void> {
  let node: FilterNode;
  try {
    node = parseFilter(input, FIELDS);
  } catch (error) {
    expect(error).toBeInstanceOf(FilterError);
    const position = (error as FilterError).position;
    expect(position).toBeGreaterThanOrEqual(1);
    expect(position).toBeLessThanOrEqual(input.length + 1);
    return;
  }
  await assertSafe(node);
}

describe('round trip', () => {
  it('printing a random AST and parsing it back gives the same AST', () => {
    fc.assert(
      fc.property(treeArb.filter((t) => t.text.length <= 4000), ({ value, text }) => {
        expect(parseFilter(text, FIELDS)).toEqual(value);
      }),
      { numRuns: 500 },
    );
  });

  it('and binds tighter than or', () => {
    fc.assert(
      fc.property(leafArb, leafArb, leafArb, caseArb, caseArb, (a, b, c, s1, s2) => {
        const or = applyCase('or', s1);
        const and = applyCase('and', s2);
        expect(parseFilter(`${a.text} ${or} ${b.text} ${and} ${c.text}`, FIELDS)).toEqual({
          kind: 'or',
          left: a.value,
          right: { kind: 'and', left: b.value, right: c.value },
        });
        expect(parseFilter(`${a.text} ${and} ${b.text} ${or} ${c.text}`, FIELDS)).toEqual({
          kind: 'or',
          left: { kind: 'and', left: a.value, right: b.value },
          right: c.value,
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('hostile input', () => {
  const FRAGMENTS = [
    "'; drop table t; --", "' or 1=1 --", '" or ""="', '\\', "\\'", '\\"', "'", '"', '(', ')', '((', '))',
    '--', '/*', '*/', ';', '%', '_', ' or ', ' and ', 'title', ' eq ', ' in ', ',', ' is null', '$1', '?',
    'union select * from t', ')) or ((', 'lower(', 'cast(', " escape '\\'", '\u0000', 'true', '-1.5', ' ',
  ];
  const fragmentString = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 30 }).map((parts) => parts.join(''));
  const hostileText = fc.oneof(fragmentString, fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ maxLength: 40 }));

  it('arbitrary strings either fail with FilterError or compile to parameterised SQL', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fragmentString),
        parseOrReject,
      ),
      { numRuns: 500 },
    );
  });

  it('hostile quoted values stay in the parameter list', async () => {
    const opArb = fc.constantFrom('eq', 'ne', 'lt', 'ge', 'sw', 'ew', 'co', 'contains', 'match');
    const filterArb = fc.oneof(
      fc.tuple(fc.constantFrom('title', 'status', 'id'), opArb, quotedText(hostileText)).map(([f, op, v]) => `${f} ${op} ${v.text}`),
      fc.tuple(fc.constantFrom('capacity', 'event.startsAt'), quotedText(hostileText)).map(([f, v]) => `${f} sw ${v.text}`),
      fc.array(quotedText(hostileText), { minLength: 1, maxLength: 5 }).map((vs) => `status in (${vs.map((v) => v.text).join(', ')})`),
      fc
        .tuple(quotedText(hostileText), quotedText(hostileText), fc.constantFrom('and', 'or'))
        .map(([a, b, k]) => `(title co ${a.text} ${k} title match ${b.text}) or title eq ${b.text}`),
    );
    await fc.assert(fc.asyncProperty(filterArb, parseOrReject), { numRuns: 500 });
  });

  it('any generated AST compiles to SQL whose text does not depend on the values', async () => {
    await fc.assert(fc.asyncProperty(treeArb, ({ value }) => assertSafe(value)), { numRuns: 200 });
  });

  it('inputs longer than 4000 characters are rejected at column 4001', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ minLength: 4001, maxLength: 10_000 }), fc.integer({ min: 4001, max: 10_000 }).map((n) => '('.repeat(n))),
        (input) => {
          expect(() => parseFilter(input, FIELDS)).toThrow(FilterError);
          expect(() => parseFilter(input, FIELDS)).toThrow('Filter is longer than 4000 characters at column 4001');
        },
      ),
      { numRuns: 50 },
    );
  });

  it('deep or unbalanced nesting up to the length limit fails cleanly', async () => {
    const shapes = fc.oneof(
      fc.integer({ min: 1, max: 4000 }).map((n) => '('.repeat(n)),
      fc.integer({ min: 1, max: 1900 }).map((n) => `${'('.repeat(n)}id eq 'a'${')'.repeat(n)}`),
      fc.integer({ min: 1, max: 4000 }).map((n) => ')'.repeat(n)),
      fc.integer({ min: 1, max: 3990 }).map((n) => `title eq '${"\\'".repeat(Math.floor(n / 2))}`),
    );
    await fc.assert(fc.asyncProperty(shapes, parseOrReject), { numRuns: 100 });
  });
});
