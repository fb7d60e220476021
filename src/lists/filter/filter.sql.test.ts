import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FIELDS, ROWS, U1, U2, U3, createTable, type TestDb } from './filter.fixture.js';
import { compileFilter, parseFilter } from './index.js';
import { serviceRequired } from '../../../test/helpers/services.js';

const CASES: ReadonlyArray<[string, string[]]> = [
  [`title eq 'Annual Gala'`, ['a1']],
  [`title eq 'annual gala'`, []],
  [`title ne 'Annual Gala'`, ['a2', 'a3', 'a4', 'a6']],
  [`title lt 'B'`, ['a1', 'a2', 'a4']],
  [`title le 'Annual Gala'`, ['a1', 'a2', 'a4']],
  [`title gt 'B'`, ['a3', 'a6']],
  [`title ge 'Board meeting 50 percent'`, ['a3', 'a6']],
  [`title sw 'annual'`, ['a1']],
  [`title ew 'PERCENT'`, ['a6']],
  [`title co 'GALA'`, ['a1']],
  [`title contains 'gal'`, ['a1']],
  [`title co '50'`, ['a2', 'a6']],
  [`title co '50%'`, ['a2']],
  [`title co '%'`, ['a2']],
  [`title co '_'`, ['a2']],
  [`title sw '_0'`, []],
  [`title co '\\\\'`, ['a3']],
  [`title ew 'C:\\\\TEMP'`, ['a3']],
  [`title co '"hi"'`, ['a3']],
  [`title co "O'Brien"`, ['a3']],
  [`title eq 'O\\'Brien says "hi" at C:\\\\temp'`, ['a3']],
  [`title match 'gala annual'`, ['a1']],
  [`title match '  PERCENT   meeting 50 '`, ['a6']],
  [`title match 'gala percent'`, []],
  [`title match 'f_s'`, ['a2']],
  [`title is empty`, ['a4', 'a5']],
  [`title is not empty`, ['a1', 'a2', 'a3', 'a6']],
  [`title is null`, ['a5']],
  [`title is not null`, ['a1', 'a2', 'a3', 'a4', 'a6']],
  [`title in ('Annual Gala', '')`, ['a1', 'a4']],
  [`status eq 'accepted'`, ['a1', 'a4']],
  [`status ne 'ACCEPTED'`, ['a2', 'a3', 'a6']],
  [`status in ('PENDING', 'cancelled')`, ['a2', 'a3', 'a6']],
  [`status is null`, ['a5']],
  [`capacity eq 20`, ['a2', 'a6']],
  [`capacity eq '20'`, ['a2', 'a6']],
  [`capacity ne 20`, ['a1', 'a4', 'a5']],
  [`capacity lt 20`, ['a4']],
  [`capacity le 20`, ['a2', 'a4', 'a6']],
  [`capacity gt 99.5`, ['a1', 'a5']],
  [`capacity lt 3000000000`, ['a1', 'a2', 'a4', 'a5', 'a6']],
  [`capacity in (20, 20.5)`, ['a2', 'a6']],
  [`capacity ge 100`, ['a1', 'a5']],
  [`capacity in (5, 250)`, ['a4', 'a5']],
  [`capacity sw '2'`, ['a2', 'a5', 'a6']],
  [`capacity is null`, ['a3']],
  [`capacity is not null`, ['a1', 'a2', 'a4', 'a5', 'a6']],
  [`price lt 0`, ['a2']],
  [`price eq -3.5`, ['a2']],
  [`price ge 12.5`, ['a1', 'a4', 'a6']],
  [`price in (0, 99.99)`, ['a3', 'a4']],
  [`virtual eq true`, ['a2', 'a3', 'a6']],
  [`virtual eq 'FALSE'`, ['a1', 'a4', 'a5']],
  [`virtual ne true`, ['a1', 'a4', 'a5']],
  [`virtual in (true, false)`, ['a1', 'a2', 'a3', 'a4', 'a5', 'a6']],
  [`event.startsAt eq '2024-05-01T18:00:00Z'`, ['a1']],
  [`event.startsAt ne '2024-05-01T18:00:00Z'`, ['a2', 'a4', 'a5', 'a6']],
  [`event.startsAt gt '2024-05-01T20:00:00+02:00'`, ['a2', 'a5', 'a6']],
  [`event.startsAt ge '2024-05-01'`, ['a1', 'a2', 'a5', 'a6']],
  [`event.startsAt lt '2024-01-01'`, ['a4']],
  [`event.startsAt le '2024-05-01T18:00:00.000Z'`, ['a1', 'a4']],
  [`event.startsAt in ('2025-01-01', '2023-12-31T23:59:59.999Z')`, ['a4', 'a5']],
  [`event.startsAt sw '2024-05'`, ['a1', 'a6']],
  [`event.startsAt is null`, ['a3']],
  [`event.startsAt is empty`, ['a3']],
  [`event.startsAt is not null`, ['a1', 'a2', 'a4', 'a5', 'a6']],
  [`venue.id eq '${U1.toUpperCase()}'`, ['a1', 'a4']],
  [`venue.id ne '${U1}'`, ['a2', 'a5', 'a6']],
  [`venue.id in ('${U2}', '${U3}')`, ['a2', 'a5', 'a6']],
  [`venue.id is null`, ['a3']],
  [`venue.id is not empty`, ['a1', 'a2', 'a4', 'a5', 'a6']],
  [`id in ('a1', 'a3', 'zz')`, ['a1', 'a3']],
  [`status eq 'accepted' or virtual eq true and capacity eq 20`, ['a1', 'a2', 'a4', 'a6']],
  [`(status eq 'accepted' or virtual eq true) and capacity eq 20`, ['a2', 'a6']],
  [`id eq 'a1' or id eq 'a2' and id eq 'a3'`, ['a1']],
  [`id eq 'a1' or id eq 'a2' or id eq 'a3' or id eq 'a4'`, ['a1', 'a2', 'a3', 'a4']],
  [`title eq '\\'; drop table t; --'`, []],
  [`title eq "' or 1=1 --"`, []],
];

async function select(db: Kysely<TestDb>, filter: string): Promise<string[]> {
  const rows = await db
    .selectFrom('t')
    .select('id')
    .where(compileFilter(parseFilter(filter, FIELDS), FIELDS))
    .execute();
  return rows.map((r) => r.id).sort();
}

function defineExecutionSuite(getDb: () => Kysely<TestDb>): void {
  it.each(CASES)('%s', async (filter, expected) => {
    expect(await select(getDb(), filter)).toEqual(expected);
  });

  it('leaves the table intact after hostile values', async () => {
    expect(await getDb().selectFrom('t').select('id').execute()).toHaveLength(ROWS.length);
  });
}

describe('compiled SQL shape', () => {
  const db = new Kysely<TestDb>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
  afterAll(() => db.destroy());
  const compile = (filter: string) =>
    db.selectFrom('t').selectAll().where(compileFilter(parseFilter(filter, FIELDS), FIELDS)).compile();

  it.each<[string, string, unknown[]]>([
    [`title co '5_%\\\\'`, `lower("t"."title") like lower(cast(? as text)) escape '\\'`, ['%5\\_\\%\\\\%']],
    [`title sw 'a'`, `lower("t"."title") like lower(cast(? as text)) escape '\\'`, ['a%']],
    [`title ew 'a'`, `lower("t"."title") like lower(cast(? as text)) escape '\\'`, ['%a']],
    [`title match 'a b'`, `(lower("t"."title") like lower(cast(? as text)) escape '\\' and lower("t"."title") like lower(cast(? as text)) escape '\\')`, ['%a%', '%b%']],
    [`capacity sw 1`, `lower(cast("t"."capacity" as text)) like lower(cast(? as text)) escape '\\'`, ['1%']],
    [`status eq 'A'`, `lower("t"."status") = lower(cast(? as text))`, ['A']],
    [`status in ('A', 'B')`, `lower("t"."status") in (lower(cast(? as text)), lower(cast(? as text)))`, ['A', 'B']],
    [`title is empty`, `("t"."title" is null or "t"."title" = '')`, []],
    [`title is not empty`, `("t"."title" is not null and "t"."title" <> '')`, []],
    [`virtual eq true`, `"t"."virtual" = ?`, [1]],
    [`virtual ne false`, `"t"."virtual" <> ?`, [0]],
    [`capacity le 3`, `"t"."capacity" <= ?`, [3]],
    [`price gt 2.5`, `"t"."price" > cast(? as numeric)`, [2.5]],
    [`capacity in (1, 3000000000)`, `"t"."capacity" in (?, cast(? as numeric))`, [1, 3000000000]],
    [`id eq 'a' and id eq 'b' and (id eq 'c' or id eq 'd')`, `("t"."id" = ? and "t"."id" = ? and ("t"."id" = ? or "t"."id" = ?))`, ['a', 'b', 'c', 'd']],
  ])('%s', (filter, where, parameters) => {
    const compiled = compile(filter);
    expect(compiled.sql).toBe(`select * from "t" where ${where}`);
    expect(compiled.parameters).toEqual(parameters);
  });
});

describe('execution on SQLite', () => {
  let db: Kysely<TestDb>;
  beforeAll(async () => {
    db = new Kysely<TestDb>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    await createTable(db);
  });
  afterAll(() => db.destroy());
  defineExecutionSuite(() => db);
});

const databaseUrl = process.env.DATABASE_URL;

if (!databaseUrl && serviceRequired('postgres')) {
  describe('execution on PostgreSQL', () => {
    it('has DATABASE_URL (required by CI_REQUIRE_SERVICES)', () => {
      expect.fail('DATABASE_URL is not set, but CI_REQUIRE_SERVICES requires the PostgreSQL suite to run');
    });
  });
} else {
  describe.skipIf(!databaseUrl)('execution on PostgreSQL', () => {
    // Dropped with the run's other schemas by test/helpers/global-setup.ts.
    const schema = `filter_test_${inject('testRun')}_${randomBytes(6).toString('hex')}`;
    let root: Kysely<TestDb>;
    let db: Kysely<TestDb>;
    beforeAll(async () => {
      root = new Kysely<TestDb>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 2 }) }),
      });
      await root.schema.createSchema(schema).execute();
      db = root.withSchema(schema);
      await createTable(db);
    });
    afterAll(async () => {
      if (root !== undefined) await root.destroy();
    });
    defineExecutionSuite(() => db);
  });
}
