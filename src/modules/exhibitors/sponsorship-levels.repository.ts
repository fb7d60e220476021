import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/index.js';
import type { Row, NewRow, RowPatch } from '../../db/types.js';

type Executor = Db | Transaction<Database>;

/** The sponsorship_levels table; every read names the account and the event. */
export class SponsorshipLevelsRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** All of the event's levels (an event has a handful): by rank (unranked last), then name. */
  all(accountId: string, eventId: string): Promise<Row<'sponsorship_levels'>[]> {
    return this.db.selectFrom('sponsorship_levels').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId)
      .orderBy(sql`case when rank is null then 1 else 0 end`).orderBy('rank').orderBy('name').orderBy('id').execute();
  }

  find(accountId: string, eventId: string, id: string, ex: Executor = this.db): Promise<Row<'sponsorship_levels'> | undefined> {
    return ex.selectFrom('sponsorship_levels').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).where('id', '=', id).executeTakeFirst();
  }

  async insert(row: NewRow<'sponsorship_levels'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('sponsorship_levels').values(row).execute();
  }

  async update(accountId: string, id: string, patch: RowPatch<'sponsorship_levels'>, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('sponsorship_levels').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async delete(accountId: string, id: string, ex: Executor = this.db): Promise<void> {
    await ex.deleteFrom('sponsorship_levels').where('account_id', '=', accountId).where('id', '=', id).execute();
  }
}
