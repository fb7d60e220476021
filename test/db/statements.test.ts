import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachingStatements } from '../../src/db/index.js';

// SQLite's statement cache (src/db/index.ts) hands Kysely rows built in JavaScript from better-sqlite3's raw
// arrays. Each case compares them with the row objects better-sqlite3 builds itself for the same SQL, so the
// two ways must agree key for key, value for value and in key order. SQLite only: this is the SQLite driver.
describe('SQLite statements: rows built from raw arrays', () => {
  let dir: string;
  let file: string;
  let plain: SQLite.Database;
  let cached: ReturnType<typeof cachingStatements>;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'statements-'));
    file = join(dir, 'e.db');
    plain = new SQLite(file);
    plain.pragma('journal_mode = WAL');
    plain.exec(`create table t (id integer primary key, name text, note text, amount real, data blob);
      insert into t values (1, 'a', null, 1.5, x'00ff'), (2, 'b', 'n', -2, null), (3, 'c', '', 0, x'');
      create table u (id integer primary key, t_id integer, name text);
      insert into u values (10, 1, 'u1'), (11, 2, 'u2');`);
    cached = cachingStatements(new SQLite(file));
  });
  afterAll(() => {
    cached.close();
    plain.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const both = (text: string, parameters: unknown[] = []) => ({
    expected: plain.prepare(text).all(...parameters),
    actual: cached.prepare(text).all(parameters),
  });

  it('gives the same objects as better-sqlite3, keys in the same order, for every value type', () => {
    const { expected, actual } = both('select * from t order by id');
    expect(actual).toHaveLength(3);
    expect(actual).toEqual(expected);
    for (let i = 0; i < actual.length; i++) expect(Object.keys(actual[i] as object)).toEqual(Object.keys(expected[i] as object));
    expect(Buffer.isBuffer((actual[0] as { data: unknown }).data)).toBe(true);
    expect((actual[1] as { note: unknown; amount: unknown }).note).toBe('n');
  });

  it('lets a later column of the same name win, as better-sqlite3 does', () => {
    const { expected, actual } = both('select t.name, u.name from t join u on u.t_id = t.id order by t.id');
    expect(actual).toEqual([{ name: 'u1' }, { name: 'u2' }]);
    expect(actual).toEqual(expected);
  });

  it('keeps names that are not identifiers as keys', () => {
    const { expected, actual } = both(`select 1 as "a b", 2 as "x"" + process.exit(1) + """, 3 as "constructor", 4 as "}; throw 1; //"`);
    expect(actual).toEqual(expected);
    expect(Object.keys(actual[0] as object)).toEqual(['a b', 'x" + process.exit(1) + "', 'constructor', '}; throw 1; //']);
  });

  it('treats a __proto__ column as better-sqlite3 does (a blob becomes the row\'s prototype)', () => {
    const { expected, actual } = both(`select x'00ff' as "__proto__", 2 as b`);
    expect(Object.getOwnPropertyNames(actual[0])).toEqual(Object.getOwnPropertyNames(expected[0]));
    expect(Buffer.isBuffer(Object.getPrototypeOf(expected[0]))).toBe(true);
    expect(Buffer.isBuffer(Object.getPrototypeOf(actual[0]))).toBe(true);
  });

  it('streams the same rows through iterate, and answers writes as before', () => {
    const streamed = [...cached.prepare('select id, name from t where id > ? order by id').iterate([1])];
    expect(streamed).toEqual(plain.prepare('select id, name from t where id > ? order by id').all(1));
    const returned = cached.prepare('insert into u (id, t_id, name) values (?, ?, ?) returning id, name').all([12, 3, 'u3']);
    expect(returned).toEqual([{ id: 12, name: 'u3' }]);
    const run = cached.prepare('update u set name = ? where id = ?').run(['u3b', 12]);
    expect(run.changes).toBe(1);
    expect(plain.prepare('select name from u where id = 12').pluck().get()).toBe('u3b');
  });

  it('follows a table that another connection changed: a column added after the statement was cached', () => {
    const text = 'select * from u order by id';
    expect(Object.keys(cached.prepare(text).all([])[0] as object)).toEqual(['id', 't_id', 'name']);
    plain.exec(`alter table u add column extra text default 'e'`);
    const { expected, actual } = both(text);
    expect(Object.keys(actual[0] as object)).toEqual(['id', 't_id', 'name', 'extra']);
    expect(actual).toEqual(expected);
  });
});
