import { defineErrors } from '../../errors.js';

/** E-marketing campaigns, templates and sends; the email history and bounces. */
export const EmarketingErrors = defineErrors({
  campaignNotFound: { status: 404, message: 'Campaign not found' },
  requestNotFound: { status: 404, message: 'Email request not found' },
  invalid: { status: 400, message: 'The request is not valid' },
});
