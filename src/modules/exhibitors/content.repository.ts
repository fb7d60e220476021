import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { Repository, ScopedRows, type Executor } from '../../db/repository.js';
import { mayHoldAny } from '../privacy/index.js';
import type { Row, NewRow, RowPatch } from '../../db/types.js';

const FILES = new ScopedRows('exhibitor_files', 'exhibitor_id');
const WEBLINKS = new ScopedRows('exhibitor_weblinks', 'exhibitor_id');

/** Exhibitor files and weblinks; every read names the account and the exhibitor. */
export class ContentRepository extends Repository {
  listFiles(accountId: string, exhibitorId: string): Promise<Row<'exhibitor_files'>[]> {
    return this.db.selectFrom('exhibitor_files').selectAll().where('account_id', '=', accountId).where('exhibitor_id', '=', exhibitorId)
      .orderBy('display_order').orderBy('created').orderBy('id').execute();
  }

  findFile(accountId: string, exhibitorId: string, id: string, ex: Executor = this.db): Promise<Row<'exhibitor_files'> | undefined> {
    return FILES.find(ex, accountId, exhibitorId, id);
  }

  countFiles(accountId: string, exhibitorId: string, ex: Executor = this.db): Promise<number> {
    return FILES.countUnder(ex, accountId, exhibitorId);
  }

  insertFile(row: NewRow<'exhibitor_files'>, ex: Executor = this.db): Promise<void> {
    return FILES.insert(ex, row);
  }

  updateFile(accountId: string, id: string, patch: Pick<Row<'exhibitor_files'>, 'display_name' | 'hidden' | 'display_order' | 'last_modified' | 'last_modified_by'>, ex: Executor = this.db): Promise<void> {
    return FILES.update(ex, accountId, id, patch);
  }

  setFileName(accountId: string, id: string, patch: Pick<Row<'exhibitor_files'>, 'display_name' | 'last_modified' | 'last_modified_by'>, ex: Executor = this.db): Promise<void> {
    return FILES.update(ex, accountId, id, patch);
  }

  deleteFile(accountId: string, exhibitorId: string, id: string, ex: Executor = this.db): Promise<boolean> {
    return FILES.deleteUnder(ex, accountId, exhibitorId, id);
  }

  listWeblinks(accountId: string, exhibitorId: string): Promise<Row<'exhibitor_weblinks'>[]> {
    return this.db.selectFrom('exhibitor_weblinks').selectAll().where('account_id', '=', accountId).where('exhibitor_id', '=', exhibitorId)
      .orderBy('display_order').orderBy('created').orderBy('id').execute();
  }

  findWeblink(accountId: string, exhibitorId: string, id: string, ex: Executor = this.db): Promise<Row<'exhibitor_weblinks'> | undefined> {
    return WEBLINKS.find(ex, accountId, exhibitorId, id);
  }

  countWeblinks(accountId: string, exhibitorId: string, ex: Executor = this.db): Promise<number> {
    return WEBLINKS.countUnder(ex, accountId, exhibitorId);
  }

  insertWeblink(row: NewRow<'exhibitor_weblinks'>, ex: Executor = this.db): Promise<void> {
    return WEBLINKS.insert(ex, row);
  }

  updateWeblink(accountId: string, id: string, patch: RowPatch<'exhibitor_weblinks'>, ex: Executor = this.db): Promise<void> {
    return WEBLINKS.update(ex, accountId, id, patch);
  }

  deleteWeblink(accountId: string, exhibitorId: string, id: string): Promise<boolean> {
    return WEBLINKS.deleteUnder(this.db, accountId, exhibitorId, id);
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
