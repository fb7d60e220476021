import { Repository, type Executor } from '../../db/repository.js';
import type { NewRow, Row, RowPatch } from '../../db/types.js';

/** Attendees' email subscription rows; every statement names the account. */
export class AttendeeExtrasRepository extends Repository {
  findSubscription(accountId: string, attendeeId: string, ex: Executor = this.db): Promise<Row<'attendee_email_subscriptions'> | undefined> {
    return ex.selectFrom('attendee_email_subscriptions').selectAll().where('account_id', '=', accountId).where('attendee_id', '=', attendeeId).executeTakeFirst();
  }

  async insertSubscription(row: NewRow<'attendee_email_subscriptions'>, ex: Executor): Promise<void> {
    await ex.insertInto('attendee_email_subscriptions').values(row).execute();
  }

  async updateSubscription(accountId: string, id: string, patch: RowPatch<'attendee_email_subscriptions'>, ex: Executor): Promise<void> {
    await ex.updateTable('attendee_email_subscriptions').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async moveContact(accountId: string, fromId: string, toId: string, keptAttendees: readonly string[], ex: Executor): Promise<void> {
    let q = ex.updateTable('attendee_email_subscriptions').set({ contact_id: toId }).where('account_id', '=', accountId).where('contact_id', '=', fromId);
    if (keptAttendees.length > 0) q = q.where('attendee_id', 'not in', [...keptAttendees]);
    await q.execute();
  }
}
