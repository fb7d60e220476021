import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { FeatureType } from './event-features.table.js';
import type { NewRow, RowPatch } from '../../db/types.js';
import { Repository, ScopedRows, type Executor } from '../../db/repository.js';

const FEATURES = new ScopedRows('event_features', 'event_id');

export class EventFeaturesRepository extends Repository {
  list(accountId: string, eventId: string, spec: ListSpec) {
    const base = this.db.selectFrom('event_features').selectAll('event_features')
      .where('event_features.account_id', '=', accountId).where('event_features.event_id', '=', eventId);
    return fetchPage(base, spec);
  }

  /** The event's feature rows (all of them: at most one per type). */
  all(accountId: string, eventId: string, ex: Executor = this.db) {
    return ex.selectFrom('event_features').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).execute();
  }

  find(accountId: string, eventId: string, type: FeatureType, ex: Executor = this.db) {
    return FEATURES.findBy(ex, accountId, eventId, 'type', type);
  }

  /** Lazy creation: rows another request created first are left as they are (the unique index decides). */
  async insertMissing(rows: readonly NewRow<'event_features'>[], ex: Executor = this.db): Promise<void> {
    if (rows.length === 0) return;
    await ex.insertInto('event_features').values([...rows]).onConflict((oc) => oc.columns(['event_id', 'type']).doNothing()).execute();
  }

  update(accountId: string, id: string, patch: RowPatch<'event_features'>, ex: Executor = this.db): Promise<void> {
    return FEATURES.update(ex, accountId, id, patch);
  }

  /** Launches once: false when the row was launched already (by a concurrent request too). */
  async launch(accountId: string, id: string, patch: RowPatch<'event_features'>, ex: Executor = this.db): Promise<boolean> {
    const r = await ex.updateTable('event_features').set(patch)
      .where('account_id', '=', accountId).where('id', '=', id).where('launched', 'is', null).where('enabled', '=', 1).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
