import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { Repository, ScopedRows, type Executor } from '../../db/repository.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { Row, NewRow, RowPatch } from '../../db/types.js';

const ADMINS = new ScopedRows('exhibitor_admins', 'exhibitor_id');
const BOOTH_STAFF = new ScopedRows('exhibitor_booth_staff', 'exhibitor_id');

/** Exhibitor admins, and the booth staff queries the team operations need; every read names the account and the exhibitor. */
export class TeamRepository extends Repository {
  listAdmins(accountId: string, exhibitorId: string, spec: ListSpec) {
    const base = this.db.selectFrom('exhibitor_admins').selectAll('exhibitor_admins')
      .where('exhibitor_admins.account_id', '=', accountId).where('exhibitor_admins.exhibitor_id', '=', exhibitorId);
    return fetchPage(base, spec);
  }

  findAdmin(accountId: string, exhibitorId: string, id: string, ex: Executor = this.db): Promise<Row<'exhibitor_admins'> | undefined> {
    return ADMINS.find(ex, accountId, exhibitorId, id);
  }

  findAdminByEmail(accountId: string, exhibitorId: string, emailKey: string, ex: Executor = this.db): Promise<Row<'exhibitor_admins'> | undefined> {
    return ADMINS.findBy(ex, accountId, exhibitorId, 'email_key', emailKey);
  }

  insertAdmin(row: NewRow<'exhibitor_admins'>, ex: Executor = this.db): Promise<void> {
    return ADMINS.insert(ex, row);
  }

  updateAdmin(accountId: string, id: string, patch: RowPatch<'exhibitor_admins'>, ex: Executor = this.db): Promise<void> {
    return ADMINS.update(ex, accountId, id, patch);
  }

  /** Every admin of the account (erasure compares emails and names in NFKC case folding, which SQL cannot). */
  adminsOfAccount(trx: Transaction<Database>, accountId: string) {
    return trx.selectFrom('exhibitor_admins').select(['id', 'first_name', 'last_name', 'email']).where('account_id', '=', accountId).execute();
  }

  async deleteAdminsOf(trx: Transaction<Database>, accountId: string, exhibitorId: string): Promise<number> {
    const r = await trx.deleteFrom('exhibitor_admins').where('account_id', '=', accountId).where('exhibitor_id', '=', exhibitorId).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  listBoothStaff(accountId: string, exhibitorId: string, spec: ListSpec) {
    const base = this.db.selectFrom('exhibitor_booth_staff').selectAll('exhibitor_booth_staff')
      .where('exhibitor_booth_staff.account_id', '=', accountId).where('exhibitor_booth_staff.exhibitor_id', '=', exhibitorId);
    return fetchPage(base, spec);
  }

  findBoothStaffByAttendee(accountId: string, exhibitorId: string, attendeeId: string, ex: Executor = this.db) {
    return BOOTH_STAFF.findBy(ex, accountId, exhibitorId, 'attendee_id', attendeeId);
  }

  deleteBoothStaff(accountId: string, exhibitorId: string, id: string): Promise<boolean> {
    return BOOTH_STAFF.deleteUnder(this.db, accountId, exhibitorId, id);
  }
}
