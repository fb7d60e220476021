import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { Row } from '../../db/types.js';
import { ScopedRepository, ScopedRows, type Executor } from '../../db/repository.js';

/** The registration_types table; every read names the account and the event. */
export class RegistrationTypesRepository extends ScopedRepository<'registration_types', 'event_id'> {
  protected override readonly rows = new ScopedRows('registration_types', 'event_id');

  list(accountId: string, eventId: string, spec: ListSpec) {
    const base = this.db.selectFrom('registration_types').selectAll('registration_types')
      .where('registration_types.account_id', '=', accountId).where('registration_types.event_id', '=', eventId);
    return fetchPage(base, spec);
  }

  /** The event's registration types in id (creation) order: what an event copy reads. */
  ofEvent(accountId: string, eventId: string, ex: Executor = this.db): Promise<Row<'registration_types'>[]> {
    return ex.selectFrom('registration_types').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).orderBy('id').execute();
  }

  findMany(accountId: string, eventId: string, ids: readonly string[], ex: Executor = this.db): Promise<Row<'registration_types'>[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return ex.selectFrom('registration_types').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).where('id', 'in', [...ids]).execute();
  }
}
