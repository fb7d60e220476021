import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromZonedInput, keepClockTime, toZonedInput, zoneAbbreviation } from '../../web/src/time.js';
import { parseAttendeeCsv } from '../../web/src/csv.js';
import { policyItem, retryAfterSeconds } from '../../web/src/ratelimit.js';

// The web UI's pure logic, run in Node (the same Intl time-zone data as the browser's ICU).

const ZONES = ['America/Los_Angeles', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/Santiago', 'UTC'];

describe('times in an event\'s zone', () => {
  it('turns wall-clock times into the right UTC instants on both sides of a DST change', () => {
    expect(fromZonedInput('2031-03-08T09:00', 'America/Los_Angeles')).toEqual({ ok: true, iso: '2031-03-08T17:00:00Z' });
    expect(fromZonedInput('2031-03-10T09:00', 'America/Los_Angeles')).toEqual({ ok: true, iso: '2031-03-10T16:00:00Z' });
    expect(fromZonedInput('2031-06-01T12:00', 'Asia/Kolkata')).toEqual({ ok: true, iso: '2031-06-01T06:30:00Z' });
  });

  it('refuses a time the clocks skip, and takes the first of a time that happens twice', () => {
    const skipped = fromZonedInput('2031-03-09T02:30', 'America/Los_Angeles');
    expect(skipped.ok).toBe(false);
    expect(fromZonedInput('2031-11-02T01:30', 'America/Los_Angeles')).toEqual({ ok: true, iso: '2031-11-02T08:30:00Z' });
    expect(fromZonedInput('2031-10-26T02:30', 'Europe/Berlin')).toEqual({ ok: true, iso: '2031-10-26T00:30:00Z' });
  });

  it('reads back every instant it shows (property): shown, entered again, shown the same', () => {
    fc.assert(fc.property(
      fc.integer({ min: Date.parse('2020-01-01T00:00:00Z') / 60_000, max: Date.parse('2040-01-01T00:00:00Z') / 60_000 }),
      fc.constantFrom(...ZONES),
      (minute, zone) => {
        const instant = new Date(minute * 60_000).toISOString();
        const shown = toZonedInput(instant, zone);
        const entered = fromZonedInput(shown, zone);
        if (!entered.ok) return false;
        // The same wall time; the same instant, or the earlier one when that wall time happens twice.
        return toZonedInput(entered.iso, zone) === shown && Date.parse(entered.iso) <= Date.parse(instant);
      },
    ), { numRuns: 500 });
  });

  it('names European zones by their abbreviations (CEST, BST), American ones as before, and others by offset', () => {
    const summer = Date.parse('2031-07-01T12:00:00Z');
    const winter = Date.parse('2031-01-15T12:00:00Z');
    expect(zoneAbbreviation(summer, 'Europe/Berlin')).toBe('CEST');
    expect(zoneAbbreviation(winter, 'Europe/Berlin')).toBe('CET');
    expect(zoneAbbreviation(summer, 'Europe/London')).toBe('BST');
    expect(zoneAbbreviation(summer, 'Europe/Helsinki')).toBe('EEST');
    expect(zoneAbbreviation(summer, 'America/New_York')).toBe('EDT');
    expect(zoneAbbreviation(summer, 'Asia/Kolkata')).toBe('GMT+5:30');
    expect(zoneAbbreviation(summer, 'UTC')).toBe('UTC');
  });

  it('keeps a session\'s clock time when its event changes zone, across DST rules and half-hour offsets', () => {
    // 9:30 in Berlin (CEST) is 9:30 in New York (EDT) and in Kolkata (IST, +5:30).
    expect(keepClockTime('2031-06-10T07:30:00Z', 'Europe/Berlin', 'America/New_York')).toBe('2031-06-10T13:30:00Z');
    expect(keepClockTime('2031-06-10T07:30:00Z', 'Europe/Berlin', 'Asia/Kolkata')).toBe('2031-06-10T04:00:00Z');
    // 2:30 on the night the US clocks skip it does not exist there: an hour later.
    expect(keepClockTime('2031-03-09T02:30:00Z', 'UTC', 'America/Los_Angeles')).toBe('2031-03-09T10:30:00Z');
    fc.assert(fc.property(
      fc.integer({ min: Date.parse('2025-01-01T00:00:00Z') / 60_000, max: Date.parse('2035-01-01T00:00:00Z') / 60_000 }),
      fc.constantFrom(...ZONES), fc.constantFrom(...ZONES),
      (minute, from, to) => {
        const iso = new Date(minute * 60_000).toISOString();
        const moved = keepClockTime(iso, from, to);
        // The same wall-clock time, unless the new zone skips it (then later on the same day).
        return toZonedInput(moved, to) === toZonedInput(iso, from) || toZonedInput(moved, to) > toZonedInput(iso, from);
      },
    ), { numRuns: 300 });
  });

  it('refuses what is not a date and time', () => {
    expect(fromZonedInput('', 'UTC').ok).toBe(false);
    expect(fromZonedInput('tomorrow', 'UTC').ok).toBe(false);
  });
});

describe('attendee CSV files', () => {
  it('names each bad row by the line it starts on, across CRLF, blank lines, a BOM and quoted line breaks', () => {
    const csv = '\uFEFFFirst Name,Last Name,Email Address,Status\r\n'
      + 'Ada,Okafor,ada@example.test,Accepted\r\n'
      + '\r\n'
      + '"Grace","Multi\r\nLine",grace@example.test,\r\n'
      + 'Alan,Moreau,,\r\n'
      + 'Linus,Tanaka,linus@example,\r\n'
      + 'Ken,Rossi,ada@example.test,\r\n'
      + 'Edsger,Silva,edsger@example.test,Maybe\r\n'
      + 'Radia,Dubois,radia@example.test,no response\r\n'
      + 'Barbara,Liskov,barbara@example.test,Registered\r\n'
      + 'Frances,Allen,frances@example.test,Invited (No Response)\r\n';
    const parsed = parseAttendeeCsv(csv);
    expect(parsed.fileError).toBeUndefined();
    expect(parsed.rows.map((r) => [r.line, r.email, r.status])).toEqual([
      [2, 'ada@example.test', 'Accepted'], [4, 'grace@example.test', 'No Response'], [10, 'radia@example.test', 'No Response'],
      // The add-attendee form's words are the import's too.
      [11, 'barbara@example.test', 'Accepted'], [12, 'frances@example.test', 'No Response'],
    ]);
    expect(parsed.problems).toEqual([
      { line: 6, reason: 'missing email' },
      { line: 7, reason: '“linus@example” is not a valid email address' },
      { line: 8, reason: 'ada@example.test is already on line 2' },
      { line: 9, reason: 'status must be Invited (No Response) or Registered (Accepted)' },
    ]);
  });

  it('refuses a file without the needed columns', () => {
    expect(parseAttendeeCsv('name,mail\nAda,ada@example.test\n').fileError).toMatch(/firstName, lastName and email/);
    expect(parseAttendeeCsv('').fileError).toBe('The file is empty.');
  });
});

describe('the rate-limit fields', () => {
  it('reads the per-second policy out of RateLimit and RateLimit-Policy', () => {
    expect(policyItem('"day";r=997;t=39447, "second";r=0;t=1', ['second', 'ip'])).toEqual({ r: 0, t: 1 });
    expect(policyItem('"day";q=1000;w=86400, "second";q=2;w=1', ['second', 'ip'])).toEqual({ q: 2, w: 1 });
    expect(policyItem('"ip";r=39;t=0', ['second', 'ip'])).toEqual({ r: 39, t: 0 });
    expect(policyItem(null, ['second'])).toBeUndefined();
  });
});

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates', () => {
    expect(retryAfterSeconds('2')).toBe(2);
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds('soon')).toBeUndefined();
    expect(retryAfterSeconds('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('2015-10-21T07:28:00Z'))).toBe(10);
  });
});
