import { defineErrors } from '../../errors.js';

/** Badges, badge printer pools and badge print jobs. */
export const BadgeErrors = defineErrors({
  eventNotFound: { status: 404, message: 'Event not found' },
  badgeNotFound: { status: 404, message: 'Badge not found' },
  poolNotFound: { status: 404, message: 'Badge printer pool not found' },
  printJobNotFound: { status: 404, message: 'Badge print job not found' },
  invalid: { status: 400, message: 'The request is not valid' },
});
