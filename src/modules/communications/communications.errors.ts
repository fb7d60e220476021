import { defineErrors } from '../../errors.js';

export const CommunicationErrors = defineErrors({
  notEnabled: { status: 403, message: 'Compliance communications is not enabled for this account' },
  // A bad, expired or foreign content URL gets this and nothing else, so it reveals nothing.
  badSignature: { status: 403, message: 'The link is not valid or has expired' },
  invalidConfiguration: { status: 400, message: 'Invalid communication configuration' },
  attendeeToken: { status: 401, message: 'A valid attendee token is required (X-Attendee-Token)' },
  joinToken: { status: 401, message: 'The join link is not valid' },
  wrongSession: { status: 403, message: 'The attendee token is not valid for this session' },
  chatMessageNotFound: { status: 404, message: 'Chat message not found' },
  questionNotFound: { status: 404, message: 'Question not found' },
  emailRequestNotFound: { status: 404, message: 'Email request not found' },
  linkNotFound: { status: 404, message: 'Attendee link not found' },
  eventNotFound: { status: 404, message: 'Event not found' },
  // 409, not 403: the attendee's token is good; the event is not open for chat yet (a state the planner changes).
  hubNotLaunched: {
    status: 409,
    message: 'Chat and Q&A are not open: the event\'s AttendeeHub feature is not launched (POST /events/{id}/features/AttendeeHub/launch)',
  },
});
