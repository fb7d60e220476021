import type { NewRow, Row, RowPatch } from '../../db/types.js';
import { AccountRows, Repository, type Executor } from '../../db/repository.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';

/** Audience segments and their members; every statement names the account. */
export class SegmentsRepository extends Repository {
  private readonly segments = new AccountRows('audience_segments');

  list(accountId: string, spec: ListSpec, includeDeleted: boolean) {
    let q = this.db.selectFrom('audience_segments').selectAll('audience_segments').where('audience_segments.account_id', '=', accountId);
    if (!includeDeleted) q = q.where('audience_segments.deleted', '=', 0);
    return fetchPage(q, spec);
  }

  find(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'audience_segments'> | undefined> {
    return this.segments.get(ex, accountId, id);
  }

  findByName(accountId: string, eventId: string, name: string, ex: Executor = this.db): Promise<Row<'audience_segments'> | undefined> {
    return ex.selectFrom('audience_segments').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId)
      .where('deleted', '=', 0).where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase())).executeTakeFirst();
  }

  insert(row: NewRow<'audience_segments'>, ex: Executor = this.db): Promise<void> {
    return this.segments.insert(ex, row);
  }

  update(accountId: string, id: string, patch: RowPatch<'audience_segments'>, ex: Executor = this.db): Promise<void> {
    return this.segments.update(ex, accountId, id, patch);
  }

  // ---- Members ----

  listMembers(accountId: string, segmentId: string, spec: ListSpec, includeDisassociated: boolean, since: string) {
    let q = this.db.selectFrom('audience_segment_members').selectAll('audience_segment_members')
      .where('audience_segment_members.account_id', '=', accountId).where('audience_segment_members.segment_id', '=', segmentId);
    q = includeDisassociated
      // Disassociated attendees are listed for 30 days, as the reference says.
      ? q.where((eb) => eb.or([eb('audience_segment_members.disassociated', '=', 0), eb('audience_segment_members.disassociated_at', '>', since)]))
      : q.where('audience_segment_members.disassociated', '=', 0);
    return fetchPage(q, spec);
  }

  findMember(accountId: string, segmentId: string, attendeeId: string, ex: Executor = this.db): Promise<Row<'audience_segment_members'> | undefined> {
    return ex.selectFrom('audience_segment_members').selectAll().where('account_id', '=', accountId).where('segment_id', '=', segmentId)
      .where('attendee_id', '=', attendeeId).executeTakeFirst();
  }

  /** Puts the attendee in the segment (again, after a disassociation). */
  async associate(row: NewRow<'audience_segment_members'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('audience_segment_members').values(row).onConflict((oc) => oc.columns(['segment_id', 'attendee_id']).doUpdateSet({
      disassociated: 0, disassociated_at: null, last_modified: row.last_modified, last_modified_by: row.last_modified_by,
    })).execute();
  }

  /** Takes the attendee out of the segments (all of them without one); returns how many memberships ended. */
  async disassociate(accountId: string, attendeeId: string, segmentId: string | undefined, now: string, by: string, ex: Executor = this.db): Promise<number> {
    let q = ex.updateTable('audience_segment_members').set({ disassociated: 1, disassociated_at: now, last_modified: now, last_modified_by: by })
      .where('account_id', '=', accountId).where('attendee_id', '=', attendeeId).where('disassociated', '=', 0);
    if (segmentId !== undefined) q = q.where('segment_id', '=', segmentId);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  async deleteMembers(accountId: string, segmentId: string, ex: Executor = this.db): Promise<void> {
    await ex.deleteFrom('audience_segment_members').where('account_id', '=', accountId).where('segment_id', '=', segmentId).execute();
  }

  /** A deleted attendee leaves every segment. */
  async deleteAttendee(accountId: string, attendeeId: string, ex: Executor = this.db): Promise<void> {
    await ex.deleteFrom('audience_segment_members').where('account_id', '=', accountId).where('attendee_id', '=', attendeeId).execute();
  }
}
