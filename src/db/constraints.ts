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

/**
 * The unique constraint a violation names, as the database reports it: PostgreSQL's constraint (or index) name;
 * SQLite's message names an index on expressions ("index 'name'") or lists the columns ("t.a, t.b"). Lower-cased;
 * undefined when the error is no unique violation.
 */
export function uniqueViolationTarget(err: unknown): string | undefined {
  if (!isUniqueViolation(err)) return undefined;
  const e = err as { constraint?: unknown; message?: unknown };
  if (typeof e.constraint === 'string') return e.constraint.toLowerCase();
  return typeof e.message === 'string' ? e.message.toLowerCase() : '';
}
