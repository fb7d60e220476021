import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { NewRow, Row, RowPatch } from '../../db/types.js';
import { Repository, type Executor } from '../../db/repository.js';

/** Channel members; every statement names the account. */
export class AttendeeMessagesRepository extends Repository {
  listMembers(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('message_channel_members').selectAll('message_channel_members')
      .where('message_channel_members.account_id', '=', accountId).where('message_channel_members.event_id', '=', eventId), spec);
  }

  findMember(accountId: string, eventId: string, channelId: string, attendeeId: string, ex: Executor = this.db): Promise<Row<'message_channel_members'> | undefined> {
    return ex.selectFrom('message_channel_members').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId)
      .where('channel_id', '=', channelId).where('attendee_id', '=', attendeeId).executeTakeFirst();
  }

  async insertMember(row: NewRow<'message_channel_members'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('message_channel_members').values(row).execute();
  }

  async updateMember(accountId: string, id: string, patch: RowPatch<'message_channel_members'>, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('message_channel_members').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }
}
