import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import { membersList } from './attendee-messages.filters.js';
import { EventParamsSchema, MemberPageSchema, MemberParamsSchema, MembersQuerySchema, MemberSchema } from './attendee-messages.schemas.js';
import type { AttendeeMessagesService } from './attendee-messages.service.js';

const EXTENSION = 'An eventline extension (DESIGN rule 11): the reference only lists members.';

export function attendeeMessagesRoutes(messages: AttendeeMessagesService) {
  return operations((op) => {
    op.list('getAttendeeMessagesMembers', {
      description: 'The members of the event\'s attendee-messaging channels named by the (required) filter: `channel.id (eq|in)`, joined with `or`. '
        + 'A member who left is listed inactive, with leftChannelAt.',
      params: EventParamsSchema, query: MembersQuerySchema, page: MemberPageSchema, filterOperationId: null, errors: [404], filters: membersList('').filters,
      list: (auth, query, params) => messages.listMembers(auth.accountId, params.eventId, query),
    });
    op('addAttendeeMessagesMember', {
      description: `Adds an attendee of the event to a channel (or brings them back, active). ${EXTENSION}`,
      params: MemberParamsSchema, response: { 200: MemberSchema },
    }, async ({ auth, params }) => messages.join(auth, params.eventId, params.channelId, params.attendeeId));
    op('removeAttendeeMessagesMember', {
      description: `The attendee leaves the channel: listed inactive from then on, with leftChannelAt. ${EXTENSION}`,
      params: MemberParamsSchema, response: { 204: Type.Null({ description: 'Left.' }) },
    }, async ({ auth, params }) => messages.leave(auth, params.eventId, params.channelId, params.attendeeId).then(() => null));
  });
}
