import { defineErrors } from '../../errors.js';

export const InsightErrors = defineErrors({
  insightNotFound: { status: 404, message: 'Engagement score not found' },
  eventNotFound: { status: 404, message: 'Event not found' },
  invalidInsight: { status: 400, message: 'The engagement score is not valid' },
});
