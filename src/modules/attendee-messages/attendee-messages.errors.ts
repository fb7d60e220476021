import { defineErrors } from '../../errors.js';

/** Attendee-messaging channel members. */
export const AttendeeMessagesErrors = defineErrors({
  eventNotFound: { status: 404, message: 'Event not found' },
  attendeeNotFound: { status: 404, message: 'The attendee is not an attendee of this event' },
  filterRequired: { status: 400, message: 'A filter on channel.id is required' },
  memberNotFound: { status: 404, message: 'The attendee is not a member of this channel' },
});
