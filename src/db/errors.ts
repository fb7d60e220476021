// PostgreSQL SQLSTATEs of a server that is going away or cannot take the connection:
// class 08 (connection exception), admin/crash shutdown, starting up, too many connections.
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
// The socket under the driver failed.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// node-postgres reports a lost or refused connection with these messages and no code.
const DRIVER_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
];

/**
 * True when a database error means the database cannot be reached right now
 * (its connection was terminated, refused or timed out), not that the
 * statement was wrong: the caller answers 503 and the client retries.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = 'code' in err && typeof err.code === 'string' ? err.code : undefined;
  if (code !== undefined && (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || NETWORK_CODES.has(code))) return true;
  if (code === undefined && DRIVER_MESSAGES.some((m) => err.message.startsWith(m))) return true;
  return err.cause !== undefined && err.cause !== err && isDatabaseUnavailable(err.cause);
}

/** A failed query's class for the metrics (src/metrics): from its code only, never its message (it may quote values). */
export function queryErrorReason(err: unknown): 'constraint' | 'conflict' | 'connection' | 'other' {
  if (isDatabaseUnavailable(err)) return 'connection';
  const code = err instanceof Error && 'code' in err && typeof err.code === 'string' ? err.code : undefined;
  if (code === undefined) return 'other';
  // PostgreSQL: class 23 (integrity constraint); SQLite: SQLITE_CONSTRAINT_* (better-sqlite3's extended codes).
  if (code.startsWith('23') || code.startsWith('SQLITE_CONSTRAINT')) return 'constraint';
  // Serialization failure, deadlock, lock not available; SQLite's busy and locked database.
  if (code === '40001' || code === '40P01' || code === '55P03' || code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'conflict';
  return 'other';
}
