import { defineErrors } from '../../errors.js';

/** The errors of audience segments and their members. */
export const SegmentErrors = defineErrors({
  segmentNotFound: { status: 404, message: 'Audience segment not found' },
  attendeeNotFound: { status: 404, message: 'Attendee not found' },
  memberNotFound: { status: 404, message: 'The attendee is not in this audience segment' },
  invalid: { status: 400, message: 'The request is not valid' },
  unprocessable: { status: 422, message: 'The request cannot be processed' },
});
