import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import type { AuditColumns } from '../../db/columns.js';
import type { ExhibitorsRepository } from './exhibitors.repository.js';
import type { Row } from '../../db/types.js';
import { TeamErrors } from './team.errors.js';

/** The reference's audit fields of a row. */
export function audit(r: AuditColumns): { created: string; createdBy: string; lastModified: string; lastModifiedBy: string } {
  return { created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by };
}

/** The exhibitor of the path, in the caller's account and event: another account's or event's is a 404. */
export async function requireExhibitor(repo: ExhibitorsRepository, accountId: string, eventId: string, exhibitorId: string, trx?: Transaction<Database>): Promise<Row<'exhibitors'>> {
  const row = await repo.find(accountId, eventId, exhibitorId, trx);
  if (!row) throw TeamErrors.exhibitorNotFound(undefined, { target: 'exhibitorId' });
  return row;
}

/** A reference in the body (`exhibitor.id`, `event.id`) must name the resource of the path. */
export function samePathId(body: { id: string } | undefined, pathId: string, target: string): void {
  if (body !== undefined && body.id.toLowerCase() !== pathId.toLowerCase()) {
    throw TeamErrors.invalid(`${target} must be the one in the path (${pathId})`, { target });
  }
}

/** SQLite and PostgreSQL unique-constraint violations (the insert lost a race with an equal row). */
export function isUniqueViolation(err: unknown): boolean {
  if (err === null || typeof err !== 'object') return false;
  const code = 'code' in err ? err.code : undefined;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
