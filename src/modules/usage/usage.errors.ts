import { defineErrors } from '../../errors.js';

export const UsageErrors = defineErrors({
  invalidDate: { status: 400, message: 'Dates must be ISO-8601 dates (YYYY-MM-DD) or date-times' },
  invalidRange: { status: 400, message: 'after must not be later than before' },
  rangeTooLong: { status: 400, message: 'after and before may be at most 31 days apart' },
});
