import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableDeclaration } from '../../src/db/declare.js';
import { undeclaredColumns, tablesWithSeveralOwners } from '../../src/db/schema-check.js';
import { TABLE_DECLARATIONS } from '../../src/db/tables.js';
import { createTestDb, type TestDatabase } from '../helpers/db.js';

// DESIGN rule 13: every text column of the migrated schema is declared by the
// module that owns its table, with what it holds (src/db/declare.ts). Runs on
// SQLite, and on PostgreSQL when DATABASE_URL is set.

describe('table declarations', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('cover every table and text column of the migrated schema, and nothing else', async () => {
    const mismatch = await undeclaredColumns(t.handle.db, t.handle.dialect, TABLE_DECLARATIONS);
    expect(mismatch).toEqual({ undeclared: [], unowned: [], missing: [] });
  });

  it('give each table exactly one owner, a folder that exists', () => {
    expect(tablesWithSeveralOwners(TABLE_DECLARATIONS)).toEqual([]);
    const owners = new Set(TABLE_DECLARATIONS.map((d) => d.owner));
    for (const owner of owners) {
      const folder = new URL(owner === 'jobs' || owner === 'lists' ? `../../src/${owner}` : `../../src/modules/${owner}`, import.meta.url);
      expect(existsSync(folder), `owner '${owner}' has no folder ${folder.pathname}`).toBe(true);
    }
  });

  it('reports a text column a later migration adds without declaring it', async () => {
    const fixture = await createTestDb();
    try {
      // What a migration that forgot its declaration would do.
      await sql`alter table events add column secret_note text`.execute(fixture.handle.db);
      await sql`alter table events add column secret_count integer`.execute(fixture.handle.db);
      const mismatch = await undeclaredColumns(fixture.handle.db, fixture.handle.dialect, TABLE_DECLARATIONS);
      expect(mismatch).toEqual({ undeclared: ['events.secret_note'], unowned: [], missing: [] });
    } finally {
      await fixture.cleanup();
    }
  });

  it('reports a declared column or table the schema does not have, and a table nobody declared', async () => {
    const extra: TableDeclaration[] = [
      { table: 'events', owner: 'events', columns: { retired_column: 'none' } },
      { table: 'no_such_table', owner: 'events', columns: { id: 'none' } },
    ];
    const withoutUsage = TABLE_DECLARATIONS.filter((d) => d.table !== 'api_usage');
    const mismatch = await undeclaredColumns(t.handle.db, t.handle.dialect, [...withoutUsage, ...extra]);
    expect(mismatch).toEqual({
      undeclared: ['api_usage.account_id', 'api_usage.day'],
      unowned: ['api_usage'],
      missing: ['events.retired_column', 'no_such_table'],
    });
    expect(tablesWithSeveralOwners([...TABLE_DECLARATIONS, ...extra.slice(0, 1), { table: 'api_usage', owner: 'accounts', columns: {} }]))
      .toEqual(['api_usage: usage, accounts', 'events: events, events']);
  });
});
