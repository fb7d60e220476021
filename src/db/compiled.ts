import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './types.js';

type Executor = Kysely<Database>;

/** The adapter of the executor's dialect: its SQL text (placeholders, quoting) is the same for every query of that dialect. */
function dialectOf(ex: Executor): unknown {
  // `getExecutor` is marked internal in Kysely's types but has been public API in every release since 0.2x.
  return (ex as unknown as { getExecutor(): { adapter: object } }).getExecutor().adapter.constructor;
}

/**
 * A query of the hot path that Kysely builds and compiles once per dialect: later calls
 * run the same SQL text with new parameters, skipping the query builder and the compiler
 * (on SQLite the statement itself is prepared once by the connection's statement cache).
 * `build` must use each of `params` exactly once, in order, as the compiled query's
 * parameters (checked on the first call), and nothing else that varies between calls.
 */
export function compiledOnce<P extends readonly unknown[], R>(build: (ex: Executor, ...params: P) => Compilable<R>): (ex: Executor, ...params: P) => Promise<R[]> {
  const texts = new Map<unknown, string>();
  return async (ex, ...params) => {
    const dialect = dialectOf(ex);
    const text = texts.get(dialect);
    if (text !== undefined) return (await ex.executeQuery<R>(CompiledQuery.raw(text, [...params]))).rows;
    const compiled = build(ex, ...params).compile();
    if (compiled.parameters.length !== params.length || compiled.parameters.some((p, i) => p !== params[i])) {
      throw new Error(`compiledOnce: the query's parameters must be exactly the call's, in order (${compiled.sql})`);
    }
    texts.set(dialect, compiled.sql);
    return (await ex.executeQuery(compiled)).rows;
  };
}
