import { requireAuth, type SecurityRequirement } from '../../http/auth.js';
import { errorResponses } from '../../http/responses.js';
import { typedRoutes } from '../../http/routes.js';
import { HourlyQuerySchema, HourlyUsageSchema, UsagePageSchema, UsageQuerySchema, UsageTierSchema } from './usage.schemas.js';
import type { UsageService } from './usage.service.js';

const tags = ['Usage'];
// As in the reference: any valid token, no scope.
const CLIENT_CREDENTIALS: SecurityRequirement[] = [{ 'OAuth2.clientCredentials': [] }];
const ANY_TOKEN: SecurityRequirement[] = [{ 'OAuth2.clientCredentials': [] }, { 'OAuth2.authorizationCode': [] }];
// Reading one's usage must not use it up: these calls need a valid token but do not count.
const config = { rateLimit: 'exempt' } as const;
const NOT_COUNTED = 'This call does not count against the quota or the rate limit.';

export function usageRoutes(usage: UsageService) {
  return typedRoutes((app) => {
    app.get('/usage', {
      config,
      schema: {
        tags, operationId: 'getUsage', summary: 'Get Current Usage', security: CLIENT_CREDENTIALS, querystring: UsageQuerySchema,
        description: `Calls per UTC day for the caller's account. Without parameters: the last 30 days that had calls, and today. With after and/or before: those days (inclusive), one-sided ranges being seven days, at most 31 days apart (the reference allows 7). ${NOT_COUNTED}`,
        response: { 200: UsagePageSchema, ...errorResponses(400, 401, 403, 503) },
      },
    }, async (request) => usage.daily(requireAuth(request).accountId, request.query, request.url));

    app.get('/usage/tier', {
      config,
      schema: {
        tags, operationId: 'getUsageTier', summary: 'Get Current Usage Tier', security: ANY_TOKEN,
        description: `The usage tier of the caller's account: daily quota, calls per second and burst. ${NOT_COUNTED}`,
        response: { 200: UsageTierSchema, ...errorResponses(401, 403, 503) },
      },
    }, async (request) => usage.tier(requireAuth(request).accountId));

    app.get('/usage/hourly', {
      config,
      schema: {
        tags, operationId: 'getUsageHourly', summary: 'Get Usage per Hour (eventline extension)', security: ANY_TOKEN, querystring: HourlyQuerySchema,
        description: `eventline extension, not in the reference: calls per UTC hour of one UTC day (today by default) against the daily quota, for charting. ${NOT_COUNTED}`,
        response: { 200: HourlyUsageSchema, ...errorResponses(400, 401, 403, 503) },
      },
    }, async (request) => usage.hourly(requireAuth(request).accountId, request.query.date));
  });
}
