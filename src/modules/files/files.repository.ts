import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { Repository, type Executor } from '../../db/repository.js';
import { ERASED_BY, mayHoldAny, redactText, storedForms } from '../privacy/index.js';
import type { Row, NewRow } from '../../db/types.js';

export class FilesRepository extends Repository {
  async insert(row: NewRow<'files'>): Promise<void> {
    await this.db.insertInto('files').values(row).execute();
  }

  async markStored(accountId: string, id: string, patch: { file_size: number; sha256: string }): Promise<void> {
    await this.db.updateTable('files').set({ ...patch, status: 'stored' }).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  /** A complete file of the account (pending uploads are nobody's yet). */
  find(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'files'> | undefined> {
    return ex.selectFrom('files').selectAll().where('account_id', '=', accountId).where('id', '=', id).where('status', '=', 'stored').executeTakeFirst();
  }

  /** By id alone: a signed download URL names the file, and its signature names the account. */
  findStored(id: string): Promise<Row<'files'> | undefined> {
    return this.db.selectFrom('files').selectAll().where('id', '=', id).where('status', '=', 'stored').executeTakeFirst();
  }

  async delete(accountId: string, id: string, ex: Executor = this.db): Promise<void> {
    await ex.deleteFrom('files').where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async attach(accountId: string, id: string, patch: { attached_to: string | null; contact_id: string | null; last_modified: string; last_modified_by: string }, ex: Executor = this.db): Promise<boolean> {
    const r = await ex.updateTable('files').set(patch).where('account_id', '=', accountId).where('id', '=', id).where('status', '=', 'stored').executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Files to purge: unattached and older than `unattachedBefore`, or abandoned uploads older than `pendingBefore`. */
  expired(unattachedBefore: string, pendingBefore: string, limit: number) {
    return this.db.selectFrom('files').select(['id', 'account_id', 'storage_key'])
      .where((eb) => eb.or([
        eb.and([eb('status', '=', 'stored'), eb('attached_to', 'is', null), eb('contact_id', 'is', null), eb('created', '<', unattachedBefore)]),
        eb.and([eb('status', '=', 'pending'), eb('created', '<', pendingBefore)]),
      ]))
      .orderBy('created').limit(limit).execute();
  }

  /** Erasure: the contact's files go (their bytes by a job the caller enqueues); returns their storage keys. */
  async deleteOfContacts(trx: Transaction<Database>, accountId: string, contactIds: readonly string[]): Promise<string[]> {
    const rows = await trx.selectFrom('files').select(['id', 'storage_key']).where('account_id', '=', accountId).where('contact_id', 'in', [...contactIds]).execute();
    if (rows.length > 0) await trx.deleteFrom('files').where('account_id', '=', accountId).where('contact_id', 'in', [...contactIds]).execute();
    return rows.map((r) => r.storage_key);
  }

  /** Erasure: the contact's values wherever a file name quotes them. */
  async redactNames(trx: Transaction<Database>, accountId: string, values: readonly string[], now: string): Promise<number> {
    const forms = storedForms(values);
    if (forms.length === 0) return 0;
    const rows = await trx.selectFrom('files').select(['id', 'friendly_name']).where('account_id', '=', accountId)
      .where(mayHoldAny(['friendly_name'], forms)).execute();
    let changed = 0;
    for (const row of rows) {
      const name = redactText(row.friendly_name, forms);
      if (name === row.friendly_name) continue;
      await trx.updateTable('files').set({ friendly_name: name, last_modified: now, last_modified_by: ERASED_BY })
        .where('id', '=', row.id).where('account_id', '=', accountId).execute();
      changed++;
    }
    return changed;
  }

  /** A contact merge (issue 30): the merged contact's rows become the survivor's, in the merge's transaction. */
  async moveContact(accountId: string, fromId: string, toId: string, ex: Executor): Promise<void> {
    await ex.updateTable('files').set({ contact_id: toId }).where('account_id', '=', accountId).where('contact_id', '=', fromId).execute();
  }
}
