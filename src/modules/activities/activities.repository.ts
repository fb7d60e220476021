import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { AccountRows, Repository, type Executor } from '../../db/repository.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import { mayHoldAny } from '../privacy/index.js';
import type { ExternalType } from './activities.table.js';
import type { NewRow, RowPatch } from '../../db/types.js';

const METADATA = new AccountRows('external_activity_metadata');

export class ActivitiesRepository extends Repository {
  async insert(row: NewRow<'attendee_activities'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('attendee_activities').values(row).execute();
  }

  /** The account's activities recorded after `notBefore` (older ones are past retention, even before the purge has run). */
  list(accountId: string, spec: ListSpec, notBefore: string) {
    const base = this.db.selectFrom('attendee_activities').selectAll('attendee_activities').where('attendee_activities.account_id', '=', accountId);
    return fetchPage(base, spec, [sql`attendee_activities.created > ${notBefore}`]);
  }

  /** One batch of an event's activities in id order, after `afterId` (a score rebuild walks them all). */
  scanEvent(accountId: string, eventId: string, afterId: string | null, limit: number, ex: Executor = this.db) {
    let q = ex.selectFrom('attendee_activities').selectAll()
      .where('account_id', '=', accountId).where('event_id', '=', eventId);
    if (afterId !== null) q = q.where('id', '>', afterId);
    return q.orderBy('id').limit(limit).execute();
  }

  /** Deletes up to `batch` activities recorded at or before `cutoff`; returns how many went. */
  async purgeBatch(cutoff: string, batch: number): Promise<number> {
    const ids = this.db.selectFrom('attendee_activities').select('id').where('created', '<=', cutoff).limit(batch);
    const r = await this.db.deleteFrom('attendee_activities').where('id', 'in', ids).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** The details of the contact's activities (by the contact, or by one of its attendees). */
  ofContacts(trx: Transaction<Database>, accountId: string, contactIds: readonly string[], attendeeIds: readonly string[]) {
    return trx.selectFrom('attendee_activities').select(['id', 'type', 'details'])
      .where('account_id', '=', accountId)
      .where((eb) => eb.or([eb('contact_id', 'in', [...contactIds]), ...(attendeeIds.length > 0 ? [eb('attendee_id', 'in', attendeeIds)] : [])]))
      .execute();
  }

  /** Activities of the account whose details may mention one of the forms (a superset: the eraser confirms each). */
  mentioning(trx: Transaction<Database>, accountId: string, forms: readonly string[]) {
    return trx.selectFrom('attendee_activities').select(['id', 'type', 'details'])
      .where('account_id', '=', accountId).where(mayHoldAny(['attendee_activities.details'], forms)).execute();
  }

  // External activity metadata.

  listMetadata(accountId: string, spec: ListSpec) {
    const base = this.db.selectFrom('external_activity_metadata').selectAll('external_activity_metadata')
      .where('external_activity_metadata.account_id', '=', accountId);
    return fetchPage(base, spec);
  }

  findMetadata(accountId: string, id: string, ex: Executor = this.db) {
    return METADATA.get(ex, accountId, id);
  }

  findMetadataByName(accountId: string, type: ExternalType, name: string, ex: Executor = this.db) {
    return ex.selectFrom('external_activity_metadata').selectAll()
      .where('account_id', '=', accountId).where('type', '=', type).where('name', '=', name).executeTakeFirst();
  }

  insertMetadata(row: NewRow<'external_activity_metadata'>, ex: Executor = this.db): Promise<void> {
    return METADATA.insert(ex, row);
  }

  async updateMetadata(accountId: string, id: string, patch: RowPatch<'external_activity_metadata'>, ex: Executor = this.db): Promise<boolean> {
    const r = await ex.updateTable('external_activity_metadata').set(patch).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async deleteMetadata(accountId: string, id: string): Promise<boolean> {
    const r = await this.db.deleteFrom('external_activity_metadata').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** A contact merge (issue 30): the merged contact's rows become the survivor's, in the merge's transaction; rows of a registration it keeps stay. */
  async moveContact(accountId: string, fromId: string, toId: string, keptAttendees: readonly string[], ex: Executor): Promise<void> {
    let q = ex.updateTable('attendee_activities').set({ contact_id: toId }).where('account_id', '=', accountId).where('contact_id', '=', fromId);
    if (keptAttendees.length > 0) q = q.where('attendee_id', 'not in', [...keptAttendees]);
    await q.execute();
  }
}
