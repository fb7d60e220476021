import { sql, type SqlBool, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/index.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type {
  CommunicationMessagesTable, EmailRequestsTable, MailOutboxTable, SessionChatMessagesTable, SessionQuestionsTable,
} from './communications.table.js';

type Executor = Db | Transaction<Database>;

export class CommunicationsRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  settings(accountId: string) {
    return this.db.selectFrom('communication_settings').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  }

  async saveSettings(accountId: string, enabledTypes: string, now: string): Promise<void> {
    await this.db.insertInto('communication_settings').values({ account_id: accountId, enabled_types: enabledTypes, last_modified: now })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ enabled_types: enabledTypes, last_modified: now }))
      .execute();
  }

  async insertMessage(row: CommunicationMessagesTable, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('communication_messages').values(row).execute();
  }

  async insertMail(row: MailOutboxTable, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('mail_outbox').values(row).execute();
  }

  /** Retention: rows at or before `notBefore` are never returned. */
  listMessages(accountId: string, spec: ListSpec, notBefore: string) {
    const base = this.db.selectFrom('communication_messages').selectAll('communication_messages').where('communication_messages.account_id', '=', accountId);
    return fetchPage(base, spec, [sql<SqlBool>`communication_messages.created > ${notBefore}`]);
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

  // Reads of other modules' tables, kept here so every SQL statement of this module lives in one file.
  attendeeLink(linkId: string) {
    return this.db.selectFrom('attendee_links').select(['id', 'account_id', 'webcast_id', 'event_id', 'session_id', 'attendee_id']).where('id', '=', linkId).executeTakeFirst();
  }

  attendeeContact(accountId: string, attendeeId: string, ex: Executor = this.db) {
    return ex.selectFrom('attendees').innerJoin('contacts', (j) => j.onRef('contacts.id', '=', 'attendees.contact_id').onRef('contacts.account_id', '=', 'attendees.account_id'))
      .select(['attendees.id', 'attendees.event_id', 'attendees.contact_id', 'contacts.email', 'contacts.first_name', 'contacts.last_name', 'contacts.deleted'])
      .where('attendees.account_id', '=', accountId).where('attendees.id', '=', attendeeId).executeTakeFirst();
  }

  session(accountId: string, sessionId: string) {
    return this.db.selectFrom('sessions').select(['id', 'event_id']).where('account_id', '=', accountId).where('id', '=', sessionId).executeTakeFirst();
  }

  event(accountId: string, eventId: string) {
    return this.db.selectFrom('events').select(['id', 'title']).where('account_id', '=', accountId).where('id', '=', eventId).executeTakeFirst();
  }

  eventSettings(accountId: string, eventId: string) {
    return this.db.selectFrom('event_communication_settings').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).executeTakeFirst();
  }

  async saveEventSettings(accountId: string, eventId: string, joinLinkEmails: number, now: string): Promise<void> {
    await this.db.insertInto('event_communication_settings').values({ account_id: accountId, event_id: eventId, join_link_emails: joinLinkEmails, last_modified: now })
      .onConflict((oc) => oc.columns(['account_id', 'event_id']).doUpdateSet({ join_link_emails: joinLinkEmails, last_modified: now })).execute();
  }

  async insertEmailRequest(row: EmailRequestsTable, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('email_requests').values(row).execute();
  }

  emailRequest(accountId: string, id: string) {
    return this.db.selectFrom('email_requests').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  delivered(accountId: string, emailId: string, attendeeId: string, ex: Executor = this.db) {
    return ex.selectFrom('email_deliveries').select('request_id').where('account_id', '=', accountId).where('email_id', '=', emailId).where('attendee_id', '=', attendeeId).executeTakeFirst();
  }

  async recordDelivery(accountId: string, emailId: string, attendeeId: string, requestId: string, now: string, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('email_deliveries').values({ account_id: accountId, email_id: emailId, attendee_id: attendeeId, request_id: requestId, created: now })
      .onConflict((oc) => oc.columns(['account_id', 'email_id', 'attendee_id']).doUpdateSet({ request_id: requestId, created: now })).execute();
  }

  async insertChat(row: SessionChatMessagesTable, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('session_chat_messages').values(row).execute();
  }

  chat(accountId: string, sessionId: string, id: string) {
    return this.db.selectFrom('session_chat_messages').selectAll().where('account_id', '=', accountId).where('session_id', '=', sessionId).where('id', '=', id).executeTakeFirst();
  }

  async insertQuestion(row: SessionQuestionsTable, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('session_questions').values(row).execute();
  }

  question(accountId: string, sessionId: string, id: string) {
    return this.db.selectFrom('session_questions').selectAll().where('account_id', '=', accountId).where('session_id', '=', sessionId).where('id', '=', id).executeTakeFirst();
  }

  async answerQuestion(accountId: string, id: string, answer: string, now: string, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('session_questions').set({ answer, status: 'answered', last_modified: now }).where('account_id', '=', accountId).where('id', '=', id).execute();
  }
}
