import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import {
  CompiledQuery, SqliteDialect, type DatabaseConnection, type Driver, type QueryCompiler, type QueryResult, type RawBuilder, type TransactionSettings,
  sql,
} from 'kysely';

/**
 * Reads that may run long (a list whose filter no index answers scans the account's rows: a second at a million
 * contacts) run on read-only connections in worker threads, so a slow list never holds the event loop that every
 * other request of the process waits on. better-sqlite3 is synchronous, and SQLite's WAL lets readers run beside
 * the one writer; a reader sees every transaction committed before its read begins, so a client reads its own
 * writes. Only queries marked OFF_THREAD (the list pipeline's page and count queries, src/lists/fetch.ts) go there,
 * and never inside a transaction; a quick read stays on the main connection, where a thread hop would cost more
 * than the read.
 */

/** Marks a select as one the read pool may run: `query.modifyEnd(OFF_THREAD)`. It adds a comment to the SQL. */
export const OFF_THREAD: RawBuilder<unknown> = sql`/* off-thread */`;
const MARK = OFF_THREAD.toOperationNode();

function marked(query: CompiledQuery): boolean {
  // modifyEnd wraps the raw node in a SelectModifierNode ({ kind, rawModifier }).
  const node = query.query as { kind: string; endModifiers?: ReadonlyArray<{ rawModifier?: unknown }> };
  return node.kind === 'SelectQueryNode' && (node.endModifiers ?? []).some((m) => m.rawModifier === MARK);
}

// The worker is plain JavaScript evaluated from this string: the same under tsx, the compiled build and tests.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const statements = new Map();
parentPort.on('message', ({ id, text, parameters }) => {
  try {
    let statement = statements.get(text);
    if (statement === undefined) {
      if (statements.size >= 200) statements.clear();
      statement = db.prepare(text);
      statements.set(text, statement);
    }
    parentPort.postMessage({ id, rows: statement.all(parameters) });
  } catch (err) {
    parentPort.postMessage({ id, error: { message: String(err && err.message), code: err && err.code } });
  }
});
`;

interface Pending {
  resolve(rows: unknown[]): void;
  reject(err: Error): void;
}

interface Reader {
  worker: Worker;
  pending: Map<number, Pending>;
}

export interface ReadPool {
  all(text: string, parameters: readonly unknown[]): Promise<unknown[]>;
  close(): Promise<void>;
}

/** A pool of `size` read-only connections to the SQLite file, each in a worker thread; a read goes to the least busy. */
export function createReadPool(file: string, size: number): ReadPool {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const readers: Reader[] = [];
  let seq = 0;
  let closed = false;

  const spawn = (slot: number): Reader => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file } });
    worker.unref();
    const reader: Reader = { worker, pending: new Map() };
    worker.on('message', (m: { id: number; rows?: unknown[]; error?: { message: string; code?: string } }) => {
      const p = reader.pending.get(m.id);
      if (p === undefined) return;
      reader.pending.delete(m.id);
      if (m.error) p.reject(Object.assign(new Error(m.error.message), m.error.code ? { code: m.error.code } : {}));
      else p.resolve(m.rows ?? []);
    });
    const fail = (err: Error) => {
      for (const p of reader.pending.values()) p.reject(err);
      reader.pending.clear();
      if (!closed && readers[slot] === reader) readers[slot] = spawn(slot);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the read worker exited (${code})`)));
    return reader;
  };
  for (let i = 0; i < size; i++) readers.push(spawn(i));

  return {
    all(text, parameters) {
      let reader = readers[0]!;
      for (const r of readers) if (r.pending.size < reader.pending.size) reader = r;
      const id = ++seq;
      return new Promise<unknown[]>((resolve, reject) => {
        reader.pending.set(id, { resolve, reject });
        reader.worker.postMessage({ id, text, parameters });
      });
    },
    async close() {
      closed = true;
      await Promise.all(readers.map((r) => r.worker.terminate()));
    },
  };
}

/**
 * Kysely's SQLite driver with the marked reads sent to the pool. Kysely holds SQLite's one connection (a mutex) for
 * each query and for a whole transaction; here the connection is taken only when a query runs on it, or a
 * transaction begins, so a read in the pool holds nothing while it runs.
 */
const BEGIN_IMMEDIATE = CompiledQuery.raw('begin immediate');

class PoolingDriver implements Driver {
  constructor(private readonly inner: Driver, private readonly pool: ReadPool) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(new LazyConnection(this.inner, this.pool));
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    const lazy = connection as LazyConnection;
    lazy.inTransaction = true;
    // Another process may write the same file (the worker, a second server). A deferred BEGIN whose transaction reads
    // first and writes later fails at once with "database is locked" when that process committed in between: SQLite
    // cannot upgrade a stale read snapshot, and busy_timeout does not wait for that case (the worker-kill test met it as
    // a 500). BEGIN IMMEDIATE takes the write lock first, waiting up to busy_timeout, so the transaction's reads are
    // already current. Reads outside transactions go to the pool and take no lock.
    await (await lazy.real()).executeQuery(BEGIN_IMMEDIATE);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.inner.commitTransaction(await (connection as LazyConnection).real());
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.inner.rollbackTransaction(await (connection as LazyConnection).real());
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.savepoint?.(await (connection as LazyConnection).real(), name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.rollbackToSavepoint?.(await (connection as LazyConnection).real(), name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.releaseSavepoint?.(await (connection as LazyConnection).real(), name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await (connection as LazyConnection).release();
  }

  async destroy(): Promise<void> {
    await this.pool.close();
    await this.inner.destroy();
  }
}

class LazyConnection implements DatabaseConnection {
  inTransaction = false;
  #held: DatabaseConnection | undefined;

  constructor(private readonly inner: Driver, private readonly pool: ReadPool) {}

  async real(): Promise<DatabaseConnection> {
    this.#held ??= await this.inner.acquireConnection();
    return this.#held;
  }

  async release(): Promise<void> {
    if (this.#held === undefined) return;
    const held = this.#held;
    this.#held = undefined;
    await this.inner.releaseConnection(held);
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.inTransaction && this.#held === undefined && marked(query)) {
      return { rows: (await this.pool.all(query.sql, query.parameters)) as R[] };
    }
    return (await this.real()).executeQuery<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    yield* (await this.real()).streamQuery<R>(query, chunkSize);
  }
}

/** SQLite's dialect with a read pool behind it (see PoolingDriver). */
export class PoolingSqliteDialect extends SqliteDialect {
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0], private readonly pool: ReadPool) {
    super(config);
  }

  override createDriver(): Driver {
    return new PoolingDriver(super.createDriver(), this.pool);
  }
}
