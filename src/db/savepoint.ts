// A savepoint inside a transaction: a multi-status request writes its items in
// one transaction (one commit, one fsync on SQLite) and still lets each item
// fail alone. On PostgreSQL a failed statement aborts the transaction until it
// rolls back to a savepoint, so every failure rolls back, whatever threw.
import { sql, type Transaction } from 'kysely';

/** Runs `fn` in a savepoint of `trx`: kept when it returns, undone when it throws (the error goes on). */
export async function inSavepoint<D, T>(trx: Transaction<D>, fn: () => Promise<T>): Promise<T> {
  await sql`savepoint item`.execute(trx);
  try {
    const out = await fn();
    await sql`release savepoint item`.execute(trx);
    return out;
  } catch (err) {
    await sql`rollback to savepoint item`.execute(trx);
    await sql`release savepoint item`.execute(trx);
    throw err;
  }
}
