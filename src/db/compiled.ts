import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './types.js';

type Executor = Kysely<Database>;

/** The adapter of the executor's dialect: its SQL text (placeholders, quoting) is the same for every query of that dialect. */
function dialectOf(ex: Executor): unknown {
  // `getExecutor` is marked internal in Kysely's types but has been public API in every release since 0.2x.
  return (ex as unknown as { getExecutor(): { adapter: object } }).getExecutor().adapter.constructor;
}

/**
 * Runs a compiled read on SQLite's one connection at once, without Kysely's executor (its connection
 * mutex, driver and result plumbing cost about 20 µs of a 170 µs `GET /ea/events/{id}` under load:
 * bench/README.md). Undefined when it cannot: the connection is inside a transaction, whose uncommitted
 * rows another request must not see; Kysely's path then waits for the transaction as before.
 */
export type DirectRead = (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;

const directReads = new WeakMap<object, DirectRead>();

/** Registers the direct read of a SQLite database handle (src/db/index.ts). Transactions are other objects: they never read directly. */
export function registerDirectRead(db: Executor, read: DirectRead): void {
  directReads.set(db, read);
}

/**
 * A query of the hot path that Kysely builds and compiles once per dialect: later calls
 * run the same SQL text with new parameters, skipping the query builder and the compiler
 * (on SQLite the statement itself is prepared once by the connection's statement cache, and outside a
 * transaction it runs directly: DirectRead).
 * `build` must use each of `params` exactly once, in order, as the compiled query's
 * parameters (checked on the first call), and nothing else that varies between calls.
 */
export function compiledOnce<P extends readonly unknown[], R>(build: (ex: Executor, ...params: P) => Compilable<R>): (ex: Executor, ...params: P) => Promise<R[]> {
  const texts = new Map<unknown, string>();
  return async (ex, ...params) => {
    const dialect = dialectOf(ex);
    const text = texts.get(dialect);
    if (text !== undefined) {
      const direct = directReads.get(ex)?.(text, params);
      if (direct !== undefined) return direct as R[];
      return (await ex.executeQuery<R>(CompiledQuery.raw(text, [...params]))).rows;
    }
    const compiled = build(ex, ...params).compile();
    if (compiled.parameters.length !== params.length || compiled.parameters.some((p, i) => p !== params[i])) {
      throw new Error(`compiledOnce: the query's parameters must be exactly the call's, in order (${compiled.sql})`);
    }
    texts.set(dialect, compiled.sql);
    return (await ex.executeQuery(compiled)).rows;
  };
}

/**
 * A one-row insert of the hot path (a contact of a bulk load, its history entry), built and compiled once per
 * dialect: later calls run the same SQL text with the row's values, skipping the query builder and the compiler
 * (about a fifth of a contact's server CPU through the API: bench/README.md, P7w). The first row fixes the columns;
 * every later row must have exactly those keys (checked on each call: a row with another shape is a programming
 * error, never a silently dropped column).
 */
export function compiledInsert<T extends keyof Database & string>(table: T): (ex: Executor, row: Readonly<Record<string, unknown>>) => Promise<void> {
  const texts = new Map<unknown, string>();
  let columns: readonly string[] | undefined;
  return async (ex, row) => {
    const keys = Object.keys(row);
    if (columns === undefined) columns = keys;
    else if (keys.length !== columns.length || columns.some((c, i) => keys[i] !== c)) {
      throw new Error(`compiledInsert(${table}): the row's columns (${keys.join(', ')}) are not the first row's (${columns.join(', ')})`);
    }
    const values = columns.map((c) => row[c] ?? null);
    const dialect = dialectOf(ex);
    const text = texts.get(dialect);
    if (text !== undefined) {
      await ex.executeQuery(CompiledQuery.raw(text, values));
      return;
    }
    const compiled = ex.insertInto(table).values(Object.fromEntries(columns.map((c, i) => [c, values[i]])) as never).compile();
    if (compiled.parameters.length !== values.length || compiled.parameters.some((p, i) => p !== values[i])) {
      throw new Error(`compiledInsert(${table}): the compiled parameters are not the row's values in column order (${compiled.sql})`);
    }
    texts.set(dialect, compiled.sql);
    await ex.executeQuery(compiled);
  };
}
