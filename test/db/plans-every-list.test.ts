import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCatalogueOperation } from '../../src/contract/catalogue.js';
import { LIST_OPERATIONS } from '../../src/http/operations.js';
import { filterCondition, type FilterField, type FilterFields } from '../../src/lists/index.js';
import { createTenant, startTestApp, type TestApp } from '../helpers/app.js';

// Issue 37, for every list of the API: a field a list marks `indexed` (its /docs description promises "answered from
// an index at any size" for eq and in) has an index that answers the filter together with the account. The lists of
// contacts, attendees and communication messages are checked end to end, through the API on thousands of rows with
// statistics, by test/db/plans.test.ts; this test walks every other list the app registers (LIST_OPERATIONS, filled
// as routes are declared: a new list is checked without being named here) and EXPLAINs its filter as the page query
// puts it: the account, the filter's own SQL (compiled by the list's filter compiler, case folding included), the id
// order and the page's LIMIT, over a few thousand rows of one account with statistics gathered (fill()). A plan in
// which no index condition names the filtered column fails: it reads the account's rows (or the table).

/** Tables whose lists plans.test.ts checks end to end (through the API, with statistics). */
const END_TO_END = new Set(['contacts', 'c', 'attendees', 'a', 'communication_messages', 'contacts_search']);

let t: TestApp;
let accountId: string;

const ROWS = 5000;

/**
 * The parents a list's path names (`/events/{id}/event-travel/air-requests` lists one event's): its query compares
 * their columns too (`event_id`), so the page query here does. A parent is `<resource>/{param}` before the list's last
 * segment, its column the singular resource and `_id` (events → event_id, housing-events → housing_event_id), when
 * the table has that column.
 */
const scopeColumns = new Map<string, Map<string, string[]>>();

function parentColumns(operationId: string): string[] {
  const op = findCatalogueOperation(operationId);
  if (!op) return [];
  const segments = op.path.split('/').filter((x) => x !== '');
  const out: string[] = [];
  for (let i = 0; i + 1 < segments.length - 1; i++) {
    if (!/^\{.+\}$/.test(segments[i + 1]!) || /^\{.+\}$/.test(segments[i]!)) continue;
    out.push(`${segments[i]!.replace(/-/g, '_').replace(/ies$/, 'y').replace(/s$/, '')}_id`);
  }
  return out;
}

beforeAll(async () => {
  t = await startTestApp();
  accountId = (await createTenant(t.services)).accountId;
  for (const table of new Set(cases().map((c) => c.table))) {
    const columns = new Set((await columnsOf(table)).map((col) => col.name));
    const byOperation = new Map<string, string[]>();
    for (const c of cases().filter((x) => x.table === table)) byOperation.set(c.operationId, parentColumns(c.operationId).filter((col) => columns.has(col)));
    scopeColumns.set(table, byOperation);
    await fill(table);
  }
  await sql`analyze`.execute(t.db.handle.db);
}, 120_000);

interface ColumnInfo { readonly name: string; readonly type: string; readonly notNull: boolean; readonly hasDefault: boolean }

async function columnsOf(table: string): Promise<ColumnInfo[]> {
  const db = t.db.handle.db;
  if (t.db.handle.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string; type: string; notnull: number; dflt_value: unknown }>`select name, type, "notnull", dflt_value from pragma_table_info(${table})`.execute(db);
    return rows.map((r) => ({ name: r.name, type: r.type.toLowerCase(), notNull: r.notnull === 1, hasDefault: r.dflt_value !== null }));
  }
  const { rows } = await sql<{ column_name: string; data_type: string; is_nullable: string; column_default: unknown }>`select column_name, data_type, is_nullable, column_default from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db);
  return rows.map((r) => ({ name: r.column_name, type: r.data_type.toLowerCase(), notNull: r.is_nullable === 'NO', hasDefault: r.column_default !== null }));
}

/**
 * ROWS rows of the tenant's in a checked table, so that ANALYZE gives the planner an account whose rows are many and a
 * filtered column whose values are selective: each value of a column a list filters on is held by ten rows (a UUID
 * made of the row's number). Columns nothing filters on get a value per row (text), 0 (numbers) or
 * NULL. References are not followed (the rows are the planner's material, never read by the app): SQLite's foreign
 * key checks are off for the fill, PostgreSQL's triggers (which enforce them) are off for its transaction.
 */
async function fill(table: string): Promise<void> {
  const db = t.db.handle.db;
  const sqlite = t.db.handle.dialect === 'sqlite';
  const filtered = new Set([...LIST_OPERATIONS.values()].flatMap((fields) => Object.values(fields)).map((f) => f.column)
    .filter((c) => c.startsWith(`${table}.`)).map((c) => c.slice(table.length + 1)));
  const filteredOrder = [...filtered];
  const scoped = new Set([...(scopeColumns.get(table)?.values() ?? [])].flat());
  const hex = (n: string, width: number) => (sqlite ? `printf('%0${width}x', ${n})` : `lpad(to_hex(${n}), ${width}, '0')`);
  const uuid = (n: string) => `${hex(n, 8)} || '-0000-7000-8000-' || ${hex(n, 12)}`;
  const expr = (c: ColumnInfo): string | undefined => {
    if (c.name === 'id') return uuid('i');
    if (c.name === 'account_id') return `'${accountId}'`;
    // Every row under the one parent the page query names: the parent narrows nothing, the filter must.
    if (scoped.has(c.name) && !filtered.has(c.name)) return `'${VALUES.uuid[0]}'`;
    // Ten rows a value in each filtered column, and no two rows with the same values in two of them (unique pairs).
    const k = filteredOrder.indexOf(c.name);
    const numeric = /int|double|real|numeric/.test(c.type);
    if (k >= 0) {
      const n = k === 0 ? `i % ${ROWS / 10}` : `i / 10 + ${k * ROWS}`;
      return numeric ? n : uuid(n);
    }
    if (!c.notNull || c.hasDefault) return undefined;
    return numeric ? '0' : sqlite ? `'v' || i` : `'v' || i::text`;
  };
  const cols = (await columnsOf(table)).map((c) => ({ c, e: expr(c) })).filter((x) => x.e !== undefined);
  const names = cols.map((x) => `"${x.c.name}"`).join(', ');
  const values = cols.map((x) => x.e).join(', ');
  const insert = sqlite
    ? `insert into "${table}" (${names}) with recursive s(i) as (select 1 union all select i + 1 from s where i < ${ROWS}) select ${values} from s`
    : `insert into "${table}" (${names}) select ${values} from generate_series(1, ${ROWS}) as s(i)`;
  if (sqlite) {
    await sql`pragma foreign_keys = off`.execute(db);
    try {
      await sql.raw(insert).execute(db);
    } finally {
      await sql`pragma foreign_keys = on`.execute(db);
    }
  } else {
    await db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql.raw(insert).execute(trx);
    });
  }
}

afterAll(async () => {
  await t?.close();
});

interface Case { readonly operationId: string; readonly field: string; readonly op: 'eq' | 'in'; readonly table: string }

function cases(): Case[] {
  const out: Case[] = [];
  const seen = new Set<string>();
  for (const [operationId, fields] of LIST_OPERATIONS) {
    for (const [name, field] of Object.entries(fields)) {
      if (field.indexed !== true) continue;
      const table = field.column.split('.')[0]!;
      if (END_TO_END.has(table)) continue;
      for (const op of (['eq', 'in'] as const).filter((o) => field.ops.includes(o))) {
        const key = `${table}|${field.column}|${op}|${field.caseInsensitive === true}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ operationId, field: name, op, table });
      }
    }
  }
  return out;
}

/** Two values of each type, for eq (the first) and in (both). */
const VALUES: Record<FilterField['type'], readonly [string, string]> = {
  uuid: ['00000000-0000-7000-8000-000000000001', '00000000-0000-7000-8000-000000000002'], string: ['a value', 'another'],
  boolean: ['true', 'false'], datetime: ['2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'], number: ['1', '2'],
};

/** The page query of a list filtered on one field: the account, the filter's own SQL, the id order and the page's LIMIT. */
function pageQuery(c: Case, fields: FilterFields): CompiledQuery {
  const field = fields[c.field]!;
  const [a, b] = VALUES[field.type];
  const filter = c.op === 'in' ? `${c.field} in ('${a}', '${b}')` : `${c.field} eq '${a}'`;
  let query = t.db.handle.db.selectFrom(sql.table(c.table).as(c.table)).select(sql.ref(`${c.table}.id`).as('id'))
    .where(sql.ref(`${c.table}.account_id`), '=', accountId).where(filterCondition(filter, fields));
  for (const column of scopeColumns.get(c.table)?.get(c.operationId) ?? []) query = query.where(sql.ref(`${c.table}.${column}`), '=', VALUES.uuid[0]);
  return query.orderBy(sql.ref(`${c.table}.id`)).limit(51).compile();
}

/** How the plan reads the table: '' when an index answers the filtered column, what it does otherwise. */
async function unansweredBy(c: Case, fields: FilterFields): Promise<string> {
  const column = fields[c.field]!.column.split('.')[1]!;
  const q = pageQuery(c, fields);
  const db = t.db.handle.db;
  if (t.db.handle.dialect === 'sqlite') {
    const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]));
    const details = rows.map((r) => r.detail).filter((d) => d.startsWith(`SEARCH ${c.table} `) || d.startsWith(`SCAN ${c.table}`));
    // `column=?` for a column, `<expr>=?` for an index on lower(column) (a case-folding field).
    const answered = details.some((d) => d.startsWith(`SEARCH ${c.table} USING `) && (d.includes(`${column}=?`) || d.includes('<expr>=?')));
    return answered ? '' : details.join('; ');
  }
  {
    const { rows } = await db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (format json) ${q.sql}`, [...q.parameters]));
    const seen: string[] = [];
    let answered = false;
    const walk = (node: Record<string, unknown>): void => {
      const cond = String(node['Index Cond'] ?? '');
      seen.push(`${String(node['Node Type'])}${node['Index Name'] ? ` on ${String(node['Index Name'])}` : ''}${cond ? ` (${cond})` : ''}`);
      if (/Index/.test(String(node['Node Type'])) && new RegExp(`\\b${column}\\b`).test(cond)) answered = true;
      for (const child of (node['Plans'] as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
    };
    for (const r of rows) {
      const plan = r['QUERY PLAN'];
      for (const p of (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: Record<string, unknown> }>) walk(p.Plan);
    }
    return answered ? '' : seen.join('; ');
  }
}

describe('every list answers the filters it marks indexed from an index', () => {
  it('finds the lists to check (the registry is filled when the app declares its routes)', () => {
    expect(LIST_OPERATIONS.size).toBeGreaterThanOrEqual(43);
    expect(cases().length).toBeGreaterThanOrEqual(20);
  });

  it('checks every indexed field of every list beyond the end-to-end ones', async () => {
    const failures: string[] = [];
    for (const c of cases()) {
      const plan = await unansweredBy(c, LIST_OPERATIONS.get(c.operationId)!);
      if (plan !== '') failures.push(`${c.operationId}: ${c.field} ${c.op} (${c.table}): ${plan}`);
    }
    expect(failures).toEqual([]);
  });

  it('fails a list whose index is dropped (the check can fail)', async () => {
    const c = cases().find((x) => x.table === 'budget_items' && x.field === 'event.id' && x.op === 'eq');
    expect(c, 'the budget items list marks event.id indexed').toBeDefined();
    const db = t.db.handle.db;
    const names = t.db.handle.dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'budget_items' and sql like '%event_id%'`.execute(db)
      : await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'budget_items' and schemaname = current_schema() and indexdef like '%event_id%'`.execute(db);
    expect(names.rows.length).toBeGreaterThanOrEqual(1);
    for (const { name } of names.rows) await sql`drop index ${sql.ref(name)}`.execute(db);
    expect(await unansweredBy(c!, LIST_OPERATIONS.get(c!.operationId)!)).not.toBe('');
  });
});
