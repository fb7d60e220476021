import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { Repository, type Executor } from '../../db/repository.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import { mayHoldAny } from '../privacy/index.js';
import type { Row, NewRow, RowPatch } from '../../db/types.js';

/** The exhibitors' free-text columns an erasure searches (declared 'free-text' in exhibitors.table.ts). */
export const EXHIBITOR_FREE_TEXT = ['name', 'description', 'address', 'email', 'mobile_phone', 'work_phone', 'other_phone', 'contact_links'] as const;
export type ExhibitorFreeText = Pick<Row<'exhibitors'>, 'id' | (typeof EXHIBITOR_FREE_TEXT)[number]>;

/** The exhibitors and booth staff tables; every read names the account and the event. */
export class ExhibitorsRepository extends Repository {
  async insert(row: NewRow<'exhibitors'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('exhibitors').values(row).execute();
  }

  /** An exhibitor of the event that is not deleted. */
  find(accountId: string, eventId: string, id: string, ex: Executor = this.db): Promise<Row<'exhibitors'> | undefined> {
    return ex.selectFrom('exhibitors').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).where('id', '=', id)
      .where('deleted', '=', 0).executeTakeFirst();
  }

  /** The event's exhibitors; deleted ones only when the filter asks about `deleted`. */
  list(accountId: string, eventId: string, spec: ListSpec, includeDeleted: boolean) {
    let base = this.db.selectFrom('exhibitors').selectAll('exhibitors')
      .where('exhibitors.account_id', '=', accountId).where('exhibitors.event_id', '=', eventId);
    if (!includeDeleted) base = base.where('exhibitors.deleted', '=', 0);
    return fetchPage(base, spec);
  }

  async update(accountId: string, id: string, patch: RowPatch<'exhibitors'>, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('exhibitors').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  /** How many live exhibitors name the sponsorship level. */
  async countWithLevel(accountId: string, levelId: string, ex: Executor = this.db): Promise<number> {
    const r = await ex.selectFrom('exhibitors').select(sql<number | string>`count(*)`.as('n'))
      .where('account_id', '=', accountId).where('sponsorship_level_id', '=', levelId).where('deleted', '=', 0).executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /** Erasure: the account's exhibitors (deleted ones too) whose free text may hold one of the forms. */
  mentioning(trx: Transaction<Database>, accountId: string, forms: readonly string[]): Promise<ExhibitorFreeText[]> {
    return trx.selectFrom('exhibitors').select(['id', ...EXHIBITOR_FREE_TEXT]).where('account_id', '=', accountId)
      .where(mayHoldAny(EXHIBITOR_FREE_TEXT.map((c) => `exhibitors.${c}`), forms)).execute();
  }

  async insertBoothStaff(row: NewRow<'exhibitor_booth_staff'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('exhibitor_booth_staff').values(row).execute();
  }

  findBoothStaff(accountId: string, exhibitorId: string, id: string, ex: Executor = this.db): Promise<Row<'exhibitor_booth_staff'> | undefined> {
    return ex.selectFrom('exhibitor_booth_staff').selectAll().where('account_id', '=', accountId).where('exhibitor_id', '=', exhibitorId).where('id', '=', id).executeTakeFirst();
  }

  /** The attendees staffing the exhibitor's booth (registration packs count them against their capacities). */
  async boothStaffAttendeeIds(accountId: string, exhibitorId: string, ex: Executor = this.db): Promise<string[]> {
    const rows = await ex.selectFrom('exhibitor_booth_staff').select('attendee_id').where('account_id', '=', accountId).where('exhibitor_id', '=', exhibitorId).execute();
    return rows.map((r) => r.attendee_id);
  }
}
