import type { NewRow, Row, RowPatch } from '../../db/types.js';
import { AccountRows, Repository, type Executor } from '../../db/repository.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';

/** Event questions and their choices; every statement names the account. */
export class QuestionsRepository extends Repository {
  private readonly questions = new AccountRows('event_questions');
  private readonly choices = new AccountRows('event_question_choices');

  list(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('event_questions').selectAll('event_questions').where('event_questions.account_id', '=', accountId), spec);
  }

  find(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'event_questions'> | undefined> {
    return this.questions.get(ex, accountId, id);
  }

  insert(row: NewRow<'event_questions'>, ex: Executor = this.db): Promise<void> {
    return this.questions.insert(ex, row);
  }

  update(accountId: string, id: string, patch: RowPatch<'event_questions'>, ex: Executor = this.db): Promise<void> {
    return this.questions.update(ex, accountId, id, patch);
  }

  async delete(accountId: string, id: string, ex: Executor = this.db): Promise<void> {
    await ex.deleteFrom('event_question_choices').where('account_id', '=', accountId).where('question_id', '=', id).execute();
    await this.questions.delete(ex, accountId, id);
  }

  listChoices(accountId: string, questionId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('event_question_choices').selectAll('event_question_choices')
      .where('event_question_choices.account_id', '=', accountId).where('event_question_choices.question_id', '=', questionId), spec);
  }

  choicesOf(accountId: string, questionId: string, ex: Executor = this.db): Promise<Array<Row<'event_question_choices'>>> {
    return ex.selectFrom('event_question_choices').selectAll().where('account_id', '=', accountId).where('question_id', '=', questionId).orderBy('sort_order').orderBy('id').execute();
  }

  findChoice(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'event_question_choices'> | undefined> {
    return this.choices.get(ex, accountId, id);
  }

  insertChoice(row: NewRow<'event_question_choices'>, ex: Executor = this.db): Promise<void> {
    return this.choices.insert(ex, row);
  }

  updateChoice(accountId: string, id: string, patch: RowPatch<'event_question_choices'>, ex: Executor = this.db): Promise<void> {
    return this.choices.update(ex, accountId, id, patch);
  }

  deleteChoice(accountId: string, id: string, ex: Executor = this.db): Promise<void> {
    return this.choices.delete(ex, accountId, id);
  }

  /** The event's question with this code (internal-information answers name a question by id or code). */
  findByCode(accountId: string, eventId: string, code: string, ex: Executor = this.db): Promise<Row<'event_questions'> | undefined> {
    return ex.selectFrom('event_questions').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).where('code', '=', code).executeTakeFirst();
  }
}
