import { defineErrors } from '../../errors.js';

export const RateLimitErrors = defineErrors({
  tooManyRequests: { status: 429, message: 'Too Many Requests' },
  limitExceeded: { status: 429, message: 'Limit Exceeded' },
  unavailable: { status: 503, message: 'Rate limiting is unavailable' },
});
