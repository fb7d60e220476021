import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { Repository, ScopedRows, type Executor } from '../../db/repository.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import { mayHoldAny } from '../privacy/index.js';
import type { NewRow, RowPatch } from '../../db/types.js';

const QUESTIONS = new ScopedRows('lead_qualification_questions', 'exhibitor_id');
const LEADS = new ScopedRows('leads', 'exhibitor_id');

/** The leads tables: qualification questions, leads, their answers and e-literature requests. Every read names the account. */
export class LeadsRepository extends Repository {
  // Qualification questions.

  questions(accountId: string, exhibitorId: string, ex: Executor = this.db) {
    return ex.selectFrom('lead_qualification_questions').selectAll()
      .where('account_id', '=', accountId).where('exhibitor_id', '=', exhibitorId).orderBy('created').orderBy('id').execute();
  }

  findQuestion(accountId: string, exhibitorId: string, id: string, ex: Executor = this.db) {
    return QUESTIONS.find(ex, accountId, exhibitorId, id);
  }

  insertQuestion(row: NewRow<'lead_qualification_questions'>, ex: Executor = this.db): Promise<void> {
    return QUESTIONS.insert(ex, row);
  }

  updateQuestion(accountId: string, id: string, patch: RowPatch<'lead_qualification_questions'>, ex: Executor = this.db): Promise<void> {
    return QUESTIONS.update(ex, accountId, id, patch);
  }

  /** Deletes the question and every answer to it. */
  async deleteQuestion(trx: Transaction<Database>, accountId: string, id: string): Promise<void> {
    await trx.deleteFrom('lead_qualification_answers').where('account_id', '=', accountId).where('question_id', '=', id).execute();
    await QUESTIONS.delete(trx, accountId, id);
  }

  /**
   * `qualified` of the exhibitor's leads (or one lead): it has an answer, and
   * every required question of the exhibitor is answered. One statement.
   */
  async recomputeQualified(ex: Executor, accountId: string, exhibitorId: string, leadId?: string): Promise<void> {
    const qualified = sql<number>`case when exists (
        select 1 from lead_qualification_answers a where a.lead_id = leads.id
      ) and not exists (
        select 1 from lead_qualification_questions q
        where q.exhibitor_id = leads.exhibitor_id and q.required = 1
          and not exists (select 1 from lead_qualification_answers a2 where a2.lead_id = leads.id and a2.question_id = q.id)
      ) then 1 else 0 end`;
    let q = ex.updateTable('leads').set({ qualified }).where('account_id', '=', accountId).where('exhibitor_id', '=', exhibitorId);
    if (leadId !== undefined) q = q.where('id', '=', leadId);
    await q.execute();
  }

  async countAnswers(accountId: string, questionId: string, ex: Executor = this.db): Promise<number> {
    const r = await ex.selectFrom('lead_qualification_answers').select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('account_id', '=', accountId).where('question_id', '=', questionId).executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  // Leads.

  findLead(accountId: string, eventId: string, exhibitorId: string, id: string, ex: Executor = this.db) {
    return ex.selectFrom('leads').selectAll()
      .where('account_id', '=', accountId).where('event_id', '=', eventId).where('exhibitor_id', '=', exhibitorId).where('id', '=', id).executeTakeFirst();
  }

  findLeadOfAttendee(accountId: string, exhibitorId: string, attendeeId: string, ex: Executor = this.db) {
    return LEADS.findBy(ex, accountId, exhibitorId, 'attendee_id', attendeeId);
  }

  insertLead(row: NewRow<'leads'>, ex: Executor = this.db): Promise<void> {
    return LEADS.insert(ex, row);
  }

  updateLead(accountId: string, id: string, patch: RowPatch<'leads'>, ex: Executor = this.db): Promise<void> {
    return LEADS.update(ex, accountId, id, patch);
  }

  listLeads(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('leads').selectAll('leads').where('leads.account_id', '=', accountId), spec);
  }

  // Answers.

  answersOfLead(accountId: string, leadId: string, ex: Executor = this.db) {
    return ex.selectFrom('lead_qualification_answers').selectAll()
      .where('account_id', '=', accountId).where('lead_id', '=', leadId).orderBy('created').orderBy('id').execute();
  }

  async upsertAnswer(row: NewRow<'lead_qualification_answers'>, ex: Executor): Promise<void> {
    const existing = await ex.selectFrom('lead_qualification_answers').select('id')
      .where('account_id', '=', row.account_id).where('lead_id', '=', row.lead_id).where('question_id', '=', row.question_id).executeTakeFirst();
    if (existing) {
      await ex.updateTable('lead_qualification_answers').set({ answers: row.answers, last_modified: row.last_modified, last_modified_by: row.last_modified_by })
        .where('id', '=', existing.id).execute();
    } else {
      await ex.insertInto('lead_qualification_answers').values(row).execute();
    }
  }

  async deleteAnswer(accountId: string, leadId: string, questionId: string, ex: Executor): Promise<void> {
    await ex.deleteFrom('lead_qualification_answers').where('account_id', '=', accountId).where('lead_id', '=', leadId).where('question_id', '=', questionId).execute();
  }

  // E-literature requests.

  async insertEliterature(row: NewRow<'eliterature_requests'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('eliterature_requests').values(row).execute();
  }

  listEliterature(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('eliterature_requests').selectAll('eliterature_requests').where('eliterature_requests.account_id', '=', accountId), spec);
  }

  // Erasure.

  /** The leads of a contact: by the contact copied at the scan, or by one of its attendees. */
  /** Leads of the contacts: by contact, by attendee, or (a lead typed in by hand) by one of their email addresses, lower-cased. */
  leadsOfContacts(trx: Transaction<Database>, accountId: string, contactIds: readonly string[], attendeeIds: readonly string[], emails: readonly string[] = []) {
    return trx.selectFrom('leads').selectAll().where('account_id', '=', accountId)
      .where((eb) => eb.or([
        eb('contact_id', 'in', [...contactIds]),
        ...(attendeeIds.length > 0 ? [eb('attendee_id', 'in', attendeeIds)] : []),
        ...(emails.length > 0 ? [eb(eb.fn<string>('lower', ['email']), 'in', emails.map((e) => e.toLowerCase()))] : []),
      ]))
      .execute();
  }

  answersOfLeads(trx: Transaction<Database>, accountId: string, leadIds: readonly string[]) {
    if (leadIds.length === 0) return Promise.resolve([]);
    return trx.selectFrom('lead_qualification_answers').select(['id', 'answers']).where('account_id', '=', accountId).where('lead_id', 'in', leadIds).execute();
  }

  /** Leads whose notes or device name may mention one of the forms (a superset: the eraser confirms each). */
  leadsMentioning(trx: Transaction<Database>, accountId: string, forms: readonly string[]) {
    return trx.selectFrom('leads').select(['id', 'comments', 'device_name'])
      .where('account_id', '=', accountId).where(mayHoldAny(['leads.comments', 'leads.device_name'], forms)).execute();
  }

  answersMentioning(trx: Transaction<Database>, accountId: string, forms: readonly string[]) {
    return trx.selectFrom('lead_qualification_answers').select(['id', 'answers'])
      .where('account_id', '=', accountId).where(mayHoldAny(['lead_qualification_answers.answers'], forms)).execute();
  }

  eliteratureMentioning(trx: Transaction<Database>, accountId: string, forms: readonly string[]) {
    return trx.selectFrom('eliterature_requests').select(['id', 'documents'])
      .where('account_id', '=', accountId).where(mayHoldAny(['eliterature_requests.documents'], forms)).execute();
  }

  async setAnswers(trx: Transaction<Database>, id: string, answers: string, now: string): Promise<void> {
    await trx.updateTable('lead_qualification_answers').set({ answers, last_modified: now }).where('id', '=', id).execute();
  }

  async setDocuments(trx: Transaction<Database>, id: string, documents: string, now: string): Promise<void> {
    await trx.updateTable('eliterature_requests').set({ documents, last_modified: now }).where('id', '=', id).execute();
  }

  /** A contact merge (issue 30): the merged contact's rows become the survivor's, in the merge's transaction; rows of a registration it keeps stay. */
  async moveContact(accountId: string, fromId: string, toId: string, keptAttendees: readonly string[], ex: Executor): Promise<void> {
    let q = ex.updateTable('leads').set({ contact_id: toId }).where('account_id', '=', accountId).where('contact_id', '=', fromId);
    if (keptAttendees.length > 0) q = q.where('attendee_id', 'not in', [...keptAttendees]);
    await q.execute();
  }
}
