import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import type { ErrorFactory } from '../../errors.js';
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

/** One record of the path's exhibitor, read by `find` with the exhibitor's id; else `notFound`, aimed at the record's path parameter. */
export async function requireOfExhibitor<R>(
  repo: ExhibitorsRepository, path: readonly [accountId: string, eventId: string, exhibitorId: string],
  find: (exhibitorId: string) => Promise<R | undefined>, notFound: ErrorFactory, target: string,
): Promise<R> {
  const ex = await requireExhibitor(repo, ...path);
  const row = await find(ex.id);
  if (!row) throw notFound(undefined, { target });
  return row;
}

/** A reference in the body (`exhibitor.id`, `event.id`) must name the resource of the path. */
export function samePathId(body: { id: string } | undefined, pathId: string, target: string): void {
  if (body !== undefined && body.id.toLowerCase() !== pathId.toLowerCase()) {
    throw TeamErrors.invalid(`${target} must be the one in the path (${pathId})`, { target });
  }
}
