import type { Transaction } from 'kysely';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import type { Clock } from '../../db/time.js';
import type { Row } from '../../db/types.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { AttendeesService } from '../attendees/index.js';
import type { EventsService } from '../events/index.js';
import { AttendeeMessagesErrors } from './attendee-messages.errors.js';
import { membersList } from './attendee-messages.filters.js';
import type { AttendeeMessagesRepository } from './attendee-messages.repository.js';
import type { Member } from './attendee-messages.schemas.js';

export interface AttendeeMessagesUses {
  readonly events: Pick<EventsService, 'find'>;
  readonly attendees: Pick<AttendeesService, 'findInEvent'>;
}

function toApi(r: Row<'message_channel_members'>): Member {
  return {
    attendee: { id: r.attendee_id, active: r.active === 1, ...(r.left_channel_at !== null ? { leftChannelAt: r.left_channel_at } : {}) },
    channel: { id: r.channel_id },
  };
}

/** Who is in which attendee-messaging channel of an event (issue 30): members join, leave (inactive, with the time) and may come back. */
export class AttendeeMessagesService {
  constructor(
    private readonly repo: AttendeeMessagesRepository,
    private readonly uses: AttendeeMessagesUses,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  private async event(accountId: string, id: string, trx?: Transaction<Database>): Promise<string> {
    const event = await this.uses.events.find(accountId, id.toLowerCase(), trx);
    if (!event) throw AttendeeMessagesErrors.eventNotFound(undefined, { target: 'eventId' });
    return event.id;
  }

  async listMembers(accountId: string, eventId: string, query: ListQuery): Promise<{ paging: Paging; data: Member[] }> {
    const event = await this.event(accountId, eventId);
    if (query.filter === undefined && query.token === undefined) throw AttendeeMessagesErrors.filterRequired(undefined, { target: 'filter' });
    return listPage(membersList(event), query, (spec) => this.repo.listMembers(accountId, event, spec), toApi,
      `${this.config.publicUrl}/${this.config.apiVersion}/events/${event}/attendee-messages/members`);
  }

  /** Adds the attendee to the channel, or brings them back (active again); again changes nothing. */
  async join(auth: AuthContext, eventId: string, channelId: string, attendeeId: string): Promise<Member> {
    return this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      const attendee = await this.uses.attendees.findInEvent(auth.accountId, event, attendeeId, trx);
      if (!attendee) throw AttendeeMessagesErrors.attendeeNotFound(undefined, { target: 'attendeeId' });
      const stamp = auditStamp(auth, this.clock());
      const row = await this.repo.findMember(auth.accountId, event, channelId, attendee.id, trx);
      if (!row) {
        const created: Row<'message_channel_members'> = {
          id: newId(), account_id: auth.accountId, event_id: event, channel_id: channelId, attendee_id: attendee.id, active: 1, left_channel_at: null, ...stamp.created,
        };
        await this.repo.insertMember(created, trx);
        return toApi(created);
      }
      if (row.active === 1) return toApi(row);
      const patch = { active: 1, left_channel_at: null, ...stamp.modified };
      await this.repo.updateMember(auth.accountId, row.id, patch, trx);
      return toApi({ ...row, ...patch });
    });
  }

  /** The attendee leaves the channel: still listed, inactive, with the time they left. 404 when they are not a member. */
  async leave(auth: AuthContext, eventId: string, channelId: string, attendeeId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      const row = await this.repo.findMember(auth.accountId, event, channelId, attendeeId.toLowerCase(), trx);
      if (!row) throw AttendeeMessagesErrors.memberNotFound(undefined, { target: 'attendeeId' });
      if (row.active === 0) return;
      const stamp = auditStamp(auth, this.clock());
      await this.repo.updateMember(auth.accountId, row.id, { active: 0, left_channel_at: stamp.modified.last_modified, ...stamp.modified }, trx);
    });
  }
}
