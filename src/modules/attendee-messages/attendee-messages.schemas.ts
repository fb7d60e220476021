import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

// The reference's message-recipients-response: a channel member, and the channel.

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const { limit, token } = listQuerySchema().properties;

export const MembersQuerySchema = Type.Object({
  limit, token,
  filter: Type.Optional(Type.String({ minLength: 1, maxLength: 4000, description: "Required (a page token carries it): the channels, e.g. channel.id in ('production_group_...', 'production_attendee_...')." })),
}, { additionalProperties: false });
export const EventParamsSchema = Type.Object({ eventId: Uuid('Unique ID of an event.') });
const ChannelId = Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_.:-]+$', description: 'The channel id (letters, digits and _ . : -), e.g. production_group_<uuid>.' });
export const MemberParamsSchema = Type.Object({ eventId: Uuid('Unique ID of an event.'), channelId: ChannelId, attendeeId: Uuid('An attendee of the event.') });

export const MemberSchema = Type.Object({
  attendee: Type.Object({
    id: Type.String({ description: 'Unique identifier for the attendee.' }),
    active: Type.Boolean({ description: 'True indicates the recipient is active in the channel.' }),
    leftChannelAt: Type.Optional(Type.String({ format: 'date-time', description: 'When the attendee left the channel.' })),
  }),
  channel: Type.Object({ id: Type.String({ description: 'Identifier for the channel.' }) }),
}, { title: 'Message Recipient Response' });
export type Member = Static<typeof MemberSchema>;
export const MemberPageSchema = paginated(MemberSchema, 'Paginated Channel Members Response');
