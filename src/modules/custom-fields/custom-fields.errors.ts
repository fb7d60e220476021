import { defineErrors } from '../../errors.js';

/** The errors of custom fields and their answers. */
export const CustomFieldErrors = defineErrors({
  fieldNotFound: { status: 404, message: 'Custom field not found' },
  subjectNotFound: { status: 404, message: 'Not found' },
  invalid: { status: 400, message: 'The request is not valid' },
  choiceInUse: { status: 409, message: 'A choice that answers use cannot be removed' },
});
