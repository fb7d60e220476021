import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { describeContract, expectMatchesReference } from '../contract/reference.js';
import { createTenant, startTestApp, type TestApp, type Tenant } from '../helpers/app.js';

interface UsageBody {
  paging: { limit: number; totalCount: number; nextToken?: string; _links: { self: { href: string } } };
  data: Array<{ date: string; used: number; remaining: number; total: number }>;
}

const DAY = 86_400_000;
const TODAY = Date.parse('2031-08-20T10:15:00.000Z');
const day = (offset: number): string => new Date(TODAY + offset * DAY).toISOString().slice(0, 10);

let now = TODAY;
const clock = (): Date => new Date(now);
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    env: {
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_TIERS: JSON.stringify({
        Free: { perDay: 1000, perSecond: 2, burst: 1 },
        Professional: { perDay: 5, perSecond: 10, burst: 10 },
        Enterprise: { perDay: 500000, perSecond: 25, burst: 25 },
      }),
      IP_RATE_LIMIT_PER_SECOND: '20',
      IP_RATE_LIMIT_BURST: '40',
    },
    build: { clock },
  });
});
afterAll(async () => t?.close());

async function tokenAt(tenant: Tenant, at: number): Promise<string> {
  now = at;
  return (await t.services.oauth.clientCredentials({ clientId: tenant.clientId, clientSecret: tenant.clientSecret })).access_token;
}

function get(app: FastifyInstance, url: string, token: string): Promise<LightMyRequestResponse> {
  return app.inject({ url, headers: { authorization: `Bearer ${token}` } });
}

/** One counted call of the tenant at the given instant. */
async function callAt(tenant: Tenant, at: number, app: FastifyInstance = t.app): Promise<LightMyRequestResponse> {
  const token = await tokenAt(tenant, at);
  return get(app, '/ea/token-validation', token);
}

describe('GET /ea/usage', () => {
  let tenant: Tenant;
  let token: string;
  beforeAll(async () => {
    tenant = await createTenant(t.services, { tier: 'Free' });
    for (const [offset, hour] of [[-40, 0], [-2, 0], [-2, 1], [0, -1], [0, 0]] as const) {
      expect((await callAt(tenant, TODAY + offset * DAY + hour * 3_600_000)).statusCode).toBe(200);
    }
    token = await tokenAt(tenant, TODAY + 1000);
  });

  it('lists by default the last days that had calls, and today, oldest first', async () => {
    const res = await get(t.app, '/ea/usage', token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as UsageBody;
    expect(body.data).toEqual([
      { date: day(-40), used: 1, remaining: 999, total: 1000 },
      { date: day(-2), used: 2, remaining: 998, total: 1000 },
      { date: day(0), used: 2, remaining: 998, total: 1000 },
    ]);
    expect(body.paging).toMatchObject({ totalCount: 3, _links: { self: { href: `${t.config.publicUrl}/ea/usage` } } });
    expect(body.paging.nextToken).toBeUndefined();
  });

  it('lists every day of an after/before range (inclusive), and seven days for one side alone', async () => {
    const range = (await get(t.app, `/ea/usage?after=${day(-3)}&before=${day(0)}`, token)).json() as UsageBody;
    expect(range.data.map((d) => [d.date, d.used])).toEqual([[day(-3), 0], [day(-2), 2], [day(-1), 0], [day(0), 2]]);
    const after = (await get(t.app, `/ea/usage?after=${day(-10)}T08:00:00Z`, token)).json() as UsageBody;
    expect(after.data.map((d) => d.date)).toEqual([-10, -9, -8, -7, -6, -5, -4].map(day));
    const before = (await get(t.app, `/ea/usage?before=${day(-2)}`, token)).json() as UsageBody;
    expect(before.data.map((d) => d.date)).toEqual([-8, -7, -6, -5, -4, -3, -2].map(day));
    expect(before.data.at(-1)?.used).toBe(2);
    const future = (await get(t.app, `/ea/usage?after=${day(-1)}&before=${day(5)}`, token)).json() as UsageBody;
    expect(future.data.map((d) => d.date)).toEqual([day(-1), day(0)]);
  });

  it('answers 400 naming the parameter for a bad date, a reversed range or one longer than 31 days', async () => {
    for (const [query, target] of [['after=yesterday', 'after'], ['before=2031-13-45', 'before'], [`after=${day(0)}&before=${day(-1)}`, 'after'], [`after=${day(-40)}&before=${day(0)}`, 'before']]) {
      const res = await get(t.app, `/ea/usage?${query}`, token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, target });
    }
  });

  it('GET /ea/usage/hourly counts calls per UTC hour of today or of a past day', async () => {
    const today = (await get(t.app, '/ea/usage/hourly', token)).json() as { date: string; quota: number; data: Array<{ hour: number; used: number }> };
    expect(today.date).toBe(day(0));
    expect(today.quota).toBe(1000);
    expect(today.data).toHaveLength(24);
    expect(today.data.filter((h) => h.used > 0)).toEqual([{ hour: 9, used: 1 }, { hour: 10, used: 1 }]);
    const past = (await get(t.app, `/ea/usage/hourly?date=${day(-2)}`, token)).json() as typeof today;
    expect(past.data.filter((h) => h.used > 0)).toEqual([{ hour: 10, used: 1 }, { hour: 11, used: 1 }]);
    expect((await get(t.app, '/ea/usage/hourly?date=20310820', token)).statusCode).toBe(400);
  });
});

describe('GET /ea/usage/tier', () => {
  it("answers the account's tier with its quota, rate and burst", async () => {
    for (const [tier, expected] of [
      ['Free', { name: 'Free', quota: 1000, rateLimit: 2, burstLimit: 1 }],
      ['Professional', { name: 'Professional', quota: 5, rateLimit: 10, burstLimit: 10 }],
      ['Enterprise', { name: 'Enterprise', quota: 500000, rateLimit: 25, burstLimit: 25 }],
    ] as const) {
      const tenant = await createTenant(t.services, { tier });
      const res = await get(t.app, '/ea/usage/tier', await tokenAt(tenant, TODAY));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(expected);
    }
  });
});

describe('usage across a restart', () => {
  it('keeps the daily count of an in-memory limiter: a restarted process does not hand out a fresh quota', async () => {
    const tenant = await createTenant(t.services, { tier: 'Professional' });
    const before = await buildApp(t.config, { db: t.db.handle, logger: false, worker: false, clock });
    await before.app.ready();
    for (let i = 0; i < 3; i++) expect((await callAt(tenant, TODAY + i * 1000, before.app)).statusCode).toBe(200);
    await before.app.close(); // writes the pending usage
    // t.app has never seen this account: it starts from the usage table, like a restarted process.
    expect((await callAt(tenant, TODAY + 5000)).statusCode).toBe(200);
    expect((await callAt(tenant, TODAY + 6000)).statusCode).toBe(200);
    const refused = await callAt(tenant, TODAY + 7000);
    expect(refused.json()).toEqual({ code: 429, message: 'Limit Exceeded' });
    const usage = (await get(t.app, '/ea/usage', await tokenAt(tenant, TODAY + 8000))).json() as UsageBody;
    expect(usage.data.at(-1)).toEqual({ date: day(0), used: 5, remaining: 0, total: 5 });
  });
});

describeContract('usage endpoints against the reference', () => {
  it('GET /usage 200 and 400, and GET /usage/tier 200, match the reference schemas', async () => {
    const tenant = await createTenant(t.services, { tier: 'Free' });
    await callAt(tenant, TODAY);
    const token = await tokenAt(tenant, TODAY + 1000);
    const usage = await get(t.app, '/ea/usage', token);
    expect(usage.statusCode).toBe(200);
    expectMatchesReference('GET', '/usage', 200, usage.json());
    const ranged = await get(t.app, `/ea/usage?after=${day(-6)}&before=${day(0)}`, token);
    expectMatchesReference('GET', '/usage', 200, ranged.json());
    const bad = await get(t.app, '/ea/usage?after=nope', token);
    expectMatchesReference('GET', '/usage', 400, bad.json());
    const tier = await get(t.app, '/ea/usage/tier', token);
    expect(tier.statusCode).toBe(200);
    expectMatchesReference('GET', '/usage/tier', 200, tier.json());
  });
});
