import { burstAvailable, retrySeconds } from '../../ratelimit/gcra.js';
import type { Decision } from '../../ratelimit/limiter.js';

// IETF draft-ietf-httpapi-ratelimit-headers: both fields are RFC 9651
// structured-field Lists of policy items, `"name";q=<quota>;w=<window s>` and
// `"name";r=<remaining>;t=<seconds until reset>`. Names are fixed tokens and
// every value an integer, so plain formatting is a valid serialisation.
export function rateLimitHeaders(d: Decision): Record<string, string> {
  const perSecond = Math.max(1, Math.round(d.policy.perSecond));
  const secondRemaining = burstAvailable(d.backlogMs, d.intervalMs, d.toleranceMs);
  const secondReset = Math.ceil(Math.max(0, d.backlogMs) / 1000);
  if (d.policy.name === 'ip') {
    return {
      'ratelimit-policy': `"ip";q=${perSecond};w=1`,
      ratelimit: `"ip";r=${secondRemaining};t=${secondReset}`,
    };
  }
  const quota = d.policy.perDay ?? 0;
  return {
    'ratelimit-policy': `"day";q=${quota};w=86400, "second";q=${perSecond};w=1`,
    ratelimit: `"day";r=${Math.max(0, quota - d.used)};t=${Math.ceil(d.dayResetMs / 1000)}, "second";r=${secondRemaining};t=${secondReset}`,
  };
}

/** Retry-After of a refusal: until 00:00 UTC for the daily quota, else until a call would conform. */
export function retryAfterSeconds(d: Decision): number {
  return d.outcome === 'day' ? Math.ceil(d.dayResetMs / 1000) : retrySeconds(d.retryMs);
}
