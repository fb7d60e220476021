import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { Repository, type Executor } from '../../db/repository.js';
import { compiledOnce } from '../../db/compiled.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import { mayHoldAny, redactText, storedForms } from '../privacy/index.js';
import type { Row, NewRow, RowPatch } from '../../db/types.js';

// GET /events/{id} is the hottest read: its SQL is compiled once.
const findEvent = compiledOnce((ex, accountId: string, id: string) => ex.selectFrom('events').selectAll().where('account_id', '=', accountId).where('id', '=', id));

export class EventsRepository extends Repository {
  list(accountId: string, spec: ListSpec) {
    const base = this.db.selectFrom('events').selectAll('events').where('events.account_id', '=', accountId);
    return fetchPage(base, spec);
  }

  async find(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'events'> | undefined> {
    return (await findEvent(ex, accountId, id))[0];
  }

  async findMany(accountId: string, ids: readonly string[], ex: Executor = this.db): Promise<Row<'events'>[]> {
    if (ids.length === 0) return [];
    return ex.selectFrom('events').selectAll().where('account_id', '=', accountId).where('id', 'in', ids).execute();
  }

  /** Idempotent: a retried creation job finds its row already there. */
  async insertIfAbsent(row: NewRow<'events'>, ex: Executor = this.db) {
    await ex.insertInto('events').values(row).onConflict((oc) => oc.column('id').doNothing()).execute();
  }

  async update(accountId: string, id: string, patch: RowPatch<'events'>, ex: Executor = this.db) {
    const r = await ex.updateTable('events').set(patch).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  insertCreation(row: NewRow<'event_creations'>, ex: Executor = this.db) {
    return ex.insertInto('event_creations').values(row).execute();
  }

  findCreation(accountId: string, id: string) {
    return this.db.selectFrom('event_creations').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  findCreationById(id: string, ex: Executor = this.db) {
    return ex.selectFrom('event_creations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async finishCreation(id: string, patch: RowPatch<'event_creations'>, ex: Executor = this.db) {
    await ex.updateTable('event_creations').set(patch).where('id', '=', id).execute();
  }

  // ---- Copies (events.copy.ts) ----

  insertCopy(row: NewRow<'event_copies'>, ex: Executor = this.db) {
    return ex.insertInto('event_copies').values(row).execute();
  }

  findCopy(accountId: string, id: string) {
    return this.db.selectFrom('event_copies').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  /**
   * The copy transaction's first statement: takes the copy's row (PostgreSQL's row lock, SQLite's write lock) while it
   * is still Processing. A second worker waits here for the first to commit and then finds it Created: false.
   */
  async claimCopy(id: string, now: string, trx: Transaction<Database>): Promise<Row<'event_copies'> | undefined> {
    const r = await trx.updateTable('event_copies').set((eb) => ({ attempts: eb('attempts', '+', 1), last_modified: now }))
      .where('id', '=', id).where('status', '=', 'Processing').executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return undefined;
    return trx.selectFrom('event_copies').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async finishCopy(id: string, patch: RowPatch<'event_copies'>, ex: Executor = this.db) {
    await ex.updateTable('event_copies').set(patch).where('id', '=', id).execute();
  }

  /** Erasure: the contact's values wherever a stored creation request or its error quotes them. */
  async redactCreations(trx: Transaction<Database>, accountId: string, values: readonly string[]): Promise<number> {
    const forms = storedForms(values);
    if (forms.length === 0) return 0;
    const rows = await trx.selectFrom('event_creations').select(['id', 'request', 'error']).where('account_id', '=', accountId)
      .where(mayHoldAny(['request', 'error'], forms))
      .execute();
    let changed = 0;
    for (const row of rows) {
      const request = redactText(row.request, forms);
      const error = row.error === null ? null : redactText(row.error, forms);
      if (request === row.request && error === row.error) continue;
      await trx.updateTable('event_creations').set({ request, error }).where('id', '=', row.id).where('account_id', '=', accountId).execute();
      changed += 1;
    }
    return changed;
  }

  /** Erasure: the contact's values where an event's planners quote them. */
  async redactPlanners(trx: Transaction<Database>, accountId: string, values: readonly string[]): Promise<number> {
    const forms = storedForms(values);
    if (forms.length === 0) return 0;
    const rows = await trx.selectFrom('events').select(['id', 'planners']).where('account_id', '=', accountId)
      .where(mayHoldAny(['planners'], forms))
      .execute();
    let changed = 0;
    for (const row of rows) {
      const planners = redactText(row.planners, forms);
      if (planners === row.planners) continue;
      await trx.updateTable('events').set({ planners }).where('id', '=', row.id).where('account_id', '=', accountId).execute();
      changed += 1;
    }
    return changed;
  }
}
