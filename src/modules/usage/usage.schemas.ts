import { Type, type Static } from 'typebox';
import { paginated } from '../../http/paging.js';

const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

export const UsageSchema = Type.Object({
  date: Type.String({ description: 'The UTC day, as an ISO-8601 date.', examples: ['2027-03-01'] }),
  used: Type.Integer({ description: 'Calls counted on that day. Usage periods reset daily at 00:00 UTC.' }),
  remaining: Type.Integer({ description: 'Calls left of the daily quota on that day.' }),
  total: Type.Integer({ description: "The daily quota (the account's current tier)." }),
}, { title: 'Usage' });
export type Usage = Static<typeof UsageSchema>;

export const UsagePageSchema = paginated(UsageSchema, 'Usage Paginated Response');
export type UsagePage = Static<typeof UsagePageSchema>;

export const UsageQuerySchema = Type.Object({
  after: Type.Optional(Type.String({ maxLength: 40, description: 'Usage from this ISO-8601 date (inclusive). Alone: the seven days from it.' })),
  before: Type.Optional(Type.String({ maxLength: 40, description: 'Usage up to this ISO-8601 date (inclusive). Alone: the seven days up to it. With after: the days between, at most 31 days apart.' })),
}, { additionalProperties: false });
export type UsageQuery = Static<typeof UsageQuerySchema>;

export const UsageTierSchema = Type.Object({
  name: Type.String({ description: 'The usage tier: Free, Professional or Enterprise.' }),
  quota: Type.Number({ description: 'Calls per UTC day.' }),
  rateLimit: Type.Number({ description: 'Sustained calls per second.' }),
  burstLimit: Type.Number({ description: 'Calls that may go at once.' }),
}, { title: 'Public Usage Plan' });
export type UsageTier = Static<typeof UsageTierSchema>;

export const HourlyQuerySchema = Type.Object({
  date: Type.Optional(Type.String({ pattern: DATE_PATTERN, description: 'The UTC day (YYYY-MM-DD); today by default.' })),
}, { additionalProperties: false });
export type HourlyQuery = Static<typeof HourlyQuerySchema>;

export const HourlyUsageSchema = Type.Object({
  date: Type.String({ description: 'The UTC day.' }),
  quota: Type.Integer({ description: "The daily quota (the account's current tier)." }),
  data: Type.Array(Type.Object({
    hour: Type.Integer({ minimum: 0, maximum: 23, description: 'The UTC hour.' }),
    used: Type.Integer({ description: 'Calls counted in that hour.' }),
  }), { minItems: 24, maxItems: 24 }),
}, { title: 'Hourly Usage' });
export type HourlyUsage = Static<typeof HourlyUsageSchema>;
