import { describe, expect, it } from 'vitest';
import { FIELDS, U1 } from './filter.fixture.js';
import { FilterError, compileFilter, parseFilter, type FilterNode, type FilterOp } from './index.js';

const parse = (input: string): FilterNode => parseFilter(input, FIELDS);
const cmp = (field: string, op: FilterOp, ...values: Array<string | number | boolean>): FilterNode => ({
  kind: 'cmp',
  field,
  op,
  values,
});
const and = (left: FilterNode, right: FilterNode): FilterNode => ({ kind: 'and', left, right });
const or = (left: FilterNode, right: FilterNode): FilterNode => ({ kind: 'or', left, right });

function parseError(input: string): FilterError {
  try {
    parse(input);
  } catch (error) {
    if (error instanceof FilterError) return error;
    throw error;
  }
  throw new Error(`expected a FilterError for ${JSON.stringify(input)}`);
}

describe('parseFilter: operators and value types', () => {
  it.each<[string, FilterNode]>([
    [`title eq 'Gala'`, cmp('title', 'eq', 'Gala')],
    [`title ne 'Gala'`, cmp('title', 'ne', 'Gala')],
    [`title lt 'b'`, cmp('title', 'lt', 'b')],
    [`title le 'b'`, cmp('title', 'le', 'b')],
    [`title gt 'b'`, cmp('title', 'gt', 'b')],
    [`title ge 'b'`, cmp('title', 'ge', 'b')],
    [`title sw 'An'`, cmp('title', 'sw', 'An')],
    [`title ew 'la'`, cmp('title', 'ew', 'la')],
    [`title co 'al'`, cmp('title', 'co', 'al')],
    [`title contains 'al'`, cmp('title', 'contains', 'al')],
    [`title match 'annual gala'`, cmp('title', 'match', 'annual gala')],
    [`title in ('a', "b", 'c')`, cmp('title', 'in', 'a', 'b', 'c')],
    [`title is empty`, cmp('title', 'isEmpty')],
    [`title is not empty`, cmp('title', 'isNotEmpty')],
    [`title is null`, cmp('title', 'isNull')],
    [`title is not null`, cmp('title', 'isNotNull')],
    [`title eq 12.50`, cmp('title', 'eq', '12.50')],
    [`title eq true`, cmp('title', 'eq', 'true')],
    [`capacity eq 12`, cmp('capacity', 'eq', 12)],
    [`capacity eq '12'`, cmp('capacity', 'eq', 12)],
    [`price lt -3.5`, cmp('price', 'lt', -3.5)],
    [`price ge 1e3`, cmp('price', 'ge', 1000)],
    [`price eq -0`, cmp('price', 'eq', 0)],
    [`capacity in (1, '2', 3.5)`, cmp('capacity', 'in', 1, 2, 3.5)],
    [`capacity sw 12`, cmp('capacity', 'sw', '12')],
    [`capacity is not null`, cmp('capacity', 'isNotNull')],
    [`virtual eq true`, cmp('virtual', 'eq', true)],
    [`virtual ne FALSE`, cmp('virtual', 'ne', false)],
    [`virtual eq 'True'`, cmp('virtual', 'eq', true)],
    [`virtual in (true, "false")`, cmp('virtual', 'in', true, false)],
    [`event.startsAt ge '2024-05-01'`, cmp('event.startsAt', 'ge', '2024-05-01T00:00:00.000Z')],
    [`event.startsAt gt '2024-05-01T20:00:00+02:00'`, cmp('event.startsAt', 'gt', '2024-05-01T18:00:00.000Z')],
    [`event.startsAt lt '2024-05-01T20:00'`, cmp('event.startsAt', 'lt', '2024-05-01T20:00:00.000Z')],
    [`event.startsAt le '2024-05-01 20:00:05.1234-0130'`, cmp('event.startsAt', 'le', '2024-05-01T21:30:05.123Z')],
    [`event.startsAt eq '2024-02-29T23:59:59.999Z'`, cmp('event.startsAt', 'eq', '2024-02-29T23:59:59.999Z')],
    [`event.startsAt ne '2024-01-01T00:00:00Z'`, cmp('event.startsAt', 'ne', '2024-01-01T00:00:00.000Z')],
    [`event.startsAt in ('2024-01-01', '2025-01-01')`, cmp('event.startsAt', 'in', '2024-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')],
    [`event.startsAt sw '2024-05'`, cmp('event.startsAt', 'sw', '2024-05')],
    [`event.startsAt is empty`, cmp('event.startsAt', 'isEmpty')],
    [`venue.id eq '${U1.toUpperCase()}'`, cmp('venue.id', 'eq', U1)],
    [`venue.id ne "${U1}"`, cmp('venue.id', 'ne', U1)],
    [`venue.id in ('${U1}')`, cmp('venue.id', 'in', U1)],
    [`venue.id is not empty`, cmp('venue.id', 'isNotEmpty')],
  ])('%s', (input, expected) => {
    expect(parse(input)).toEqual(expected);
  });
});

describe('parseFilter: quoting', () => {
  it.each<[string, string]>([
    [`title eq 'O\\'Brien'`, "O'Brien"],
    [`title eq "say \\"hi\\""`, 'say "hi"'],
    [`title eq 'C:\\\\temp'`, 'C:\\temp'],
    [`title eq "it's"`, "it's"],
    [`title eq 'say "hi"'`, 'say "hi"'],
    [`title eq 'mixed \\" escape'`, 'mixed " escape'],
    [`title eq ''`, ''],
    [`title eq 'and or ( ) , eq'`, 'and or ( ) , eq'],
    [`title eq 'line\nbreak'`, 'line\nbreak'],
  ])('%s', (input, value) => {
    expect(parse(input)).toEqual(cmp('title', 'eq', value));
  });
});

describe('parseFilter: structure', () => {
  const a = cmp('status', 'eq', 'Accepted');
  const p = cmp('status', 'eq', 'Pending');
  const x = cmp('id', 'eq', 'abc');
  const y = cmp('id', 'eq', 'def');

  it('binds and tighter than or, with parentheses grouping', () => {
    expect(parse(`status eq 'Accepted' or status eq 'Pending' and (id eq 'abc' or id eq 'def')`)).toEqual(
      or(a, and(p, or(x, y))),
    );
  });

  it('groups left to right within one connective', () => {
    expect(parse(`id eq 'abc' and id eq 'def' and status eq 'Accepted'`)).toEqual(and(and(x, y), a));
    expect(parse(`id eq 'abc' or id eq 'def' or status eq 'Accepted'`)).toEqual(or(or(x, y), a));
  });

  it('lets parentheses override precedence', () => {
    expect(parse(`(status eq 'Accepted' or status eq 'Pending') and id eq 'abc'`)).toEqual(and(or(a, p), x));
    expect(parse(`status eq 'Accepted' and id eq 'abc' or id eq 'def'`)).toEqual(or(and(a, x), y));
    expect(parse(`((((id eq 'abc'))))`)).toEqual(x);
  });

  it('accepts keywords in any letter case', () => {
    expect(parse(`status EQ 'Accepted' Or status eq 'Pending' AND id Eq 'abc'`)).toEqual(or(a, and(p, x)));
    expect(parse(`title IS NOT NULL aNd title Is Empty`)).toEqual(
      and(cmp('title', 'isNotNull'), cmp('title', 'isEmpty')),
    );
    expect(parse(`title IN ('a') OR title CONTAINS 'b' or title MATCH 'c'`)).toEqual(
      or(or(cmp('title', 'in', 'a'), cmp('title', 'contains', 'b')), cmp('title', 'match', 'c')),
    );
  });

  it('needs no whitespace around punctuation and tolerates any whitespace', () => {
    expect(parse(`(id eq'abc')or(id eq"def")`)).toEqual(or(x, y));
    expect(parse(`\t id\neq\r\n'abc'  `)).toEqual(x);
    expect(parse(`title in('a','b')`)).toEqual(cmp('title', 'in', 'a', 'b'));
  });

  it('accepts exactly the limits', () => {
    const nested = `${'('.repeat(32)}id eq 'abc'${')'.repeat(32)}`;
    expect(parse(nested)).toEqual(x);
    const hundred = Array.from({ length: 100 }, () => `id eq 'abc'`).join(' or ');
    expect(() => parse(hundred)).not.toThrow();
    const list = Array.from({ length: 200 }, (_, i) => `'v${i}'`).join(',');
    const node = parse(`title in (${list})`);
    expect(node.kind === 'cmp' && node.values.length).toBe(200);
    const longest = `title eq '${'x'.repeat(4000 - 11)}'`;
    expect(longest).toHaveLength(4000);
    expect(() => parse(longest)).not.toThrow();
  });
});

describe('parseFilter: errors point at the column', () => {
  it.each<[string, string, number]>([
    [`titel eq 'x'`, "Unknown field 'titel' at column 1; filterable fields: id, title, status, capacity, price, virtual, event.startsAt, venue.id", 1],
    [`virtual sw 'x'`, "Operator 'sw' is not allowed for field 'virtual' at column 9; allowed: eq, ne, in", 9],
    [`status is empty`, "Operator 'is empty' is not allowed for field 'status' at column 8; allowed: eq, ne, in, is null", 8],
    [`title eq 'x' or title eq 'abc`, 'Unterminated string starting at column 26', 26],
    [`title eq "abc\\"`, 'Unterminated string starting at column 10', 10],
    [`title eq`, "Expected a value after 'eq' at column 9", 9],
    [`title eq )`, "Expected a value after 'eq' at column 10", 10],
    [`title eq abc`, "Expected a value after 'eq' at column 10; put text in quotes, e.g. 'abc'", 10],
    [`title in ('a',)`, "Expected a value after ',' at column 15", 15],
    [`title in ()`, "Expected a value after 'in (' at column 11", 11],
    [`title in 'a'`, "Expected '(' after 'in' at column 10", 10],
    [`title in ('a' 'b')`, "Unexpected value 'b' at column 15; expected ',' or ')'", 15],
    [`title eq 'a' 12`, "Unexpected value 12 at column 14; expected 'and', 'or' or the end of the filter", 14],
    [`(title eq 'x'`, 'Unbalanced parenthesis at column 1', 1],
    [`title eq 'x')`, 'Unbalanced parenthesis at column 13', 13],
    [`title in ('a', 'b'`, 'Unbalanced parenthesis at column 10', 10],
    [`title eq 'x' and xyz`, "Unknown field 'xyz' at column 18; filterable fields: id, title, status, capacity, price, virtual, event.startsAt, venue.id", 18],
    [`title eq 'abc' x xyz`, "Unexpected 'x' at column 16; expected 'and', 'or' or the end of the filter", 16],
    [`(title eq 'a' xyz)`, "Unexpected 'xyz' at column 15; expected 'and', 'or' or ')'", 15],
    [`title eq 'a' and`, 'Expected a field name at column 17', 17],
    [``, 'Expected a field name at column 1', 1],
    [`   `, 'Expected a field name at column 4', 4],
    [`()`, "Unexpected ')' at column 2; expected a field name", 2],
    [`title`, "Expected an operator after 'title' at column 6; operators: eq, ne, lt, le, gt, ge, sw, ew, co, contains, match, in, is empty, is not empty, is null, is not null", 6],
    [`title equals 'x'`, "Unknown operator 'equals' at column 7; operators: eq, ne, lt, le, gt, ge, sw, ew, co, contains, match, in, is empty, is not empty, is null, is not null", 7],
    [`title is nothing`, "Expected 'empty', 'null' or 'not' after 'is' at column 10", 10],
    [`title is not 'x'`, "Expected 'empty' or 'null' after 'is not' at column 14", 14],
    [`title eq 'x' ; drop`, "Unexpected ';' at column 14", 14],
    [`title eq 'a\\n'`, "Invalid escape '\\n' at column 12; inside quotes only \\', \\\" and \\\\ are allowed", 12],
    [`title eq 'a\u0000'`, 'Invalid character U+0000 in string at column 12', 12],
    [`title match '   '`, "Expected at least one word after 'match' at column 13", 13],
    [`constructor eq 'x'`, "Unknown field 'constructor' at column 1; filterable fields: id, title, status, capacity, price, virtual, event.startsAt, venue.id", 1],
    [`capacity eq 'ten'`, "Invalid value 'ten' for field 'capacity' at column 13; expected a finite number", 13],
    [`capacity eq 1e999`, "Invalid value '1e999' for field 'capacity' at column 13; expected a finite number", 13],
    [`capacity in (1, '0x10')`, "Invalid value '0x10' for field 'capacity' at column 17; expected a finite number", 17],
    [`virtual eq 1`, "Invalid value '1' for field 'virtual' at column 12; expected a boolean (true or false)", 12],
    [`virtual eq 'yes'`, "Invalid value 'yes' for field 'virtual' at column 12; expected a boolean (true or false)", 12],
    [`event.startsAt gt '2024-02-30'`, "Invalid value '2024-02-30' for field 'event.startsAt' at column 19; expected an ISO-8601 date or date-time, e.g. 2024-05-01 or 2024-05-01T18:30:00Z", 19],
    [`event.startsAt gt 'yesterday'`, "Invalid value 'yesterday' for field 'event.startsAt' at column 19; expected an ISO-8601 date or date-time, e.g. 2024-05-01 or 2024-05-01T18:30:00Z", 19],
    [`event.startsAt gt '2024-05-01T24:00'`, "Invalid value '2024-05-01T24:00' for field 'event.startsAt' at column 19; expected an ISO-8601 date or date-time, e.g. 2024-05-01 or 2024-05-01T18:30:00Z", 19],
    [`event.startsAt gt 2024`, "Invalid value '2024' for field 'event.startsAt' at column 19; expected an ISO-8601 date or date-time, e.g. 2024-05-01 or 2024-05-01T18:30:00Z", 19],
    [`venue.id eq 'not-a-uuid'`, "Invalid value 'not-a-uuid' for field 'venue.id' at column 13; expected a UUID (8-4-4-4-12 hex digits)", 13],
    [`venue.id eq '${U1}0'`, `Invalid value '${U1}0' for field 'venue.id' at column 13; expected a UUID (8-4-4-4-12 hex digits)`, 13],
  ])('%s', (input, message, column) => {
    const error = parseError(input);
    expect(error.message).toBe(message);
    expect(error.position).toBe(column);
    expect(error.name).toBe('FilterError');
    expect(error).toBeInstanceOf(Error);
  });

  it('truncates long tokens in messages', () => {
    const error = parseError(`${'x'.repeat(100)} eq 'a'`);
    expect(error.message).toMatch(/^Unknown field 'x{40}\.\.\.' at column 1;/);
  });

  it('rejects input longer than 4000 characters', () => {
    const error = parseError(`title eq '${'x'.repeat(4000)}'`);
    expect(error.message).toBe('Filter is longer than 4000 characters at column 4001');
    expect(error.position).toBe(4001);
  });

  it('rejects nesting deeper than 32 parentheses without overflowing the stack', () => {
    const error = parseError(`${'('.repeat(33)}id eq 'a'${')'.repeat(33)}`);
    expect(error.message).toBe('Parentheses are nested deeper than 32 levels at column 33');
    expect(error.position).toBe(33);
    expect(parseError('('.repeat(4000)).position).toBe(33);
  });

  it('rejects more than 200 values in an in list', () => {
    const list = Array.from({ length: 201 }, () => `'v'`).join(',');
    const error = parseError(`title in (${list})`);
    expect(error.message).toBe(`Too many values in 'in' list at column ${10 + 200 * 4 + 1}; the maximum is 200`);
    expect(error.position).toBe(811);
  });

  it('rejects more than 100 comparisons', () => {
    const input = Array.from({ length: 101 }, () => `id eq 'a'`).join(' or ');
    const error = parseError(input);
    expect(error.message).toBe(`Too many comparisons at column ${100 * 13 + 1}; the maximum is 100`);
  });
});

describe('compileFilter: rejects ASTs that do not fit the fields', () => {
  it.each<[string, FilterNode, string]>([
    ['unknown field', cmp('nope', 'eq', 'x'), "compileFilter: unknown field 'nope'"],
    ['disallowed op', cmp('virtual', 'lt', true), "compileFilter: operator 'lt' is not allowed for field 'virtual'"],
    ['wrong value type', cmp('capacity', 'eq', 'ten'), 'compileFilter: value "ten" does not fit number field \'capacity\''],
    ['empty in', cmp('title', 'in'), "compileFilter: 'in' needs at least one value"],
    ['missing value', cmp('title', 'eq'), "compileFilter: 'eq' takes exactly one value"],
    ['extra value', cmp('title', 'isNull', 'x'), "compileFilter: 'is null' takes no value"],
    ['blank match', cmp('title', 'match', ' '), "compileFilter: 'match' needs at least one word"],
  ])('%s', (_name, node, message) => {
    expect(() => compileFilter(node, FIELDS)).toThrow(message);
    expect(() => compileFilter(node, FIELDS)).not.toThrow(FilterError);
  });
});
