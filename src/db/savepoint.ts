// A savepoint inside a transaction: a multi-status request writes its items in
// one transaction (one commit, one fsync on SQLite) and still lets each item
// fail alone. On PostgreSQL a failed statement aborts the transaction until it
// rolls back to a savepoint, so every failure rolls back, whatever threw.
import { CompiledQuery, type Transaction } from 'kysely';

// Built once: a statement of every item of a multi-status request (no query builder or compiler on that path).
const SAVEPOINT = CompiledQuery.raw('savepoint item');
const RELEASE = CompiledQuery.raw('release savepoint item');
const ROLLBACK = CompiledQuery.raw('rollback to savepoint item');

/** Runs `fn` in a savepoint of `trx`: kept when it returns, undone when it throws (the error goes on). */
export async function inSavepoint<D, T>(trx: Transaction<D>, fn: () => Promise<T>): Promise<T> {
  await trx.executeQuery(SAVEPOINT);
  try {
    const out = await fn();
    await trx.executeQuery(RELEASE);
    return out;
  } catch (err) {
    await trx.executeQuery(ROLLBACK);
    await trx.executeQuery(RELEASE);
    throw err;
  }
}
