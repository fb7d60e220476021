import { Repository, type Executor } from '../../db/repository.js';
import type { NewRow } from '../../db/types.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';

/** Attendees' signatures; every statement names the account. */
export class SignaturesRepository extends Repository {
  list(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('attendee_signatures').selectAll('attendee_signatures').where('attendee_signatures.account_id', '=', accountId), spec);
  }

  async insert(row: NewRow<'attendee_signatures'>, ex: Executor): Promise<void> {
    await ex.insertInto('attendee_signatures').values(row).execute();
  }

  async deleteOfContacts(accountId: string, contactIds: readonly string[], ex: Executor): Promise<number> {
    const r = await ex.deleteFrom('attendee_signatures').where('account_id', '=', accountId).where('contact_id', 'in', [...contactIds]).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async moveContact(accountId: string, fromId: string, toId: string, keptAttendees: readonly string[], ex: Executor): Promise<void> {
    let q = ex.updateTable('attendee_signatures').set({ contact_id: toId }).where('account_id', '=', accountId).where('contact_id', '=', fromId);
    if (keptAttendees.length > 0) q = q.where('attendee_id', 'not in', [...keptAttendees]);
    await q.execute();
  }
}
