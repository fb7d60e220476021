import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

/** An attendee's membership of an attendee-messaging channel of an event (active until they leave it). */
export interface MessageChannelMembersTable extends OwnedColumns, AuditColumns {
  event_id: string;
  channel_id: string; // the client's channel id, e.g. 'production_group_<uuid>'
  attendee_id: string;
  active: number; // 0 | 1
  left_channel_at: string | null;
}

// Channel ids are the client's codes; members are attendee ids.
export const ATTENDEE_MESSAGES_TABLES = declareTables('attendee-messages', {
  message_channel_members: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'channel_id', 'attendee_id', 'left_channel_at'] },
});
