import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/index.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { Row, NewRow, RowPatch } from '../../db/types.js';

type Executor = Db | Transaction<Database>;

/** The registration_types table; every read names the account and the event. */
export class RegistrationTypesRepository {
  constructor(private readonly db: Db) {}

  list(accountId: string, eventId: string, spec: ListSpec) {
    const base = this.db.selectFrom('registration_types').selectAll('registration_types')
      .where('registration_types.account_id', '=', accountId).where('registration_types.event_id', '=', eventId);
    return fetchPage(base, spec);
  }

  find(accountId: string, eventId: string, id: string, ex: Executor = this.db): Promise<Row<'registration_types'> | undefined> {
    return ex.selectFrom('registration_types').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).where('id', '=', id).executeTakeFirst();
  }

  findMany(accountId: string, eventId: string, ids: readonly string[], ex: Executor = this.db): Promise<Row<'registration_types'>[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return ex.selectFrom('registration_types').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).where('id', 'in', [...ids]).execute();
  }

  async insert(row: NewRow<'registration_types'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('registration_types').values(row).execute();
  }

  async update(accountId: string, id: string, patch: RowPatch<'registration_types'>, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('registration_types').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }
}
