import { describe, expect, it } from 'vitest';
import { msUntilUtcMidnight, utcDay, utcHour } from './gcra.js';

describe('the daily quota period', () => {
  it('names the UTC day and hour of any instant, also right after a day the cache holds', () => {
    const instants = ['2026-11-24T23:59:59.999Z', '2026-11-25T00:00:00.000Z', '2026-11-24T00:00:00.000Z', '2026-11-24T12:34:56.000Z', '2024-02-29T23:00:00.000Z', '1969-12-31T23:30:00.000Z', '2026-11-25T00:00:00.001Z'];
    for (const at of instants) {
      const ms = Date.parse(at);
      expect(utcDay(ms)).toBe(at.slice(0, 10));
      expect(utcHour(ms)).toBe(Number(at.slice(11, 13)));
    }
    expect(msUntilUtcMidnight(Date.parse('2026-11-24T23:00:00Z'))).toBe(3_600_000);
  });
});
