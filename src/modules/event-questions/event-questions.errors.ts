import { defineErrors } from '../../errors.js';

/** The errors of event questions and their choices. */
export const QuestionErrors = defineErrors({
  questionNotFound: { status: 404, message: 'Event question not found' },
  choiceNotFound: { status: 404, message: 'The choice is not a choice of this question' },
  invalid: { status: 400, message: 'The request is not valid' },
});
