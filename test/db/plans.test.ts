import { randomBytes } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/db/ids.js';
import type { Db } from '../../src/db/index.js';
import { SEARCH_OPS, type FilterField, type FilterOp } from '../../src/lists/filter/types.js';
import { CONTACTS_LIST } from '../../src/modules/contacts/contacts.filters.js';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';

// Issue 37: a filter a list promises to answer from an index never visits every row of the account. The test fills
// two accounts with a few thousand contacts of varied values, gathers the planner's statistics, then for every
// filterable field and operator the list promises (FilterField.indexed: eq and in; FilterField.search: sw, ew and
// contains) sends the list request through the API, records the queries it ran (page and count), and EXPLAINs them
// on the database under test: SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN (FORMAT JSON). Plans are deterministic
// for given statistics: this is a test of the plan, not of a timing.

// PostgreSQL's planner rightly prefers a sequential scan of a few thousand rows to a GIN index: it needs more rows.
const ROWS = process.env['DATABASE_URL'] ? 15_000 : 3000;

interface Recorded { readonly sql: string; readonly parameters: readonly unknown[] }

let t: TestApp;
let db: Db;
let api: Api;
let recording: Recorded[] | undefined;
const sample: Array<{ first_name: string; last_name: string; email: string }> = [];

const word = (n: number) => randomBytes(n).toString('base64url').replace(/[-_0-9]/g, 'x').slice(0, n);

async function seed(accountId: string): Promise<void> {
  for (let i = 0; i < ROWS; i += 500) {
    const rows = [];
    for (let j = i; j < Math.min(ROWS, i + 500); j++) {
      const now = new Date(Date.UTC(2026, 0, 1) + j * 1000).toISOString();
      const row = { first_name: `${word(6)}`, last_name: `${word(9)}`, email: `${word(7)}.${word(5)}@${word(6)}.example` };
      if (sample.length < 5) sample.push(row);
      rows.push({ id: newId(), account_id: accountId, ...row, company: `Company ${j % 40}`, created: now, last_modified: now, created_by: 'plans', last_modified_by: 'plans' });
    }
    await db.insertInto('contacts').values(rows).execute();
  }
}

/** What a plan says of the contacts table that visits every row of the account (or of the table). */
async function fullVisits(q: Recorded): Promise<string[]> {
  if (t.db.handle.dialect === 'sqlite') {
    const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]));
    return rows.map((r) => r.detail).filter((d) =>
      /^SCAN contacts\b(?! VIRTUAL)/.test(d) || /^SCAN contacts_search VIRTUAL TABLE INDEX \d+:$/.test(d) ||
      /^SEARCH contacts USING (COVERING )?INDEX \w+ \(account_id=\?\)$/.test(d));
  }
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (format json) ${q.sql}`, [...q.parameters]));
  const found: string[] = [];
  const walk = (node: Record<string, unknown>): void => {
    const type = String(node['Node Type']);
    const cond = String(node['Index Cond'] ?? '');
    if (node['Relation Name'] === 'contacts' && type === 'Seq Scan') found.push(`Seq Scan on contacts (${String(node['Filter'] ?? '')})`);
    if (/Index/.test(type) && String(node['Index Name'] ?? '').startsWith('contacts') && /^\(account_id = [^)]*\)$/.test(cond)) found.push(`${type} on ${String(node['Index Name'])} by the account alone`);
    for (const child of (node['Plans'] as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
  };
  for (const r of rows) {
    const plan = r['QUERY PLAN'];
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: Record<string, unknown> }>;
    for (const p of parsed) walk(p.Plan);
  }
  return found;
}

/** The list request's own queries: those that read the contacts (not the token's or the rate limit's). */
async function listQueries(filter: string): Promise<{ ids: string[]; queries: Recorded[] }> {
  recording = [];
  const res = await api('GET', `/ea/contacts?limit=50&filter=${encodeURIComponent(filter)}`);
  const queries = recording.filter((q) => /from "contacts"/.test(q.sql));
  recording = undefined;
  expect(res.statusCode, res.body).toBe(200);
  return { ids: (res.json() as { data: Array<{ id: string }> }).data.map((c) => c.id), queries };
}

const COLUMNS: Record<string, 'first_name' | 'last_name' | 'email'> = { firstName: 'first_name', lastName: 'last_name', email: 'email' };

/** A value of the sampled contact for the operator: the whole value, or a part of it of five characters. */
function valueFor(op: FilterOp, whole: string): string {
  if (op === 'sw') return whole.slice(0, 5);
  if (op === 'ew') return whole.slice(-5);
  if (op === 'co' || op === 'contains') return whole.slice(1, 6);
  return whole;
}

function promised(field: FilterField): FilterOp[] {
  return field.ops.filter((op) => (field.indexed === true && (op === 'eq' || op === 'in')) || (field.search !== undefined && SEARCH_OPS.has(op)));
}

beforeAll(async () => {
  t = await startTestApp({ dbOptions: { onQuery: (text, parameters) => recording?.push({ sql: text, parameters }) } });
  db = t.db.handle.db;
  const tenant = await createTenant(t.services);
  const other = await createTenant(t.services);
  await seed(tenant.accountId); // the sampled contacts are the tenant's
  await seed(other.accountId);
  await sql`analyze`.execute(db);
  api = apiClient(t.app, await tokenFor(t.app, tenant));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the contacts list answers every promised filter from an index', () => {
  const cases = Object.entries(CONTACTS_LIST.filters).flatMap(([name, field]) => promised(field).map((op) => ({ name, op })));

  it('promises indexes for the privacy workflow\'s lookups', () => {
    expect(cases).toEqual(expect.arrayContaining([{ name: 'email', op: 'eq' }, { name: 'lastName', op: 'eq' }, { name: 'lastName', op: 'sw' }, { name: 'firstName', op: 'contains' }]));
  });

  it.each(cases)('$name $op', async ({ name, op }) => {
    const column = COLUMNS[name];
    expect(column, `the test knows the column of ${name}`).toBeDefined();
    const target = sample[2]!;
    const value = valueFor(op, target[column!]);
    const filter = op === 'in' ? `${name} in ('${value}', 'nobody-${word(4)}')` : `${name} ${op} '${value}'`;
    const { ids, queries } = await listQueries(filter);
    expect(ids.length, `${filter} finds the sampled contact`).toBeGreaterThan(0);
    expect(queries.length, 'the page and its count were recorded').toBeGreaterThanOrEqual(2);
    for (const q of queries) expect(await fullVisits(q), q.sql).toEqual([]);
  });

  it('finds a full visit when the index is not there (the check can fail)', async () => {
    // Every index on the email, whatever its kind: the plan must then visit the account's rows.
    const names = t.db.handle.dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'contacts' and sql like '%email%'`.execute(db)
      : await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'contacts' and schemaname = current_schema() and indexdef like '%email%'`.execute(db);
    expect(names.rows.length).toBeGreaterThanOrEqual(2);
    for (const { name } of names.rows) await sql`drop index ${sql.ref(name)}`.execute(db);
    const { queries } = await listQueries(`email eq '${sample[0]!.email}'`);
    const visits = (await Promise.all(queries.map(fullVisits))).flat();
    expect(visits.length).toBeGreaterThan(0);
  });
});
