import { operations } from '../../http/operations.js';
import { HourlyQuerySchema, HourlyUsageSchema, UsagePageSchema, UsageQuerySchema, UsageTierSchema } from './usage.schemas.js';
import type { UsageService } from './usage.service.js';

// Reading one's usage must not use it up: these calls need a valid token (any scope, as in the reference) but do not count.
const notCounted = { route: { config: { rateLimit: 'exempt' } }, errors: [503] } as const;
const NOT_COUNTED = 'This call does not count against the quota or the rate limit.';

export function usageRoutes(usage: UsageService) {
  return operations((op) => {
    op('getUsage', {
      ...notCounted, querystring: UsageQuerySchema, response: { 200: UsagePageSchema },
      description: `Calls per UTC day for the caller's account. Without parameters: the last 30 days that had calls, and today. With after and/or before: those days (inclusive), one-sided ranges being seven days, at most 31 days apart (the reference allows 7). ${NOT_COUNTED}`,
    }, async (request) => usage.daily(request.auth.accountId, request.query, request.url));

    op('getUsageTier', {
      ...notCounted, response: { 200: UsageTierSchema },
      description: `The usage tier of the caller's account: daily quota, calls per second and burst. ${NOT_COUNTED}`,
    }, async (request) => usage.tier(request.auth.accountId));

    op('getUsageHourly', {
      ...notCounted, querystring: HourlyQuerySchema, response: { 200: HourlyUsageSchema },
      description: `eventline extension, not in the reference: calls per UTC hour of one UTC day (today by default) against the daily quota, for charting. ${NOT_COUNTED}`,
    }, async (request) => usage.hourly(request.auth.accountId, request.query.date));
  });
}
