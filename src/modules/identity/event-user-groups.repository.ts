import { Repository, type Executor } from '../../db/repository.js';
import type { Row } from '../../db/types.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';

// The user groups associated with an event (the reference's Events tag: /events/{id}/user-groups). The identity
// module owns them with the groups: deleting a group removes its associations in the same transaction.

export type LinkRow = Row<'event_user_groups'> & { name: string };

export class EventUserGroupsRepository extends Repository {
  list(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('event_user_groups').innerJoin('user_groups', 'user_groups.id', 'event_user_groups.user_group_id')
      .selectAll('event_user_groups').select('user_groups.name').where('event_user_groups.account_id', '=', accountId)
      .where('event_user_groups.event_id', '=', eventId), spec);
  }

  /** Associating again changes nothing (the unique pair decides). */
  async link(row: Row<'event_user_groups'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('event_user_groups').values(row).onConflict((oc) => oc.columns(['event_id', 'user_group_id']).doNothing()).execute();
  }

  async unlink(accountId: string, eventId: string, groupId: string, ex: Executor = this.db): Promise<boolean> {
    const r = await ex.deleteFrom('event_user_groups').where('account_id', '=', accountId).where('event_id', '=', eventId).where('user_group_id', '=', groupId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}

