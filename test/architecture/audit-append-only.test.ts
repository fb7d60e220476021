import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The audit log is append-only (issue 36): no code path updates or deletes an entry. This test reads every source
// file and fails on a statement that could: a Kysely update or delete of audit_log, raw SQL that updates or deletes
// it, or audit_log handed to a helper that rewrites a table's rows. The one exception is obfuscation's redaction in
// the audit module's repository (personal values replaced in place, DESIGN style 9); migration 0039 makes the
// database refuse the rest as well (test/api/audit-log.test.ts).

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SOURCES = ['src', 'scripts', 'bin'];
/** 'path: what' of the allowed rewrite: the redaction, and nothing else. */
const ALLOWED = ['src/modules/audit/audit.repository.ts: table: \'audit_log\''];

const PATTERNS: ReadonlyArray<readonly [string, RegExp]> = [
  ['updateTable', /\bupdateTable\(\s*['"]audit_log\b/g],
  ['deleteFrom', /\bdeleteFrom\(\s*['"]audit_log\b/g],
  ['mergeInto', /\bmergeInto\(\s*['"]audit_log\b/g],
  ['raw update', /\bupdate\s+"?audit_log\b/gi],
  ['raw delete', /\bdelete\s+from\s+"?audit_log\b/gi],
  ['truncate', /\btruncate\s+(?:table\s+)?"?audit_log\b/gi],
  ['drop', /\bdrop\s+table\s+(?:if\s+exists\s+)?"?audit_log\b/gi],
  ['sql.table', /\bsql\.table\(\s*['"]audit_log\b/g],
  ["table: 'audit_log'", /\btable:\s*['"]audit_log['"]/g],
];

/** What a source text does to audit_log that could change or delete entries. */
export function rewritesOf(source: string): string[] {
  return PATTERNS.flatMap(([what, re]) => [...source.matchAll(re)].map(() => what));
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : files(path);
    return /\.(ts|js|mjs|tsx)$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [path] : [];
  });
}

describe('the audit log is append-only in code', () => {
  it('finds no update or delete of audit_log but the redaction (the down migration drops it)', () => {
    const found = SOURCES.flatMap((dir) => files(join(ROOT, dir))).flatMap((path) => {
      const rel = relative(ROOT, path).split('\\').join('/');
      // A migration's down() drops its tables: a schema step, not a path the application takes.
      if (rel === 'src/db/migrations/0039_audit_log.ts') return [];
      return rewritesOf(readFileSync(path, 'utf8')).map((what) => `${rel}: ${what}`);
    });
    expect(found.sort()).toEqual(ALLOWED);
  });

  it('would find each kind of rewrite (the check can fail)', () => {
    const samples = [
      "db.updateTable('audit_log').set({ action: 'x' })",
      "trx.deleteFrom('audit_log').where('id', '=', id)",
      'sql`update audit_log set action = ${a}`',
      'sql`DELETE FROM audit_log WHERE id = ${id}`',
      "redactMentions(trx, { table: 'audit_log', columns: ['changes'] }, a, f, n)",
      "setTexts(trx, sql.table('audit_log'), 'changes', a, rows)",
    ];
    for (const s of samples) expect(rewritesOf(s), s).not.toEqual([]);
    expect(rewritesOf("await ex.insertInto('audit_log').values(row).execute()")).toEqual([]);
  });
});
