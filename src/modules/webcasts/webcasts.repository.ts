import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { NewRow, RowPatch } from '../../db/types.js';
import { AccountRows, Repository, type Executor } from '../../db/repository.js';
export type { Executor } from '../../db/repository.js';

const WEBCASTS = new AccountRows('webcasts');

export class WebcastsRepository extends Repository {
  list(accountId: string, spec: ListSpec) {
    const base = this.db.selectFrom('webcasts').selectAll('webcasts').where('webcasts.account_id', '=', accountId);
    return fetchPage(base, spec);
  }

  /** The account's webcasts on an outside platform: a provider other than None, or a player type. */
  listOnPlatforms(accountId: string, spec: ListSpec) {
    const base = this.db.selectFrom('webcasts').selectAll('webcasts').where('webcasts.account_id', '=', accountId)
      .where((eb) => eb.or([eb.and([eb('webcasts.provider', 'is not', null), eb('webcasts.provider', '<>', 'None')]), eb('webcasts.player_type', 'is not', null)]));
    return fetchPage(base, spec);
  }

  find(accountId: string, id: string, ex: Executor = this.db) {
    return WEBCASTS.get(ex, accountId, id);
  }

  findBySession(accountId: string, sessionId: string, ex: Executor = this.db) {
    return ex.selectFrom('webcasts').select('id').where('account_id', '=', accountId).where('session_id', '=', sessionId).executeTakeFirst();
  }

  /** The sessions of the event that a webcast points at. */
  async sessionIdsOfEvent(accountId: string, eventId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('webcasts').select('session_id')
      .where('account_id', '=', accountId).where('event_id', '=', eventId).where('session_id', 'is not', null).execute();
    return rows.flatMap((r) => (r.session_id === null ? [] : [r.session_id]));
  }

  insert(row: NewRow<'webcasts'>, ex: Executor): Promise<void> {
    return WEBCASTS.insert(ex, row);
  }

  update(accountId: string, id: string, patch: RowPatch<'webcasts'>, ex: Executor): Promise<void> {
    return WEBCASTS.update(ex, accountId, id, patch);
  }

  /** Attendee links carry their webcast's session; they follow it when it changes. */
  async moveLinksToSession(accountId: string, webcastId: string, sessionId: string | null, ex: Executor) {
    await ex.updateTable('attendee_links').set({ session_id: sessionId })
      .where('account_id', '=', accountId).where('webcast_id', '=', webcastId).execute();
  }

  async delete(accountId: string, id: string, ex: Executor): Promise<boolean> {
    // The links belong to the webcast and go with it (the foreign key would refuse otherwise).
    await ex.deleteFrom('attendee_links').where('account_id', '=', accountId).where('webcast_id', '=', id).execute();
    const r = await ex.deleteFrom('webcasts').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
