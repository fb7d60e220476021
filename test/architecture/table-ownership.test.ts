import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TABLE_DECLARATIONS } from '../../src/db/tables.js';

// A module reads and writes only the tables it declares (src/db/declare.ts);
// another module's data is reached through that module's index.ts. This test
// finds the tables each module names in Kysely calls and raw SQL and fails on
// any table owned by someone else.

const MODULES_DIR = fileURLToPath(new URL('../../src/modules/', import.meta.url));

/**
 * Exceptions, `module -> foreign table`. Empty: when the rule came in, 22 were
 * found, and each module now asks the owner through its index.ts instead. The
 * second test fails on an entry that is not needed, so this list cannot grow
 * stale; never add to it: expose a function from the owning module.
 */
const ALLOWLIST: readonly string[] = [];

/** The Kysely calls that name a table as their first argument: `'table'` or `'table as alias'`. */
const CALL = /\b(?:selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|innerJoinLateral|leftJoinLateral)\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/g;
/** `sql.table('name')` in raw SQL. */
const SQL_TABLE = /\bsql\.table\(\s*['"]([A-Za-z_][\w.]*)['"]/g;
/** A raw sql`...` template (its generic type argument, if any, skipped). */
const SQL_TEMPLATE = /\bsql(?:<[^`]*?>)?`([^`]*)`/g;
/** Inside a template: `from x`, `join x`, `update x`, `into x`. */
const SQL_NAMES = /\b(?:from|join|update|into)\s+"?([A-Za-z_]\w*)"?/gi;

/** Table names a source file uses, as named in the call (aliases dropped). */
function tablesNamedIn(source: string): Set<string> {
  const found = new Set<string>();
  const add = (name: string): void => {
    const table = name.trim().split(/\s+as\s+/i)[0]?.trim();
    if (table) found.add(table);
  };
  for (const m of source.matchAll(CALL)) {
    const arg = m[1] ?? '';
    // selectFrom(['a', 'b as c']) names several tables.
    for (const lit of arg.matchAll(/'([^']*)'|"([^"]*)"/g)) add(lit[1] ?? lit[2] ?? '');
  }
  for (const m of source.matchAll(SQL_TABLE)) add(m[1] ?? '');
  for (const t of source.matchAll(SQL_TEMPLATE)) for (const m of (t[1] ?? '').matchAll(SQL_NAMES)) add(m[1] ?? '');
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    // Test support (testing/, fixtures, tests) is not the module's code.
    if (e.isDirectory()) return e.name === 'testing' ? [] : sourceFiles(path);
    return e.name.endsWith('.ts') && !/\.(test|fixture)\.ts$/.test(e.name) ? [path] : [];
  });
}

/** `module -> table` for each table a module names that another module owns, with the files that name it. */
function foreignTableUses(): Map<string, string[]> {
  const owner = new Map(TABLE_DECLARATIONS.map((d) => [d.table, d.owner]));
  const uses = new Map<string, string[]>();
  for (const module of readdirSync(MODULES_DIR, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)) {
    for (const file of sourceFiles(join(MODULES_DIR, module))) {
      for (const table of tablesNamedIn(readFileSync(file, 'utf8'))) {
        const o = owner.get(table);
        // Names no module owns are CTEs, aliases or catalogue tables (sqlite_master, information_schema).
        if (o === undefined || o === module) continue;
        const key = `${module} -> ${table}`;
        uses.set(key, [...(uses.get(key) ?? []), relative(MODULES_DIR, file)]);
      }
    }
  }
  return uses;
}

describe('table ownership', () => {
  it('finds the tables named by every call form the scan knows', () => {
    const source = [
      "db.selectFrom('events').select('id')",
      "db.selectFrom('sessions as s').innerJoin('webcasts as w', 'w.session_id', 's.id')",
      "trx.insertInto(\"contacts\").values(row)",
      "trx.updateTable('attendees').set({})",
      "trx.deleteFrom( 'attendee_links' )",
      "q.leftJoin('jobs as j', 'j.id', 'x.job_id').rightJoin('users', 'users.id', 'x.user_id').fullJoin('accounts', 'a', 'b')",
      "db.selectFrom(['workspaces', 'applications as app'])",
      'sql<{ n: number }>`select count(*) as n from session_enrollments e join session_attendance a on a.id = e.id`',
      'sql`update mail_outbox set raw = ${raw}`',
      "sql`select 1 from ${sql.table('portal_sessions')}`",
      "db.with('recent', (q) => q.selectFrom('events')).selectFrom('recent')",
    ].join('\n');
    expect([...tablesNamedIn(source)].sort()).toEqual([
      'accounts', 'applications', 'attendee_links', 'attendees', 'contacts', 'events', 'jobs', 'mail_outbox', 'portal_sessions', 'recent',
      'session_attendance', 'session_enrollments', 'sessions', 'users', 'webcasts', 'workspaces',
    ]);
  });

  it('lets a module name another module\'s table only while the allowlist says so', () => {
    const uses = foreignTableUses();
    const unexpected = [...uses].filter(([key]) => !ALLOWLIST.includes(key)).map(([key, files]) => `${key} (${files.join(', ')})`);
    expect(unexpected, 'ask the owning module through its index.ts instead').toEqual([]);
  });

  it('fails when an allowlist entry is no longer needed, so the list only shrinks', () => {
    const uses = foreignTableUses();
    const stale = ALLOWLIST.filter((key) => !uses.has(key));
    expect(stale, 'remove these entries from ALLOWLIST').toEqual([]);
  });
});
