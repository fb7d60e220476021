import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { intervalMs, toleranceMs, utcDay, utcHour } from '../../src/ratelimit/gcra.js';
import { MemoryLimiterStore, RedisLimiterStore, type LimiterStore } from '../../src/ratelimit/index.js';
import type { StoreResult, Subject } from '../../src/ratelimit/store.js';
import { serviceRequired } from '../helpers/services.js';

// The stores themselves, without HTTP: GCRA's guarantee on random call
// sequences, and the Redis script deciding exactly as the in-memory store.
const redisUrl = process.env['REDIS_URL'];
const requireServices = serviceRequired('redis');

interface Step {
  readonly gapMs: number;
  readonly consume: boolean;
}

const limitsArb = fc.record({ perSecond: fc.constantFrom(1, 2, 4, 10, 25), burst: fc.integer({ min: 1, max: 25 }), quota: fc.integer({ min: 1, max: 30 }) });
// Gaps up to 10 h, so some sequences cross 00:00 UTC and the daily counter starts again.
const stepsArb = fc.array(fc.record({
  gapMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 36_000_000 })),
  consume: fc.boolean(),
}), { minLength: 1, maxLength: 40 });
const startArb = fc.integer({ min: Date.parse('2031-01-01T00:00:00Z'), max: Date.parse('2031-12-31T00:00:00Z') });

async function play(store: LimiterStore, subject: Subject, limits: { perSecond: number; burst: number; quota: number }, start: number, steps: readonly Step[]): Promise<StoreResult[]> {
  const out: StoreResult[] = [];
  let now = start;
  for (const step of steps) {
    now += step.gapMs;
    out.push(await store.check({
      subject, now, intervalMs: intervalMs(limits), toleranceMs: toleranceMs(limits), consume: step.consume,
      daily: { quota: limits.quota, day: utcDay(now), hour: utcHour(now) },
    }));
  }
  return out;
}

describe('the in-memory store', () => {
  const store = new MemoryLimiterStore();
  afterAll(async () => store.close());

  it('never lets more than burst + rate × elapsed calls through, nor more than the daily quota in a UTC day', async () => {
    await fc.assert(fc.asyncProperty(limitsArb, startArb, stepsArb, async (limits, start, steps) => {
      const results = await play(store, { kind: 'account', id: randomUUID() }, limits, start, steps);
      const allowed: number[] = [];
      let now = start;
      steps.forEach((s, i) => {
        now += s.gapMs;
        if (s.consume && results[i]?.outcome === 'allowed') allowed.push(now);
      });
      for (let i = 0; i < allowed.length; i++) {
        for (let j = i; j < allowed.length; j++) {
          const elapsed = (allowed[j] ?? 0) - (allowed[i] ?? 0);
          expect(j - i + 1).toBeLessThanOrEqual(limits.burst + Math.floor(elapsed / intervalMs(limits) + 1e-9));
        }
      }
      const perDay = new Map<string, number>();
      for (const t of allowed) perDay.set(utcDay(t), (perDay.get(utcDay(t)) ?? 0) + 1);
      for (const n of perDay.values()) expect(n).toBeLessThanOrEqual(limits.quota);
    }), { numRuns: 200 });
  });

  it('lets every call through that keeps to the rate and the quota', async () => {
    await fc.assert(fc.asyncProperty(limitsArb, startArb, fc.integer({ min: 1, max: 30 }), async (limits, start, n) => {
      const gap = Math.ceil(intervalMs(limits));
      const steps = Array.from({ length: Math.min(n, limits.quota) }, (_, i) => ({ gapMs: i === 0 ? 0 : gap, consume: true }));
      const results = await play(store, { kind: 'account', id: randomUUID() }, limits, start - (start % 86_400_000) + 3_600_000, steps);
      expect(results.every((r) => r.outcome === 'allowed')).toBe(true);
    }), { numRuns: 100 });
  });
});

function redisSuite(url: string): void {
  const prefix = `eventline:test:${randomUUID()}:`;
  const memory = new MemoryLimiterStore();
  const redis = new RedisLimiterStore({ url, keyPrefix: prefix, timeoutMs: 2000 });
  afterAll(async () => {
    await memory.close();
    await redis.close();
    const client = new Redis(url);
    const keys = await client.keys(`${prefix}*`);
    if (keys.length > 0) await client.del(...keys);
    await client.quit();
  });

  it('decides every random call sequence exactly as the in-memory store does', async () => {
    await redis.ready();
    await fc.assert(fc.asyncProperty(limitsArb, startArb, stepsArb, async (limits, start, steps) => {
      const subject: Subject = { kind: 'account', id: randomUUID() };
      const [a, b] = [await play(memory, subject, limits, start, steps), await play(redis, subject, limits, start, steps)];
      expect(b).toEqual(a);
      let now = start;
      for (const s of steps) now += s.gapMs;
      const [ma, mb] = [await memory.dayCounts(subject.id, utcDay(now)), await redis.dayCounts(subject.id, utcDay(now))];
      expect(mb).toEqual(ma);
    }), { numRuns: 40 });
  });
}

if (redisUrl) {
  describe('the Redis store', () => redisSuite(redisUrl));
} else if (requireServices) {
  describe('the Redis store', () => {
    it('runs (CI_REQUIRE_SERVICES requires REDIS_URL)', () => {
      throw new Error('REDIS_URL is not set, but CI_REQUIRE_SERVICES requires the Redis limiter tests to run');
    });
  });
} else {
  describe.skip('the Redis store [skipped: REDIS_URL is not set]', () => redisSuite(''));
}
