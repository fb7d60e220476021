import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/index.js';
import { mayHoldAny } from '../privacy/index.js';
import type { Row, NewRow, RowPatch } from '../../db/types.js';

type Executor = Db | Transaction<Database>;

/** Exhibitor files and weblinks; every read names the account and the exhibitor. */
export class ContentRepository {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  listFiles(accountId: string, exhibitorId: string): Promise<Row<'exhibitor_files'>[]> {
    return this.db.selectFrom('exhibitor_files').selectAll().where('account_id', '=', accountId).where('exhibitor_id', '=', exhibitorId)
      .orderBy('display_order').orderBy('created').orderBy('id').execute();
  }

  findFile(accountId: string, exhibitorId: string, id: string, ex: Executor = this.db): Promise<Row<'exhibitor_files'> | undefined> {
    return ex.selectFrom('exhibitor_files').selectAll().where('account_id', '=', accountId).where('exhibitor_id', '=', exhibitorId).where('id', '=', id).executeTakeFirst();
  }

  async countFiles(accountId: string, exhibitorId: string, ex: Executor = this.db): Promise<number> {
    const r = await ex.selectFrom('exhibitor_files').select((eb) => eb.fn.countAll().as('n')).where('account_id', '=', accountId).where('exhibitor_id', '=', exhibitorId).executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async insertFile(row: NewRow<'exhibitor_files'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('exhibitor_files').values(row).execute();
  }

  async updateFile(accountId: string, id: string, patch: Pick<Row<'exhibitor_files'>, 'display_name' | 'hidden' | 'display_order' | 'last_modified' | 'last_modified_by'>, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('exhibitor_files').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async setFileName(accountId: string, id: string, patch: Pick<Row<'exhibitor_files'>, 'display_name' | 'last_modified' | 'last_modified_by'>, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('exhibitor_files').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async deleteFile(accountId: string, exhibitorId: string, id: string, ex: Executor = this.db): Promise<boolean> {
    const r = await ex.deleteFrom('exhibitor_files').where('account_id', '=', accountId).where('exhibitor_id', '=', exhibitorId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  listWeblinks(accountId: string, exhibitorId: string): Promise<Row<'exhibitor_weblinks'>[]> {
    return this.db.selectFrom('exhibitor_weblinks').selectAll().where('account_id', '=', accountId).where('exhibitor_id', '=', exhibitorId)
      .orderBy('display_order').orderBy('created').orderBy('id').execute();
  }

  findWeblink(accountId: string, exhibitorId: string, id: string, ex: Executor = this.db): Promise<Row<'exhibitor_weblinks'> | undefined> {
    return ex.selectFrom('exhibitor_weblinks').selectAll().where('account_id', '=', accountId).where('exhibitor_id', '=', exhibitorId).where('id', '=', id).executeTakeFirst();
  }

  async countWeblinks(accountId: string, exhibitorId: string, ex: Executor = this.db): Promise<number> {
    const r = await ex.selectFrom('exhibitor_weblinks').select((eb) => eb.fn.countAll().as('n')).where('account_id', '=', accountId).where('exhibitor_id', '=', exhibitorId).executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async insertWeblink(row: NewRow<'exhibitor_weblinks'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('exhibitor_weblinks').values(row).execute();
  }

  async updateWeblink(accountId: string, id: string, patch: RowPatch<'exhibitor_weblinks'>, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('exhibitor_weblinks').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async deleteWeblink(accountId: string, exhibitorId: string, id: string): Promise<boolean> {
    const r = await this.db.deleteFrom('exhibitor_weblinks').where('account_id', '=', accountId).where('exhibitor_id', '=', exhibitorId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Deletes the exhibitor's file associations and weblinks; returns the ids of the files that were associated. */
  async deleteOfExhibitor(trx: Transaction<Database>, accountId: string, exhibitorId: string): Promise<string[]> {
    const files = await trx.selectFrom('exhibitor_files').select('id').where('account_id', '=', accountId).where('exhibitor_id', '=', exhibitorId).execute();
    await trx.deleteFrom('exhibitor_files').where('account_id', '=', accountId).where('exhibitor_id', '=', exhibitorId).execute();
    await trx.deleteFrom('exhibitor_weblinks').where('account_id', '=', accountId).where('exhibitor_id', '=', exhibitorId).execute();
    return files.map((f) => f.id);
  }

  /** Files and weblinks of the account whose texts may hold one of the forms (a superset: the eraser confirms each). */
  filesMentioning(trx: Transaction<Database>, accountId: string, forms: readonly string[]) {
    return trx.selectFrom('exhibitor_files').select(['id', 'display_name']).where('account_id', '=', accountId)
      .where(mayHoldAny(['exhibitor_files.display_name'], forms)).execute();
  }

  weblinksMentioning(trx: Transaction<Database>, accountId: string, forms: readonly string[]) {
    return trx.selectFrom('exhibitor_weblinks').select(['id', 'name', 'url']).where('account_id', '=', accountId)
      .where(mayHoldAny(['exhibitor_weblinks.name', 'exhibitor_weblinks.url'], forms)).execute();
  }
}
