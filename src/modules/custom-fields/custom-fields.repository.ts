import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import type { NewRow, Row, RowPatch } from '../../db/types.js';
import { AccountRows, Repository, type Executor } from '../../db/repository.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import { mayHoldAny } from '../privacy/index.js';

export type AnswerSubject = 'Contact' | 'Event' | 'Session' | 'Budget Item';

/** Custom fields, their choices, translations and answers; every statement names the account. */
export class CustomFieldsRepository extends Repository {
  private readonly fields = new AccountRows('custom_fields');

  list(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('custom_fields').selectAll('custom_fields').where('custom_fields.account_id', '=', accountId), spec);
  }

  find(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'custom_fields'> | undefined> {
    return this.fields.get(ex, accountId, id);
  }

  findByCode(accountId: string, codeKey: string, ex: Executor = this.db): Promise<Row<'custom_fields'> | undefined> {
    return ex.selectFrom('custom_fields').selectAll().where('account_id', '=', accountId).where('code_key', '=', codeKey).executeTakeFirst();
  }

  /** The definitions of one category, in order: what an event copy or a subject's answers read. */
  ofCategory(accountId: string, category: string, ex: Executor = this.db): Promise<Array<Row<'custom_fields'>>> {
    return ex.selectFrom('custom_fields').selectAll().where('account_id', '=', accountId).where('category', '=', category).orderBy('sort_order').orderBy('id').execute();
  }

  insert(row: NewRow<'custom_fields'>, ex: Executor = this.db): Promise<void> {
    return this.fields.insert(ex, row);
  }

  update(accountId: string, id: string, patch: RowPatch<'custom_fields'>, ex: Executor = this.db): Promise<void> {
    return this.fields.update(ex, accountId, id, patch);
  }

  async nextOrder(accountId: string, category: string, ex: Executor = this.db): Promise<number> {
    const r = await ex.selectFrom('custom_fields').select((eb) => eb.fn.max('sort_order').as('n')).where('account_id', '=', accountId).where('category', '=', category).executeTakeFirst();
    return Number(r?.n ?? 0) + 1;
  }

  // ---- Choices ----

  choicesOf(accountId: string, fieldIds: readonly string[], ex: Executor = this.db): Promise<Array<Row<'custom_field_choices'>>> {
    if (fieldIds.length === 0) return Promise.resolve([]);
    return ex.selectFrom('custom_field_choices').selectAll().where('account_id', '=', accountId).where('custom_field_id', 'in', [...fieldIds])
      .orderBy('custom_field_id').orderBy('sort_order').orderBy('id').execute();
  }

  async insertChoice(row: NewRow<'custom_field_choices'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('custom_field_choices').values(row).execute();
  }

  async updateChoice(accountId: string, id: string, patch: RowPatch<'custom_field_choices'>, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('custom_field_choices').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async deleteChoices(accountId: string, ids: readonly string[], ex: Executor = this.db): Promise<void> {
    if (ids.length === 0) return;
    await ex.deleteFrom('custom_field_choices').where('account_id', '=', accountId).where('id', 'in', [...ids]).execute();
  }

  // ---- Translations ----

  findTranslation(accountId: string, fieldId: string, language: string, ex: Executor = this.db): Promise<Row<'custom_field_translations'> | undefined> {
    return ex.selectFrom('custom_field_translations').selectAll().where('account_id', '=', accountId).where('custom_field_id', '=', fieldId).where('language', '=', language).executeTakeFirst();
  }

  async insertTranslation(row: NewRow<'custom_field_translations'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('custom_field_translations').values(row).execute();
  }

  async updateTranslation(accountId: string, id: string, patch: RowPatch<'custom_field_translations'>, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('custom_field_translations').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  // ---- Answers ----

  answersOf(accountId: string, subjectId: string, ex: Executor = this.db): Promise<Array<Row<'custom_field_answers'>>> {
    return ex.selectFrom('custom_field_answers').selectAll().where('account_id', '=', accountId).where('subject_id', '=', subjectId).execute();
  }

  findAnswer(accountId: string, subjectId: string, fieldId: string, ex: Executor = this.db): Promise<Row<'custom_field_answers'> | undefined> {
    return ex.selectFrom('custom_field_answers').selectAll().where('account_id', '=', accountId).where('subject_id', '=', subjectId)
      .where('custom_field_id', '=', fieldId).executeTakeFirst();
  }

  /** Writes the subject's answer to the field, replacing the one it had. */
  async saveAnswer(row: NewRow<'custom_field_answers'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('custom_field_answers').values(row).onConflict((oc) => oc.columns(['subject_id', 'custom_field_id']).doUpdateSet({
      value: row.value, last_modified: row.last_modified, last_modified_by: row.last_modified_by,
    })).execute();
  }

  async deleteAnswer(accountId: string, subjectId: string, fieldId: string, ex: Executor = this.db): Promise<void> {
    await ex.deleteFrom('custom_field_answers').where('account_id', '=', accountId).where('subject_id', '=', subjectId).where('custom_field_id', '=', fieldId).execute();
  }

  /** A deleted subject (session, event) loses its answers, in its deletion's transaction. */
  async deleteAnswersOf(accountId: string, subjectId: string, ex: Executor = this.db): Promise<void> {
    await ex.deleteFrom('custom_field_answers').where('account_id', '=', accountId).where('subject_id', '=', subjectId).execute();
  }

  /** How many answers of the field name one of these choices (choice ids are stored in the answers' JSON). */
  async countAnswersUsing(accountId: string, fieldId: string, choiceIds: readonly string[], ex: Executor = this.db): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (choiceIds.length === 0) return counts;
    const rows = await ex.selectFrom('custom_field_answers').select('value').where('account_id', '=', accountId).where('custom_field_id', '=', fieldId)
      .where((eb) => eb.or(choiceIds.map((c) => eb('value', 'like', `%"${c}"%`)))).execute();
    for (const r of rows) {
      const values = JSON.parse(r.value) as string[];
      for (const c of choiceIds) if (values.includes(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    return counts;
  }

  // ---- Erasure ----

  /** Deletes the answers about these contacts (their personal data); returns how many went. */
  async deleteContactAnswers(trx: Transaction<Database>, accountId: string, contactIds: readonly string[]): Promise<number> {
    if (contactIds.length === 0) return 0;
    const r = await trx.deleteFrom('custom_field_answers').where('account_id', '=', accountId).where('subject', '=', 'Contact')
      .where('subject_id', 'in', [...contactIds]).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  answersMentioning(trx: Transaction<Database>, accountId: string, forms: readonly string[]): Promise<Array<Row<'custom_field_answers'>>> {
    return trx.selectFrom('custom_field_answers').selectAll().where('account_id', '=', accountId).where(mayHoldAny(['value'], forms)).execute();
  }

  async setAnswerValue(trx: Transaction<Database>, accountId: string, id: string, value: string, now: string, by: string): Promise<void> {
    await trx.updateTable('custom_field_answers').set({ value, last_modified: now, last_modified_by: by }).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  /** A contact merge (issue 30): the merged contact's answers to fields the survivor has not answered become the survivor's; the others stay. */
  async moveContactAnswers(accountId: string, fromId: string, toId: string, ex: Executor): Promise<void> {
    const answered = ex.selectFrom('custom_field_answers').select('custom_field_id').where('account_id', '=', accountId).where('subject', '=', 'Contact')
      .where('subject_id', '=', toId);
    await ex.updateTable('custom_field_answers').set({ subject_id: toId }).where('account_id', '=', accountId).where('subject', '=', 'Contact')
      .where('subject_id', '=', fromId).where('custom_field_id', 'not in', answered).execute();
  }
}
