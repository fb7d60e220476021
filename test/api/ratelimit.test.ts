import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { parseList, type Item } from 'structured-headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestApp, type TestApp, type Tenant } from '../helpers/app.js';
import { serviceRequired } from '../helpers/services.js';

// The same behaviour is required of the in-memory limiter and the Redis one;
// time is an injected clock, so nothing here depends on how fast the machine is.
const redisUrl = process.env['REDIS_URL'];
const requireServices = serviceRequired('redis');

const START = Date.parse('2031-05-05T10:00:00.000Z');

class TestClock {
  constructor(public t = START) {}
  readonly now = (): Date => new Date(this.t);
  advance(ms: number): void {
    this.t += ms;
  }
}

const secondsUntilMidnight = (t: number): number => Math.ceil((Math.floor(t / 86_400_000) + 1) * 86_400_000 / 1000 - t / 1000);

interface Ctx {
  t: TestApp;
  clock: TestClock;
  call(opts: { url: string; token?: string; ip?: string; method?: 'GET' | 'PUT' | 'POST'; body?: unknown }): Promise<LightMyRequestResponse>;
  tenant(tier: string): Promise<Tenant & { token: string }>;
  usedToday(token: string): Promise<number>;
}

let ipSeq = 0;
const freshIp = (): string => {
  ipSeq += 1;
  return `10.${(ipSeq >> 8) & 255}.${ipSeq & 255}.7`;
};

function setup(storeEnv: () => Record<string, string>): Ctx {
  const ctx = { clock: new TestClock() } as Ctx;
  const env = storeEnv();
  beforeAll(async () => {
    ctx.t = await startTestApp({
      env: {
        ...env,
        RATE_LIMIT_ENABLED: 'true',
        // Professional gets a small daily quota so the quota tests run fast; Free and Enterprise are the seed's.
        RATE_LIMIT_TIERS: JSON.stringify({
          Free: { perDay: 1000, perSecond: 2, burst: 1 },
          Professional: { perDay: 5, perSecond: 10, burst: 10 },
          Enterprise: { perDay: 500000, perSecond: 25, burst: 25 },
        }),
        IP_RATE_LIMIT_PER_SECOND: '2',
        IP_RATE_LIMIT_BURST: '5',
      },
      build: { clock: ctx.clock.now },
    });
  });
  afterAll(async () => {
    await ctx.t?.close();
    const url = env['REDIS_URL'];
    if (!url) return;
    const redis = new Redis(url);
    const keys = await redis.keys(`${env['RATE_LIMIT_KEY_PREFIX'] ?? ''}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  ctx.call = ({ url, token, ip, method = 'GET', body }) => ctx.t.app.inject({
    method, url, remoteAddress: ip ?? '127.0.0.1',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  ctx.tenant = async (tier) => {
    const tenant = await createTenant(ctx.t.services, { tier });
    // Each token request comes from its own address, so the per-address limit of the token endpoint stays out of the way.
    const res = await ctx.t.app.inject({
      method: 'POST', url: '/ea/oauth2/token', remoteAddress: freshIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: tenant.clientId, client_secret: tenant.clientSecret }).toString(),
    });
    expect(res.statusCode).toBe(200);
    return { ...tenant, token: (res.json() as { access_token: string }).access_token };
  };
  ctx.usedToday = async (token) => {
    const res = await ctx.call({ url: '/ea/usage', token });
    expect(res.statusCode).toBe(200);
    const today = new Date(ctx.clock.t).toISOString().slice(0, 10);
    return (res.json() as { data: Array<{ date: string; used: number }> }).data.find((d) => d.date === today)?.used ?? 0;
  };
  return ctx;
}

function items(header: string | string[] | number | undefined): Map<string, Map<string, unknown>> {
  expect(typeof header).toBe('string');
  const out = new Map<string, Map<string, unknown>>();
  for (const member of parseList(String(header))) {
    const [value, params] = member as Item;
    out.set(String(value), params);
  }
  return out;
}

function expectTooManyRequests(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ code: 429, message: 'Too Many Requests' });
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

function coreSuite(storeEnv: () => Record<string, string>): void {
  const ctx = setup(storeEnv);

  it('lets exactly one of 20 concurrent calls of a Free account through; the other 19 get 429 Too Many Requests with Retry-After', async () => {
    const { token } = await ctx.tenant('Free');
    const results = await Promise.all(Array.from({ length: 20 }, () => ctx.call({ url: '/ea/token-validation', token })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expectTooManyRequests(r);
      expect(r.headers['retry-after']).toBe('1');
    }
  });

  it('lets a Free account call every 500 ms without refusal, and refuses a call made 1 ms early', async () => {
    const { token } = await ctx.tenant('Free');
    for (let i = 0; i < 12; i++) {
      expect((await ctx.call({ url: '/ea/token-validation', token })).statusCode).toBe(200);
      ctx.clock.advance(500);
    }
    ctx.clock.advance(-1);
    const early = await ctx.call({ url: '/ea/token-validation', token });
    expectTooManyRequests(early);
    expect(early.headers['retry-after']).toBe('1');
    ctx.clock.advance(1);
    expect((await ctx.call({ url: '/ea/token-validation', token })).statusCode).toBe(200);
    expectTooManyRequests(await ctx.call({ url: '/ea/token-validation', token }));
  });

  it('lets a burst of 25 calls of an Enterprise account go at once, refuses the 26th, and allows one more 40 ms later', async () => {
    const { token } = await ctx.tenant('Enterprise');
    const burst = await Promise.all(Array.from({ length: 25 }, () => ctx.call({ url: '/ea/token-validation', token })));
    expect(burst.map((r) => r.statusCode)).toEqual(new Array(25).fill(200));
    expectTooManyRequests(await ctx.call({ url: '/ea/token-validation', token }));
    ctx.clock.advance(39);
    expectTooManyRequests(await ctx.call({ url: '/ea/token-validation', token }));
    ctx.clock.advance(1);
    expect((await ctx.call({ url: '/ea/token-validation', token })).statusCode).toBe(200);
  });

  it("refuses call 1,001 of a Free account's UTC day with Limit Exceeded until 00:00 UTC, and allows call 1 of the next day", async () => {
    const tenant = await ctx.tenant('Free');
    for (let i = 1; i <= 1000; i++) {
      const res = await ctx.call({ url: '/ea/token-validation', token: tenant.token });
      if (res.statusCode !== 200) throw new Error(`call ${i} answered ${res.statusCode} ${res.body}`);
      ctx.clock.advance(500);
    }
    const refused = await ctx.call({ url: '/ea/token-validation', token: tenant.token });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 429, message: 'Limit Exceeded' });
    expect(Number(refused.headers['retry-after'])).toBe(secondsUntilMidnight(ctx.clock.t));
    expect(items(refused.headers['ratelimit']).get('day')?.get('r')).toBe(0);
    expect(await ctx.usedToday(tenant.token)).toBe(1000);

    ctx.clock.t = Date.parse(new Date(ctx.clock.t + 86_400_000).toISOString().slice(0, 10)); // 00:00 UTC next day
    const again = await tokenAfterMidnight(ctx, tenant); // the clock moved past the old token's expiry
    const first = await ctx.call({ url: '/ea/token-validation', token: again });
    expect(first.statusCode).toBe(200);
    expect(items(first.headers['ratelimit']).get('day')?.get('r')).toBe(999);
    expect(await ctx.usedToday(again)).toBe(1);
  });

  it('a refused call changes nothing: not the resource, the usage count or the rate bucket', async () => {
    const tenant = await ctx.tenant('Free');
    const event = await ctx.t.services.events.createNow(tenant.accountId, 'test', {
      title: 'Original', format: 'In-person', type: 'Meeting', timezone: 'UTC', languages: ['en-US'], planners: [{ firstName: 'P', lastName: 'Q', email: 'p.q@example.test' }],
    });
    const first = await ctx.call({ url: `/ea/events/${event.id}`, token: tenant.token });
    expect(first.statusCode).toBe(200);
    const changed = { ...(first.json() as Record<string, unknown>), title: 'Changed' };
    const put = await ctx.call({ method: 'PUT', url: `/ea/events/${event.id}`, token: tenant.token, body: changed });
    expectTooManyRequests(put);
    expect(await ctx.usedToday(tenant.token)).toBe(1);
    ctx.clock.advance(500); // had the refused PUT taken a slot, this call would be refused too
    const after = await ctx.call({ url: `/ea/events/${event.id}`, token: tenant.token });
    expect(after.statusCode).toBe(200);
    expect((after.json() as { title: string }).title).toBe('Original');
    expect(await ctx.usedToday(tenant.token)).toBe(2);

    const pro = await ctx.tenant('Professional');
    for (let i = 0; i < 5; i++) expect((await ctx.call({ url: '/ea/token-validation', token: pro.token })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await ctx.call({ url: '/ea/token-validation', token: pro.token })).json()).toEqual({ code: 429, message: 'Limit Exceeded' });
    expect(await ctx.usedToday(pro.token)).toBe(5);
  });

  it("limits calls without a valid token per client address, without touching any account's quota", async () => {
    const tenant = await ctx.tenant('Free');
    const attacker = freshIp();
    const flood = [];
    for (let i = 0; i < 12; i++) {
      flood.push(await ctx.call({ url: '/ea/events', ip: attacker, ...(i % 3 === 1 ? { token: 'not-a-token' } : {}) }));
      flood.push(await ctx.call({ url: '/ea/no-such-route', ip: attacker }));
    }
    // Burst 5: the first five are answered as usual (401 / 404), the rest refused.
    expect(flood.slice(0, 5).map((r) => r.statusCode).every((s) => s === 401 || s === 404)).toBe(true);
    for (const r of flood.slice(5)) {
      expectTooManyRequests(r);
      expect(r.headers['www-authenticate']).toBeUndefined();
    }
    // The account, even calling from the same address, is limited only by its own tier.
    const own = await ctx.call({ url: '/ea/token-validation', token: tenant.token, ip: attacker });
    expect(own.statusCode).toBe(200);
    expect(await ctx.usedToday(tenant.token)).toBe(1);
    // Another address is not affected.
    expect((await ctx.call({ url: '/ea/events', ip: freshIp() })).statusCode).toBe(401);
    ctx.clock.advance(500); // 2/s: one more unauthenticated call after 500 ms
    expect((await ctx.call({ url: '/ea/events', ip: attacker })).statusCode).toBe(401);
    expectTooManyRequests(await ctx.call({ url: '/ea/events', ip: attacker }));
  });

  it('limits the token endpoint per client address', async () => {
    const tenant = await createTenant(ctx.t.services, { tier: 'Free' });
    const ip = freshIp();
    const ask = (from: string) => ctx.t.app.inject({
      method: 'POST', url: '/ea/oauth2/token', remoteAddress: from, headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=client_credentials&client_id=${tenant.clientId}&client_secret=${tenant.clientSecret}`,
    });
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await ask(ip));
    expect(answers.slice(0, 5).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (const r of answers.slice(5)) expectTooManyRequests(r);
    expect((await ask(freshIp())).statusCode).toBe(200);
  });

  it('sends RateLimit-Policy and RateLimit as RFC 9651 lists on answered, refused, unauthenticated and unknown calls under /ea', async () => {
    const { token } = await ctx.tenant('Free');
    const ok = await ctx.call({ url: '/ea/token-validation', token });
    const policy = items(ok.headers['ratelimit-policy']);
    expect(Object.fromEntries(policy.get('day') ?? [])).toEqual({ q: 1000, w: 86400 });
    expect(Object.fromEntries(policy.get('second') ?? [])).toEqual({ q: 2, w: 1 });
    const state = items(ok.headers['ratelimit']);
    expect(state.get('day')?.get('r')).toBe(999);
    expect(state.get('day')?.get('t')).toBe(secondsUntilMidnight(ctx.clock.t));
    expect(state.get('second')?.get('r')).toBe(0);
    const refused = await ctx.call({ url: '/ea/token-validation', token });
    expect(refused.statusCode).toBe(429);
    expect(items(refused.headers['ratelimit']).get('day')?.get('r')).toBe(999);
    for (const res of [await ctx.call({ url: '/ea/events', ip: freshIp() }), await ctx.call({ url: '/ea/nope', ip: freshIp() }), await ctx.call({ url: '/ea/usage', token })]) {
      expect(items(res.headers['ratelimit-policy']).size).toBeGreaterThan(0);
      expect(items(res.headers['ratelimit']).size).toBeGreaterThan(0);
    }
    // Operational probes are not API calls.
    expect((await ctx.call({ url: '/healthz' })).headers['ratelimit']).toBeUndefined();
  });

  it('answers the usage endpoints to a valid token only, and does not count them', async () => {
    const { token } = await ctx.tenant('Free');
    expect((await ctx.call({ url: '/ea/token-validation', token })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      for (const url of ['/ea/usage', '/ea/usage/tier', '/ea/usage/hourly']) expect((await ctx.call({ url, token })).statusCode).toBe(200);
    }
    expect(await ctx.usedToday(token)).toBe(1);
    expect((await ctx.call({ url: '/ea/usage', ip: freshIp() })).statusCode).toBe(401);
    expect((await ctx.call({ url: '/ea/usage/tier', token: 'bad', ip: freshIp() })).statusCode).toBe(401);
    ctx.clock.advance(500);
    expect((await ctx.call({ url: '/ea/token-validation', token })).statusCode).toBe(200);
  });

  it('counts a call refused for a missing scope (403) against the account, and applies a tier change within the tier cache time', async () => {
    const tenant = await ctx.tenant('Free');
    const { services } = ctx.t;
    const narrow = await services.oauth.clientCredentials({ clientId: tenant.clientId, clientSecret: tenant.clientSecret, scope: 'event/sessions:read' });
    expect((await ctx.call({ url: '/ea/events', token: narrow.access_token })).statusCode).toBe(403);
    expect(await ctx.usedToday(tenant.token)).toBe(1);
    expectTooManyRequests(await ctx.call({ url: '/ea/token-validation', token: tenant.token }));

    await services.accounts.setTier(tenant.accountId, 'Professional');
    ctx.clock.advance(5_000);
    const burst = await Promise.all(Array.from({ length: 3 }, () => ctx.call({ url: '/ea/token-validation', token: tenant.token })));
    expect(burst.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(Object.fromEntries(items(burst[0]?.headers['ratelimit-policy']).get('day') ?? [])).toEqual({ q: 5, w: 86400 });
  });
}

async function tokenAfterMidnight(ctx: Ctx, tenant: Tenant): Promise<string> {
  const issued = await ctx.t.services.oauth.clientCredentials({ clientId: tenant.clientId, clientSecret: tenant.clientSecret });
  return issued.access_token;
}

describe('rate limits with the in-memory limiter', () => coreSuite(() => ({})));

if (redisUrl) {
  describe('rate limits with the Redis limiter', () => coreSuite(() => ({ REDIS_URL: redisUrl, RATE_LIMIT_KEY_PREFIX: `eventline:test:${randomUUID()}:` })));
} else if (requireServices) {
  describe('rate limits with the Redis limiter', () => {
    it('runs (CI_REQUIRE_SERVICES requires REDIS_URL)', () => {
      throw new Error('REDIS_URL is not set, but CI_REQUIRE_SERVICES requires the Redis limiter tests to run');
    });
  });
} else {
  describe.skip('rate limits with the Redis limiter [skipped: REDIS_URL is not set]', () => coreSuite(() => ({})));
}
