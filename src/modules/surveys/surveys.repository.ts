import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { Repository, type Executor } from '../../db/repository.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import { mayHoldAny } from '../privacy/index.js';
import type { SurveyKind } from './surveys.table.js';
import type { Row, NewRow, RowPatch } from '../../db/types.js';

/** The only place that runs SQL on the surveys module's tables. Every query is scoped to the account. */
export class SurveysRepository extends Repository {
  // Surveys.

  async insertSurvey(row: NewRow<'surveys'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('surveys').values(row).execute();
  }

  /** A survey (chapter) by its id, or an event survey by its parent id too. */
  findSurvey(accountId: string, id: string, kind: SurveyKind, ex: Executor = this.db) {
    return ex.selectFrom('surveys').selectAll().where('account_id', '=', accountId).where('kind', '=', kind)
      .where((eb) => eb.or([eb('id', '=', id), eb('survey_id', '=', id)])).orderBy('created').orderBy('id').executeTakeFirst();
  }

  listSurveys(accountId: string, spec: ListSpec, where: { kind?: SurveyKind; eventId?: string } = {}) {
    let base = this.db.selectFrom('surveys').selectAll('surveys').where('surveys.account_id', '=', accountId);
    if (where.kind) base = base.where('surveys.kind', '=', where.kind);
    if (where.eventId) base = base.where('surveys.event_id', '=', where.eventId);
    return fetchPage(base, spec);
  }

  /** Responses per survey (chapter) id, for responseCount. */
  async responseCounts(accountId: string, chapterIds: readonly string[]): Promise<Map<string, number>> {
    if (chapterIds.length === 0) return new Map();
    const rows = await this.db.selectFrom('survey_responses').select(['chapter_id', sql<number | string>`count(distinct respondent_id)`.as('n')])
      .where('account_id', '=', accountId).where('chapter_id', 'in', chapterIds).groupBy('chapter_id').execute();
    return new Map(rows.map((r) => [r.chapter_id, Number(r.n)]));
  }

  // Questions and large choices.

  async insertQuestion(row: NewRow<'survey_questions'>, choices: readonly NewRow<'survey_large_choices'>[], ex: Executor): Promise<void> {
    await ex.insertInto('survey_questions').values(row).execute();
    for (let i = 0; i < choices.length; i += 500) await ex.insertInto('survey_large_choices').values(choices.slice(i, i + 500)).execute();
  }

  async nextPosition(accountId: string, chapterId: string, ex: Executor): Promise<number> {
    const r = await ex.selectFrom('survey_questions').select(sql<number | null>`max(position)`.as('p')).where('account_id', '=', accountId)
      .where('chapter_id', '=', chapterId).executeTakeFirst();
    return Number(r?.p ?? 0) + 1;
  }

  listQuestions(accountId: string, spec: ListSpec, chapterId?: string) {
    let base = this.db.selectFrom('survey_questions').selectAll('survey_questions').where('survey_questions.account_id', '=', accountId);
    if (chapterId) base = base.where('survey_questions.chapter_id', '=', chapterId);
    return fetchPage(base, spec);
  }

  questionsOf(accountId: string, chapterId: string, ex: Executor = this.db) {
    return ex.selectFrom('survey_questions').selectAll().where('account_id', '=', accountId).where('chapter_id', '=', chapterId).orderBy('position').execute();
  }

  findLargeChoice(accountId: string, questionId: string, choiceId: string, ex: Executor = this.db) {
    return ex.selectFrom('survey_large_choices').select('id').where('account_id', '=', accountId).where('question_id', '=', questionId)
      .where('id', '=', choiceId).executeTakeFirst();
  }

  listLargeChoices(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('survey_large_choices').selectAll('survey_large_choices').where('survey_large_choices.account_id', '=', accountId), spec);
  }

  // Respondents.

  async insertRespondent(row: NewRow<'survey_respondents'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('survey_respondents').values(row).execute();
  }

  async updateRespondent(accountId: string, id: string, patch: RowPatch<'survey_respondents'>, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('survey_respondents').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  findRespondent(accountId: string, chapterId: string, id: string, ex: Executor = this.db) {
    return ex.selectFrom('survey_respondents').selectAll().where('account_id', '=', accountId).where('chapter_id', '=', chapterId).where('id', '=', id).executeTakeFirst();
  }

  listRespondents(accountId: string, spec: ListSpec, chapterId?: string) {
    let base = this.db.selectFrom('survey_respondents').selectAll('survey_respondents').where('survey_respondents.account_id', '=', accountId);
    if (chapterId) base = base.where('survey_respondents.chapter_id', '=', chapterId);
    return fetchPage(base, spec);
  }

  /** The questions the respondent has answered (any attempt). */
  async answeredQuestions(accountId: string, respondentId: string, ex: Executor): Promise<Set<string>> {
    const rows = await ex.selectFrom('survey_responses').select('question_id').distinct().where('account_id', '=', accountId)
      .where('respondent_id', '=', respondentId).execute();
    return new Set(rows.map((r) => r.question_id));
  }

  // Responses.

  async insertResponse(row: NewRow<'survey_responses'>, ex: Executor): Promise<void> {
    await ex.insertInto('survey_responses').values(row).execute();
  }

  async updateResponse(accountId: string, id: string, patch: RowPatch<'survey_responses'>, ex: Executor): Promise<void> {
    await ex.updateTable('survey_responses').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async attempts(accountId: string, respondentId: string, questionId: string, ex: Executor): Promise<number> {
    const r = await ex.selectFrom('survey_responses').select(sql<number | null>`max(attempt)`.as('a')).where('account_id', '=', accountId)
      .where('respondent_id', '=', respondentId).where('question_id', '=', questionId).executeTakeFirst();
    return Number(r?.a ?? 0);
  }

  findResponse(accountId: string, respondentId: string, id: string, ex: Executor = this.db) {
    return ex.selectFrom('survey_responses').selectAll().where('account_id', '=', accountId).where('respondent_id', '=', respondentId).where('id', '=', id).executeTakeFirst();
  }

  listResponses(accountId: string, spec: ListSpec, where: { chapterId?: string; kind?: SurveyKind } = {}) {
    let base = this.db.selectFrom('survey_responses').selectAll('survey_responses').where('survey_responses.account_id', '=', accountId);
    if (where.chapterId) base = base.where('survey_responses.chapter_id', '=', where.chapterId);
    if (where.kind) {
      // By the survey's kind: a standalone respondent answering as an attendee has an event too.
      const kind = where.kind;
      base = base.where('survey_responses.chapter_id', 'in', this.db.selectFrom('surveys').select('id').where('account_id', '=', accountId).where('kind', '=', kind));
    }
    return fetchPage(base, spec);
  }

  // Email templates.

  async insertTemplate(row: NewRow<'survey_email_templates'>): Promise<void> {
    await this.db.insertInto('survey_email_templates').values(row).execute();
  }

  findTemplate(accountId: string, surveyId: string, id: string): Promise<Row<'survey_email_templates'> | undefined> {
    return this.db.selectFrom('survey_email_templates').selectAll().where('account_id', '=', accountId).where('survey_id', '=', surveyId).where('id', '=', id).executeTakeFirst();
  }

  listTemplates(accountId: string, surveyId: string, spec: ListSpec) {
    const base = this.db.selectFrom('survey_email_templates').selectAll('survey_email_templates')
      .where('survey_email_templates.account_id', '=', accountId).where('survey_email_templates.survey_id', '=', surveyId);
    return fetchPage(base, spec);
  }

  // Erasure.

  /** The contact's respondents (by the contact or one of its attendees): their free-text ids are cleared. */
  async clearRespondentsOf(trx: Transaction<Database>, accountId: string, contactIds: readonly string[], attendeeIds: readonly string[], now: string): Promise<string[]> {
    const rows = await trx.selectFrom('survey_respondents').select('id').where('account_id', '=', accountId)
      .where((eb) => eb.or([eb('contact_id', 'in', [...contactIds]), ...(attendeeIds.length > 0 ? [eb('attendee_id', 'in', attendeeIds)] : [])])).execute();
    const ids = rows.map((r) => r.id);
    if (ids.length > 0) {
      await trx.updateTable('survey_respondents').set({ reference_id: null, source_id: null, transaction_id: null, last_modified: now, last_modified_by: 'obfuscation' })
        .where('account_id', '=', accountId).where('id', 'in', ids).execute();
    }
    return ids;
  }

  responsesOfRespondents(trx: Transaction<Database>, accountId: string, respondentIds: readonly string[]) {
    if (respondentIds.length === 0) return Promise.resolve([]);
    return trx.selectFrom('survey_responses').select(['id', 'answers']).where('account_id', '=', accountId).where('respondent_id', 'in', respondentIds).execute();
  }

  responsesMentioning(trx: Transaction<Database>, accountId: string, forms: readonly string[]) {
    return trx.selectFrom('survey_responses').select(['id', 'answers']).where('account_id', '=', accountId)
      .where(mayHoldAny(['survey_responses.answers'], forms)).execute();
  }

  /** A contact merge (issue 30): the merged contact's rows become the survivor's, in the merge's transaction; respondents of a registration it keeps stay. */
  async moveContact(accountId: string, fromId: string, toId: string, keptAttendees: readonly string[], ex: Executor): Promise<void> {
    let q = ex.updateTable('survey_respondents').set({ contact_id: toId }).where('account_id', '=', accountId).where('contact_id', '=', fromId);
    if (keptAttendees.length > 0) q = q.where((w) => w.or([w('attendee_id', 'is', null), w('attendee_id', 'not in', [...keptAttendees])]));
    await q.execute();
  }
}
