import { defineList, filterColumns } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

const member = filterColumns('message_channel_members');
/** GET /events/{eventId}/attendee-messages/members: `channel.id (eq|in)`, with `or`. */
export const membersList = (eventId: string) => defineList<Row<'message_channel_members'>>({
  name: `attendee-message-members:${eventId}`,
  filters: { 'channel.id': member.field('channel_id', 'string', { ops: ['eq', 'in'] }) },
  order: [{ column: 'message_channel_members.id', value: (r) => r.id }],
});
