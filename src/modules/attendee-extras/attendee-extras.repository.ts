import { Repository, type Executor } from '../../db/repository.js';
import type { NewRow, Row, RowPatch } from '../../db/types.js';
import { ERASED_BY } from '../privacy/index.js';

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
    let subscriptions = ex.updateTable('attendee_email_subscriptions').set({ contact_id: toId }).where('account_id', '=', accountId).where('contact_id', '=', fromId);
    let answers = ex.updateTable('attendee_internal_answers').set({ contact_id: toId }).where('account_id', '=', accountId).where('contact_id', '=', fromId);
    if (keptAttendees.length > 0) {
      subscriptions = subscriptions.where('attendee_id', 'not in', [...keptAttendees]);
      answers = answers.where('attendee_id', 'not in', [...keptAttendees]);
    }
    await subscriptions.execute();
    await answers.execute();
  }

  findAnswer(accountId: string, attendeeId: string, questionId: string, ex: Executor): Promise<Row<'attendee_internal_answers'> | undefined> {
    return ex.selectFrom('attendee_internal_answers').selectAll().where('account_id', '=', accountId).where('attendee_id', '=', attendeeId)
      .where('question_id', '=', questionId).executeTakeFirst();
  }

  async saveAnswer(row: Row<'attendee_internal_answers'>, existing: Row<'attendee_internal_answers'> | undefined, ex: Executor): Promise<void> {
    if (existing) {
      await ex.updateTable('attendee_internal_answers').set({ value: row.value, last_modified: row.last_modified, last_modified_by: row.last_modified_by })
        .where('account_id', '=', row.account_id).where('id', '=', existing.id).execute();
    } else {
      await ex.insertInto('attendee_internal_answers').values(row).execute();
    }
  }

  answersOf(accountId: string, attendeeId: string): Promise<Array<Row<'attendee_internal_answers'>>> {
    return this.db.selectFrom('attendee_internal_answers').selectAll().where('account_id', '=', accountId).where('attendee_id', '=', attendeeId).orderBy('id').execute();
  }

  async clearAnswersOf(accountId: string, contactIds: readonly string[], now: string, ex: Executor): Promise<number> {
    const r = await ex.updateTable('attendee_internal_answers').set({ value: '[]', last_modified: now, last_modified_by: ERASED_BY }).where('account_id', '=', accountId)
      .where('contact_id', 'in', [...contactIds]).executeTakeFirst();
    return Number(r.numUpdatedRows);
  }
}
