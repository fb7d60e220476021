import { sql, type SqlBool, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/index.js';
import { Repository, type Executor } from '../../db/repository.js';
import { fetchPage, keptCounter, type ListSpec } from '../../lists/index.js';
import type { NewRow } from '../../db/types.js';

type Trx = Transaction<Database>;

/** The messages list's name in list_counts, with scopes '' and `type:<type>` (migration 0022). */
export const MESSAGES_COUNTS = 'communication-messages';

/** Every statement on the communications tables; this module reads no other module's table. */
export class CommunicationsRepository extends Repository {
  settings(accountId: string) {
    return this.db.selectFrom('communication_settings').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  }

  async saveSettings(accountId: string, enabledTypes: string, now: string): Promise<void> {
    await this.db.insertInto('communication_settings').values({ account_id: accountId, enabled_types: enabledTypes, last_modified: now })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ enabled_types: enabledTypes, last_modified: now }))
      .execute();
  }

  async insertMessage(row: NewRow<'communication_messages'>): Promise<void> {
    await this.db.insertInto('communication_messages').values(row).execute();
  }

  async insertMail(row: NewRow<'mail_outbox'>, ex: Db | Trx = this.db): Promise<void> {
    await ex.insertInto('mail_outbox').values(row).execute();
  }

  /** Retention: rows at or before `notBefore` are never returned. */
  listMessages(accountId: string, spec: ListSpec, notBefore: string) {
    const base = this.db.selectFrom('communication_messages').selectAll('communication_messages').where('communication_messages.account_id', '=', accountId);
    const kept = keptCounter(this.db, accountId, MESSAGES_COUNTS);
    // The kept count holds every row; those past retention that the hourly purge has not removed yet are taken
    // off by an index range (account_id, created) that holds only them.
    const withinRetention = async (scope: string) => {
      let expired = this.db.selectFrom('communication_messages').select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('account_id', '=', accountId).where('created', '<=', notBefore);
      if (scope.startsWith('type:')) expired = expired.where(sql<SqlBool>`type = ${scope.slice('type:'.length)}`);
      const [all, old] = await Promise.all([kept(scope), expired.executeTakeFirst()]);
      return all - Number(old?.n ?? 0);
    };
    return fetchPage(base, spec, [sql<SqlBool>`communication_messages.created > ${notBefore}`], withinRetention);
  }

  /** By id alone: the signed URL names the account only through its signature. */
  emailContent(messageId: string) {
    return this.db.selectFrom('communication_messages')
      .innerJoin('mail_outbox', (j) => j.onRef('mail_outbox.id', '=', 'communication_messages.mail_id').onRef('mail_outbox.account_id', '=', 'communication_messages.account_id'))
      .select(['communication_messages.account_id', 'communication_messages.created', 'mail_outbox.raw'])
      .where('communication_messages.id', '=', messageId).where('communication_messages.type', '=', 'email')
      .executeTakeFirst();
  }

  /** Retention: removes messages and stored mail created at or before the cutoff. */
  async purge(cutoff: string): Promise<{ messages: number; mail: number }> {
    return this.transaction(async (trx) => {
      const m = await trx.deleteFrom('communication_messages').where('created', '<=', cutoff).executeTakeFirst();
      const o = await trx.deleteFrom('mail_outbox').where('created', '<=', cutoff).executeTakeFirst();
      return { messages: Number(m.numDeletedRows), mail: Number(o.numDeletedRows) };
    });
  }

  async secrets(purpose: string) {
    return this.db.selectFrom('communication_secrets').selectAll().where('purpose', '=', purpose).orderBy('created', 'desc').orderBy('kid', 'desc').execute();
  }

  async addSecret(purpose: string, kid: string, secret: string, now: string): Promise<void> {
    await this.db.insertInto('communication_secrets').values({ purpose, kid, secret, created: now })
      .onConflict((oc) => oc.columns(['purpose', 'kid']).doNothing()).execute();
  }

  eventSettings(accountId: string, eventId: string) {
    return this.db.selectFrom('event_communication_settings').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).executeTakeFirst();
  }

  async saveEventSettings(accountId: string, eventId: string, joinLinkEmails: number, now: string): Promise<void> {
    await this.db.insertInto('event_communication_settings').values({ account_id: accountId, event_id: eventId, join_link_emails: joinLinkEmails, last_modified: now })
      .onConflict((oc) => oc.columns(['account_id', 'event_id']).doUpdateSet({ join_link_emails: joinLinkEmails, last_modified: now })).execute();
  }

  async insertEmailRequest(row: NewRow<'email_requests'>): Promise<void> {
    await this.db.insertInto('email_requests').values(row).execute();
  }

  emailRequest(accountId: string, id: string) {
    return this.db.selectFrom('email_requests').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  delivered(accountId: string, emailId: string, attendeeId: string) {
    return this.db.selectFrom('email_deliveries').select('request_id').where('account_id', '=', accountId).where('email_id', '=', emailId).where('attendee_id', '=', attendeeId).executeTakeFirst();
  }

  async recordDelivery(accountId: string, emailId: string, attendeeId: string, requestId: string, now: string): Promise<void> {
    await this.db.insertInto('email_deliveries').values({ account_id: accountId, email_id: emailId, attendee_id: attendeeId, request_id: requestId, created: now })
      .onConflict((oc) => oc.columns(['account_id', 'email_id', 'attendee_id']).doUpdateSet({ request_id: requestId, created: now })).execute();
  }

  async insertChat(row: NewRow<'session_chat_messages'>, ex: Db | Trx = this.db): Promise<void> {
    await ex.insertInto('session_chat_messages').values(row).execute();
  }

  chat(accountId: string, sessionId: string, id: string) {
    return this.db.selectFrom('session_chat_messages').selectAll().where('account_id', '=', accountId).where('session_id', '=', sessionId).where('id', '=', id).executeTakeFirst();
  }

  async insertQuestion(row: NewRow<'session_questions'>, ex: Db | Trx = this.db): Promise<void> {
    await ex.insertInto('session_questions').values(row).execute();
  }

  question(accountId: string, sessionId: string, id: string) {
    return this.db.selectFrom('session_questions').selectAll().where('account_id', '=', accountId).where('session_id', '=', sessionId).where('id', '=', id).executeTakeFirst();
  }

  async answerQuestion(accountId: string, id: string, answer: string, now: string, ex: Db | Trx = this.db): Promise<void> {
    await ex.updateTable('session_questions').set({ answer, status: 'answered', last_modified: now }).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  // Erasure (communications.erasers.ts): inside the obfuscation's one transaction.

  messagesOfContacts(trx: Trx, accountId: string, contactIds: readonly string[]) {
    return trx.selectFrom('communication_messages').select(['id', 'payload']).where('account_id', '=', accountId).where('contact_id', 'in', [...contactIds]).execute();
  }

  /** Overwrites every stored mail to the contact with the same stand-in; returns how many. */
  async replaceMailOfContacts(trx: Trx, accountId: string, contactIds: readonly string[], standIn: { recipient: string; subject: string; raw: string }): Promise<number> {
    const r = await trx.updateTable('mail_outbox').set(standIn).where('account_id', '=', accountId).where('contact_id', 'in', [...contactIds]).executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  async chatOfAttendees(trx: Trx, accountId: string, attendeeIds: readonly string[]) {
    if (attendeeIds.length === 0) return [];
    return trx.selectFrom('session_chat_messages').select(['id', 'text_html']).where('account_id', '=', accountId).where('attendee_id', 'in', attendeeIds).execute();
  }

  async setChatText(trx: Trx, id: string, textHtml: string): Promise<void> {
    await trx.updateTable('session_chat_messages').set({ text_html: textHtml }).where('id', '=', id).execute();
  }

  async questionsOfAttendees(trx: Trx, accountId: string, attendeeIds: readonly string[]) {
    if (attendeeIds.length === 0) return [];
    return trx.selectFrom('session_questions').select(['id', 'text', 'answer']).where('account_id', '=', accountId).where('attendee_id', 'in', attendeeIds).execute();
  }

  async setQuestionText(trx: Trx, id: string, text: string, answer: string | null): Promise<void> {
    await trx.updateTable('session_questions').set({ text, answer }).where('id', '=', id).execute();
  }

  /** A contact merge (issue 30): the merged contact's rows become the survivor's, in the merge's transaction. */
  async moveContact(accountId: string, fromId: string, toId: string, ex: Executor): Promise<void> {
    await ex.updateTable('communication_messages').set({ contact_id: toId }).where('account_id', '=', accountId).where('contact_id', '=', fromId).execute();
    await ex.updateTable('mail_outbox').set({ contact_id: toId }).where('account_id', '=', accountId).where('contact_id', '=', fromId).execute();
  }
}
