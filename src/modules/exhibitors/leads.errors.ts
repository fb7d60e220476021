import { defineErrors } from '../../errors.js';

export const LeadErrors = defineErrors({
  exhibitorNotFound: { status: 404, message: 'Exhibitor not found' },
  questionNotFound: { status: 404, message: 'Lead qualification question not found' },
  leadNotFound: { status: 404, message: 'Lead not found' },
  invalidScan: { status: 400, message: 'The scan is not valid' },
  invalidAnswer: { status: 400, message: 'The answer does not fit the question' },
  invalidQuestion: { status: 400, message: 'The question is not valid' },
  questionAnswered: { status: 409, message: 'The question has answers: its type cannot change' },
  scanConflict: { status: 409, message: 'The attendee was scanned for this exhibitor at the same moment: send the scan again' },
});
