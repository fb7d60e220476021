import { sql } from 'kysely';
import type { Row } from '../../db/types.js';
import { ScopedRepository, ScopedRows, type Executor } from '../../db/repository.js';

/** The sponsorship_levels table; every read names the account and the event. */
export class SponsorshipLevelsRepository extends ScopedRepository<'sponsorship_levels', 'event_id'> {
  protected override readonly rows = new ScopedRows('sponsorship_levels', 'event_id');

  /** All of the event's levels (an event has a handful): by rank (unranked last), then name. */
  all(accountId: string, eventId: string): Promise<Row<'sponsorship_levels'>[]> {
    return this.db.selectFrom('sponsorship_levels').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId)
      .orderBy(sql`case when rank is null then 1 else 0 end`).orderBy('rank').orderBy('name').orderBy('id').execute();
  }

  delete(accountId: string, id: string, ex: Executor = this.db): Promise<void> {
    return this.rows.delete(ex, accountId, id);
  }
}
