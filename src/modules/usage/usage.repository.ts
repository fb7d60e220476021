import type { NewRow } from '../../db/types.js';
import { Repository } from '../../db/repository.js';

// Rows per statement stay well under SQLite's bound-parameter limit.
const CHUNK = 200;

export class UsageRepository extends Repository {
  /** Adds calls to the (account, day, hour) counters, creating the missing ones. */
  async addCalls(rows: readonly NewRow<'api_usage'>[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await this.db.insertInto('api_usage').values(rows.slice(i, i + CHUNK))
        .onConflict((oc) => oc.columns(['account_id', 'day', 'hour']).doUpdateSet((eb) => ({ calls: eb('api_usage.calls', '+', eb.ref('excluded.calls')) })))
        .execute();
    }
  }

  hours(accountId: string, day: string) {
    return this.db.selectFrom('api_usage').select(['hour', 'calls']).where('account_id', '=', accountId).where('day', '=', day).execute();
  }

  /** Calls per day between two days (inclusive). */
  dailyTotals(accountId: string, from: string, to: string) {
    return this.db.selectFrom('api_usage')
      .select((eb) => ['day', eb.fn.sum<number>('calls').as('calls')])
      .where('account_id', '=', accountId).where('day', '>=', from).where('day', '<=', to)
      .groupBy('day').orderBy('day').execute();
  }

  /** The most recent days before `before` on which the account made calls, newest first. */
  recentDays(accountId: string, before: string, limit: number) {
    return this.db.selectFrom('api_usage')
      .select((eb) => ['day', eb.fn.sum<number>('calls').as('calls')])
      .where('account_id', '=', accountId).where('day', '<', before)
      .groupBy('day').orderBy('day', 'desc').limit(limit).execute();
  }
}
