import type {
  CompiledQuery, DatabaseConnection, DatabaseIntrospector, Dialect, DialectAdapter, Driver, Kysely, QueryCompiler, QueryResult,
  TransactionSettings,
} from 'kysely';
import { hasActiveSpan, inSpan, SpanKind, tracer } from '../telemetry/index.js';
import type { Dialect as DialectName } from './index.js';

// A span per query that Kysely runs, on both dialects, when tracing is on (createDb wraps the dialect only then).
// A span holds the statement's text, whose values are placeholders: the parameters are never recorded. On
// PostgreSQL the pg instrumentation's span (the wire round trip) is this span's child.

type DbSystem = 'sqlite' | 'postgresql';

const OPERATIONS: Readonly<Record<string, string>> = {
  SelectQueryNode: 'SELECT', InsertQueryNode: 'INSERT', UpdateQueryNode: 'UPDATE', DeleteQueryNode: 'DELETE', MergeQueryNode: 'MERGE',
};

/** The statement's operation: the query node's kind, or the first keyword of raw SQL (`begin`, `pragma`, `with`). */
export function operationOf(query: Pick<CompiledQuery, 'sql' | 'query'>): string {
  const byNode = OPERATIONS[query.query.kind];
  if (byNode !== undefined) return byNode;
  const word = /^\s*(?:\/\*.*?\*\/\s*)*([A-Za-z]+)/s.exec(query.sql)?.[1];
  return word === undefined ? 'SQL' : word.toUpperCase();
}

const MAX_STATEMENT = 4_000;

function attributes(system: DbSystem, sqlText: string, operation: string): Record<string, string> {
  return {
    'db.system': system, 'db.system.name': system, 'db.operation.name': operation,
    'db.query.text': sqlText.length > MAX_STATEMENT ? `${sqlText.slice(0, MAX_STATEMENT)}...` : sqlText,
  };
}

/** Runs a query in its span when the current context is traced (a request, a job); as is otherwise. */
export function tracedQuery<T>(system: DbSystem, sqlText: string, operation: string, run: () => Promise<T>): Promise<T> {
  if (!hasActiveSpan()) return run();
  return inSpan(operation, { kind: SpanKind.CLIENT, attributes: attributes(system, sqlText, operation) }, run);
}

/** The same, for SQLite's synchronous direct reads (src/db/compiled.ts). */
export function tracedSync<T>(system: DbSystem, sqlText: string, run: () => T): T {
  if (!hasActiveSpan()) return run();
  const operation = operationOf({ sql: sqlText, query: { kind: 'RawNode' } as CompiledQuery['query'] });
  const span = tracer().startSpan(operation, { kind: SpanKind.CLIENT, attributes: attributes(system, sqlText, operation) });
  try {
    return run();
  } finally {
    span.end();
  }
}

class TracedConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection, private readonly system: DbSystem) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return tracedQuery(this.system, compiledQuery.sql, operationOf(compiledQuery), () => this.inner.executeQuery<R>(compiledQuery));
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    // A stream's span would outlive the context it was made in; its chunks are traced as one query each by the
    // driver underneath on PostgreSQL, and a SQLite stream reads the rows in place.
    yield* this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

function innerOf(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof TracedConnection ? connection.inner : connection;
}

/** The inner driver with each connection it hands out wrapped; every other call gets the inner connection back. */
class TracedDriver implements Driver {
  constructor(private readonly inner: Driver, private readonly system: DbSystem) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new TracedConnection(await this.inner.acquireConnection(), this.system);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return tracedQuery(this.system, 'begin', 'BEGIN', () => this.inner.beginTransaction(innerOf(connection), settings));
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return tracedQuery(this.system, 'commit', 'COMMIT', () => this.inner.commitTransaction(innerOf(connection)));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return tracedQuery(this.system, 'rollback', 'ROLLBACK', () => this.inner.rollbackTransaction(innerOf(connection)));
  }

  async savepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    if (!this.inner.savepoint) throw new Error('the driver has no savepoints');
    await this.inner.savepoint(innerOf(connection), name, compileQuery);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    if (!this.inner.rollbackToSavepoint) throw new Error('the driver has no savepoints');
    await this.inner.rollbackToSavepoint(innerOf(connection), name, compileQuery);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    if (!this.inner.releaseSavepoint) throw new Error('the driver has no savepoints');
    await this.inner.releaseSavepoint(innerOf(connection), name, compileQuery);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(innerOf(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** The dialect with a span around every query (createDb uses it only while tracing is on). */
export function tracedDialect(inner: Dialect, dialect: DialectName): Dialect {
  const system: DbSystem = dialect === 'postgres' ? 'postgresql' : 'sqlite';
  return {
    createDriver: (): Driver => new TracedDriver(inner.createDriver(), system),
    createQueryCompiler: (): QueryCompiler => inner.createQueryCompiler(),
    createAdapter: (): DialectAdapter => inner.createAdapter(),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own signature
    createIntrospector: (db: Kysely<any>): DatabaseIntrospector => inner.createIntrospector(db),
  };
}
