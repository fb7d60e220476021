import { defineErrors } from '../../errors.js';

/** The errors of travel programs, their questions, proposals, bids and proposal drafts. */
export const TravelRfpsErrors = defineErrors({
  programNotFound: { status: 404, message: 'Travel program not found' },
  questionNotFound: { status: 404, message: 'Travel program question not found' },
  proposalNotFound: { status: 404, message: 'Travel proposal not found' },
  bidNotFound: { status: 404, message: 'Travel proposal bid not found' },
  draftNotFound: { status: 404, message: 'Proposal draft not found' },
  invalid: { status: 400, message: 'The request is not valid' },
});
