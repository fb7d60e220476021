import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { AccountRows, Repository, ScopedRows, type Executor } from '../../db/repository.js';
import { mayHoldAny } from '../privacy/index.js';
import type { Row, NewRow, RowPatch } from '../../db/types.js';

const QUESTIONS = new ScopedRows('exhibitor_questions', 'event_id');
const ANSWERS = new AccountRows('exhibitor_answers');

/** Exhibitor questions (per event) and answers (per exhibitor and question); every read names the account. */
export class QuestionsRepository extends Repository {
  listQuestions(accountId: string, eventId: string, ex: Executor = this.db): Promise<Row<'exhibitor_questions'>[]> {
    return ex.selectFrom('exhibitor_questions').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId)
      .orderBy('display_order').orderBy('id').execute();
  }

  findQuestion(accountId: string, eventId: string, id: string, ex: Executor = this.db): Promise<Row<'exhibitor_questions'> | undefined> {
    return QUESTIONS.find(ex, accountId, eventId, id);
  }

  findQuestionByCode(accountId: string, eventId: string, code: string, ex: Executor = this.db): Promise<Row<'exhibitor_questions'> | undefined> {
    return QUESTIONS.findBy(ex, accountId, eventId, 'code', code);
  }

  async nextDisplayOrder(accountId: string, eventId: string, ex: Executor = this.db): Promise<number> {
    const r = await ex.selectFrom('exhibitor_questions').select((eb) => eb.fn.max('display_order').as('m')).where('account_id', '=', accountId).where('event_id', '=', eventId).executeTakeFirst();
    return Number(r?.m ?? 0) + 1;
  }

  insertQuestion(row: NewRow<'exhibitor_questions'>, ex: Executor = this.db): Promise<void> {
    return QUESTIONS.insert(ex, row);
  }

  updateQuestion(accountId: string, id: string, patch: RowPatch<'exhibitor_questions'>, ex: Executor = this.db): Promise<void> {
    return QUESTIONS.update(ex, accountId, id, patch);
  }

  /** Deletes the question and every answer to it. */
  async deleteQuestion(accountId: string, id: string, ex: Executor): Promise<boolean> {
    await ex.deleteFrom('exhibitor_answers').where('account_id', '=', accountId).where('question_id', '=', id).execute();
    const r = await ex.deleteFrom('exhibitor_questions').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  answersOfExhibitor(accountId: string, exhibitorId: string, ex: Executor = this.db): Promise<Row<'exhibitor_answers'>[]> {
    return ex.selectFrom('exhibitor_answers').selectAll().where('account_id', '=', accountId).where('exhibitor_id', '=', exhibitorId).execute();
  }

  answersToQuestion(accountId: string, questionId: string, ex: Executor = this.db): Promise<Row<'exhibitor_answers'>[]> {
    return ex.selectFrom('exhibitor_answers').selectAll().where('account_id', '=', accountId).where('question_id', '=', questionId).execute();
  }

  insertAnswer(row: NewRow<'exhibitor_answers'>, ex: Executor = this.db): Promise<void> {
    return ANSWERS.insert(ex, row);
  }

  setAnswers(accountId: string, id: string, patch: Pick<Row<'exhibitor_answers'>, 'answers' | 'last_modified' | 'last_modified_by'>, ex: Executor = this.db): Promise<void> {
    return ANSWERS.update(ex, accountId, id, patch);
  }

  deleteAnswer(accountId: string, id: string, ex: Executor = this.db): Promise<void> {
    return ANSWERS.delete(ex, accountId, id);
  }

  async deleteAnswersOf(trx: Transaction<Database>, accountId: string, exhibitorId: string): Promise<void> {
    await trx.deleteFrom('exhibitor_answers').where('account_id', '=', accountId).where('exhibitor_id', '=', exhibitorId).execute();
  }

  /** Answers of the account whose text may hold one of the forms (a superset: the eraser confirms each). */
  answersMentioning(trx: Transaction<Database>, accountId: string, forms: readonly string[]) {
    return trx.selectFrom('exhibitor_answers').select(['id', 'answers']).where('account_id', '=', accountId)
      .where(mayHoldAny(['exhibitor_answers.answers'], forms)).execute();
  }
}
