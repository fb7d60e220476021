import { Repository, type Executor } from '../../db/repository.js';
import type { NewRow, Row } from '../../db/types.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';

/** Process forms and their submissions; every statement names the account. */
export class ProcessFormsRepository extends Repository {
  listSubmissions(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('process_form_submissions').selectAll('process_form_submissions').where('process_form_submissions.account_id', '=', accountId), spec);
  }

  forms(accountId: string, ids: readonly string[]): Promise<Array<Row<'process_forms'>>> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('process_forms').selectAll().where('account_id', '=', accountId).where('id', 'in', [...ids]).execute();
  }

  findForm(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'process_forms'> | undefined> {
    return ex.selectFrom('process_forms').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  async insertForm(row: NewRow<'process_forms'>): Promise<void> {
    await this.db.insertInto('process_forms').values(row).execute();
  }

  async insertSubmission(row: NewRow<'process_form_submissions'>, ex: Executor): Promise<void> {
    await ex.insertInto('process_form_submissions').values(row).execute();
  }
}
