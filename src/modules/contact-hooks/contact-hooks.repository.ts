import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { Repository } from '../../db/repository.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { TransactionStatus } from './contact-hooks.table.js';
import type { Row, NewRow, RowPatch } from '../../db/types.js';

/** The database handle or a transaction on it (inside one, pass it: SQLite has one connection). */
export type Executor = Kysely<Database>;

/** A transaction that has ended: nothing changes it any more. */
export const FINAL_STATUSES: readonly TransactionStatus[] = ['merged', 'unchanged', 'rejected', 'failed', 'cancelled'];

const STORED_KEY_ID = '~db';

export class ContactHooksRepository extends Repository {
  // --- hooks -------------------------------------------------------------

  listHooks(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('contact_hooks').selectAll().where('contact_hooks.account_id', '=', accountId), spec);
  }

  findHook(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'contact_hooks'> | undefined> {
    return ex.selectFrom('contact_hooks').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  /** The account's hook (an account has at most one). */
  hookOf(accountId: string, ex: Executor = this.db): Promise<Row<'contact_hooks'> | undefined> {
    return ex.selectFrom('contact_hooks').selectAll().where('account_id', '=', accountId).orderBy('id').executeTakeFirst();
  }

  async insertHook(row: NewRow<'contact_hooks'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('contact_hooks').values(row).execute();
  }

  async updateHook(accountId: string, id: string, patch: Omit<RowPatch<'contact_hooks'>, 'id' | 'account_id'>, ex: Executor = this.db): Promise<boolean> {
    const r = await ex.updateTable('contact_hooks').set(patch).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  /** The hook and its delivery log; jobs still queued for it find nothing and end. */
  async deleteHook(accountId: string, id: string, ex?: Executor): Promise<boolean> {
    const run = async (trx: Executor): Promise<boolean> => {
      const ofHook = trx.selectFrom('contact_hook_transactions').select('id').where('account_id', '=', accountId).where('hook_id', '=', id);
      await trx.deleteFrom('contact_hook_attempts').where('account_id', '=', accountId).where('transaction_id', 'in', ofHook).execute();
      await trx.deleteFrom('contact_hook_transactions').where('account_id', '=', accountId).where('hook_id', '=', id).execute();
      const r = await trx.deleteFrom('contact_hooks').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
      return r.numDeletedRows > 0n;
    };
    return ex ? run(ex) : this.transaction(run);
  }

  // --- transactions and attempts --------------------------------------------

  async insertTransaction(row: NewRow<'contact_hook_transactions'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('contact_hook_transactions').values(row).execute();
  }

  findTransaction(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'contact_hook_transactions'> | undefined> {
    return ex.selectFrom('contact_hook_transactions').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  listTransactions(accountId: string, hookId: string, spec: ListSpec) {
    const base = this.db.selectFrom('contact_hook_transactions').selectAll()
      .where('contact_hook_transactions.account_id', '=', accountId).where('contact_hook_transactions.hook_id', '=', hookId);
    return fetchPage(base, spec);
  }

  /** Changes a transaction that has not ended; false when it had (another run finished it). */
  async updateOpenTransaction(accountId: string, id: string, patch: Omit<RowPatch<'contact_hook_transactions'>, 'id' | 'account_id'>, ex: Executor = this.db): Promise<boolean> {
    const r = await ex.updateTable('contact_hook_transactions').set(patch)
      .where('account_id', '=', accountId).where('id', '=', id).where('status', 'not in', [...FINAL_STATUSES])
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  async insertAttempt(row: NewRow<'contact_hook_attempts'>): Promise<void> {
    await this.db.insertInto('contact_hook_attempts').values(row).execute();
  }

  async updateAttempt(accountId: string, id: string, patch: Pick<Row<'contact_hook_attempts'>, 'outcome' | 'status_code' | 'duration_ms' | 'error'>, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('contact_hook_attempts').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  attemptsOf(accountId: string, transactionId: string): Promise<Row<'contact_hook_attempts'>[]> {
    return this.db.selectFrom('contact_hook_attempts').selectAll()
      .where('account_id', '=', accountId).where('transaction_id', '=', transactionId)
      .orderBy('attempt').orderBy('id').execute();
  }

  // --- erasure (inside the obfuscation's transaction) ----------------------

  transactionsOfContacts(trx: Transaction<Database>, accountId: string, contactIds: readonly string[]): Promise<Row<'contact_hook_transactions'>[]> {
    return trx.selectFrom('contact_hook_transactions').selectAll().where('account_id', '=', accountId).where('contact_id', 'in', [...contactIds]).execute();
  }

  attemptsOfContacts(trx: Transaction<Database>, accountId: string, contactIds: readonly string[]): Promise<Row<'contact_hook_attempts'>[]> {
    const ofContact = trx.selectFrom('contact_hook_transactions').select('id').where('account_id', '=', accountId).where('contact_id', 'in', [...contactIds]);
    return trx.selectFrom('contact_hook_attempts').selectAll().where('account_id', '=', accountId).where('transaction_id', 'in', ofContact).execute();
  }

  async setAttemptError(trx: Transaction<Database>, accountId: string, id: string, error: string | null): Promise<void> {
    await trx.updateTable('contact_hook_attempts').set({ error }).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async forgetContact(trx: Transaction<Database>, accountId: string, id: string, patch: Omit<RowPatch<'contact_hook_transactions'>, 'id' | 'account_id'>): Promise<void> {
    await trx.updateTable('contact_hook_transactions').set({ ...patch, contact_id: null }).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  // --- the stored encryption key -------------------------------------------

  async storedKey(): Promise<string | undefined> {
    const row = await this.db.selectFrom('contact_hook_keys').select('secret').where('kid', '=', STORED_KEY_ID).executeTakeFirst();
    return row?.secret;
  }

  /** The stored key, made once: concurrent processes insert at most one row and all read it back. */
  async storedKeyOrCreate(secret: string, now: string): Promise<{ kid: string; secret: string }> {
    await this.db.insertInto('contact_hook_keys').values({ kid: STORED_KEY_ID, secret, created: now })
      .onConflict((oc) => oc.column('kid').doNothing()).execute();
    const stored = await this.storedKey();
    if (stored === undefined) throw new Error('the contact hooks\' encryption key could not be stored');
    return { kid: STORED_KEY_ID, secret: stored };
  }

  storedKeyId(): string {
    return STORED_KEY_ID;
  }
}
