import { defineErrors } from '../../errors.js';

// 409: the request is well formed but conflicts with the state of the session
// or its event (documented in our OpenAPI and docs/design-choices.md).
export const SessionErrors = defineErrors({
  sessionNotFound: { status: 404, message: 'Session not found' },
  attendeeNotFound: { status: 404, message: "Attendee not found in this session's event" },
  enrollmentNotFound: { status: 404, message: 'The attendee is not enrolled in this session' },
  attendanceNotFound: { status: 404, message: 'The attendee has no attendance recorded for this session' },
  eventNotFound: { status: 400, message: 'Event not found' },
  invalidDates: { status: 400, message: 'end must not be before start' },
  invalidInput: { status: 400, message: 'Invalid request' },
  virtualNotAllowed: {
    status: 409,
    message: "A session can be virtual only in an event whose format is Virtual or Hybrid (the event's \"is any part of this event virtual\" setting)",
  },
  includedSession: { status: 409, message: 'Every attendee of the event is in an Included session; enrollment is only for Optional sessions' },
  sessionFull: { status: 409, message: 'The session is full and has no waitlist place left' },
  sessionNotOpen: { status: 409, message: 'The session is not Active' },
  sessionCancelled: { status: 409, message: 'The session is Cancelled' },
  notParticipating: { status: 409, message: 'The attendee is not participating in the event' },
  webcastLinked: { status: 409, message: 'A webcast is linked to this session; delete or move the webcast first' },
});
