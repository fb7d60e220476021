import type { Dialect } from '../../db/index.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { NewRow, Row, RowPatch } from '../../db/types.js';
import { AccountRows, Repository, type Executor } from '../../db/repository.js';
import type { Db } from '../../db/index.js';

/** Meeting-request forms and their questions, requests with their answers, and requests' documents; every statement names the account. */
export class MeetingRequestsRepository extends Repository {
  private readonly forms = new AccountRows('mr_forms');
  private readonly requests = new AccountRows('meeting_requests');

  constructor(db: Db, private readonly dialect: Dialect) {
    super(db);
  }

  // ---- Forms ----

  listForms(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('mr_forms').selectAll('mr_forms').where('mr_forms.account_id', '=', accountId), spec);
  }

  findForm(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'mr_forms'> | undefined> {
    return this.forms.get(ex, accountId, id);
  }

  questionsOf(accountId: string, formIds: readonly string[], ex: Executor = this.db): Promise<Array<Row<'mr_form_questions'>>> {
    if (formIds.length === 0) return Promise.resolve([]);
    return ex.selectFrom('mr_form_questions').selectAll().where('account_id', '=', accountId).where('form_id', 'in', [...formIds]).orderBy('form_id').orderBy('position').execute();
  }

  async insertForm(form: NewRow<'mr_forms'>, questions: ReadonlyArray<NewRow<'mr_form_questions'>>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('mr_forms').values(form).execute();
    if (questions.length > 0) await ex.insertInto('mr_form_questions').values([...questions]).execute();
  }

  // ---- Requests ----

  listRequests(accountId: string, formId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('meeting_requests').selectAll('meeting_requests')
      .where('meeting_requests.account_id', '=', accountId).where('meeting_requests.form_id', '=', formId), spec);
  }

  findRequest(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'meeting_requests'> | undefined> {
    return this.requests.get(ex, accountId, id);
  }

  /** The request's row, locked until the transaction ends on PostgreSQL (SQLite runs one write transaction at a time): a status moves from the state it was read in. */
  async lockRequest(accountId: string, id: string, ex: Executor): Promise<Row<'meeting_requests'> | undefined> {
    const q = ex.selectFrom('meeting_requests').selectAll().where('account_id', '=', accountId).where('id', '=', id);
    return (this.dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
  }

  findRequestByEvent(accountId: string, eventId: string, ex: Executor = this.db): Promise<Row<'meeting_requests'> | undefined> {
    return ex.selectFrom('meeting_requests').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).executeTakeFirst();
  }

  findRequestBySource(accountId: string, sourceId: string, ex: Executor = this.db): Promise<Row<'meeting_requests'> | undefined> {
    return ex.selectFrom('meeting_requests').selectAll().where('account_id', '=', accountId).where('source_id', '=', sourceId).executeTakeFirst();
  }

  answersOf(accountId: string, requestIds: readonly string[], ex: Executor = this.db): Promise<Array<Row<'meeting_request_answers'>>> {
    if (requestIds.length === 0) return Promise.resolve([]);
    return ex.selectFrom('meeting_request_answers').selectAll().where('account_id', '=', accountId).where('request_id', 'in', [...requestIds])
      .orderBy('request_id').orderBy('question_id').orderBy('position').execute();
  }

  async insertRequest(row: NewRow<'meeting_requests'>, ex: Executor): Promise<void> {
    await ex.insertInto('meeting_requests').values(row).execute();
  }

  updateRequest(accountId: string, id: string, patch: RowPatch<'meeting_requests'>, ex: Executor): Promise<void> {
    return this.requests.update(ex, accountId, id, patch);
  }

  /** Replaces the request's answers to the given questions. */
  async replaceAnswers(accountId: string, requestId: string, questionIds: readonly string[], rows: ReadonlyArray<NewRow<'meeting_request_answers'>>, ex: Executor): Promise<void> {
    if (questionIds.length > 0) {
      await ex.deleteFrom('meeting_request_answers').where('account_id', '=', accountId).where('request_id', '=', requestId).where('question_id', 'in', [...questionIds]).execute();
    }
    if (rows.length > 0) await ex.insertInto('meeting_request_answers').values([...rows]).execute();
  }

  // ---- Documents ----

  listDocuments(accountId: string, requestId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('meeting_request_documents').selectAll('meeting_request_documents')
      .where('meeting_request_documents.account_id', '=', accountId).where('meeting_request_documents.request_id', '=', requestId), spec);
  }

  async insertDocument(row: NewRow<'meeting_request_documents'>, ex: Executor): Promise<void> {
    await ex.insertInto('meeting_request_documents').values(row).execute();
  }
}
