import type { Transaction } from 'kysely';
import { Type } from 'typebox';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import type { Clock } from '../../db/time.js';
import { CommonErrors } from '../../errors.js';
import { defineList, listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { EventsService } from '../events/index.js';
import type { EventUserGroupsRepository, LinkRow } from './event-user-groups.repository.js';
import type { UserGroupsService } from './groups.service.js';

const EVENT_USER_GROUPS_LIST = (eventId: string) => defineList<LinkRow>({
  name: `event-user-groups:${eventId}`, filters: {}, order: [{ column: 'event_user_groups.id', value: (r) => r.id }],
});

export const EventUserGroupSchema = Type.Object(
  { id: Type.String({ format: 'uuid', description: 'The user group.' }), name: Type.String({ description: 'The name of the user group.' }) },
  { title: 'UserGroup' },
);
export type EventUserGroup = { id: string; name: string };

/** Associates the account's user groups with its events. */
export class EventUserGroupsService {
  constructor(
    private readonly repo: EventUserGroupsRepository,
    private readonly groups: Pick<UserGroupsService, 'row'>,
    private readonly events: Pick<EventsService, 'find'>,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  /** Inside a transaction, pass it: on SQLite another connection would wait for it forever. */
  private async event(accountId: string, id: string, trx?: Transaction<Database>): Promise<string> {
    const event = await this.events.find(accountId, id.toLowerCase(), trx);
    if (!event) throw CommonErrors.notFound('Event not found', { target: 'id' });
    return event.id;
  }

  async list(accountId: string, eventId: string, query: ListQuery): Promise<{ paging: Paging; data: EventUserGroup[] }> {
    const id = await this.event(accountId, eventId);
    return listPage(EVENT_USER_GROUPS_LIST(id), query, (spec) => this.repo.list(accountId, id, spec), (r) => ({ id: r.user_group_id, name: r.name }),
      `${this.config.publicUrl}/${this.config.apiVersion}/events/${id}/user-groups`);
  }

  async associate(auth: AuthContext, eventId: string, groupId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const id = await this.event(auth.accountId, eventId, trx);
      const group = await this.groups.row(auth.accountId, groupId, trx);
      await this.repo.link({ id: newId(), account_id: auth.accountId, event_id: id, user_group_id: group.id, ...auditStamp(auth, this.clock()).created }, trx);
    });
  }

  async disassociate(auth: AuthContext, eventId: string, groupId: string): Promise<void> {
    const id = await this.event(auth.accountId, eventId);
    if (!(await this.repo.unlink(auth.accountId, id, groupId.toLowerCase()))) {
      throw CommonErrors.notFound('The user group is not associated with this event', { target: 'userGroupId' });
    }
  }
}

