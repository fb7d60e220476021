import type { Row, NewRow, RowPatch } from '../../db/types.js';
import { Repository, type Executor } from '../../db/repository.js';

/** The registration_packs table: at most one pack per exhibitor. */
export class RegistrationPacksRepository extends Repository {
  ofExhibitor(accountId: string, exhibitorId: string, ex: Executor = this.db): Promise<Row<'registration_packs'> | undefined> {
    return ex.selectFrom('registration_packs').selectAll().where('account_id', '=', accountId).where('exhibitor_id', '=', exhibitorId).executeTakeFirst();
  }

  find(accountId: string, exhibitorId: string, id: string, ex: Executor = this.db): Promise<Row<'registration_packs'> | undefined> {
    return ex.selectFrom('registration_packs').selectAll().where('account_id', '=', accountId).where('exhibitor_id', '=', exhibitorId).where('id', '=', id).executeTakeFirst();
  }

  /** False when the exhibitor has a pack already (a concurrent create too: the unique index decides). */
  async insert(row: NewRow<'registration_packs'>, ex: Executor = this.db): Promise<boolean> {
    const r = await ex.insertInto('registration_packs').values(row).onConflict((oc) => oc.column('exhibitor_id').doNothing()).executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async update(accountId: string, id: string, patch: RowPatch<'registration_packs'>, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('registration_packs').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async delete(accountId: string, id: string, ex: Executor = this.db): Promise<void> {
    await ex.deleteFrom('registration_packs').where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async deleteOfExhibitor(accountId: string, exhibitorId: string, ex: Executor = this.db): Promise<void> {
    await ex.deleteFrom('registration_packs').where('account_id', '=', accountId).where('exhibitor_id', '=', exhibitorId).execute();
  }
}
