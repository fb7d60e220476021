/**
 * True when a database error is a unique-constraint violation (SQLite or
 * PostgreSQL): the index, not a prior read, is what guarantees uniqueness
 * when two writers race, so callers map this to a 409.
 */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false;
  const code = err.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
