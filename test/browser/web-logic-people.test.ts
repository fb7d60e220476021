import { describe, expect, it } from 'vitest';
import { ATTENDEE_FILTER_FIELDS } from '../../src/modules/attendees/attendees.filters.js';
import { parseFilter } from '../../src/lists/index.js';
import { attendeeFilter, csvField, csvLine, perDay, removalStatus, type AttendeeQuery } from '../../web/src/people.js';

// The attendee, survey and engagement pages' pure logic, run in Node; the filters they build are parsed
// by the API's own parser with the attendee list's fields, so a filter the page sends is one the API takes.
const EVENT = '3f1d7c2e-8a4b-4c5d-9e6f-7a8b9c0d1e2f';
const none: AttendeeQuery = { search: '', status: '', registrationType: '', checkedIn: '' };

describe('the attendee list\'s filter', () => {
  it('builds filters the API parses, for each control and for a page of segment members', () => {
    const ids = Array.from({ length: 50 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const cases: Array<[AttendeeQuery, string]> = [
      [none, `event.id eq '${EVENT}'`],
      [{ ...none, search: 'rosa' }, `event.id eq '${EVENT}' and (contact.firstName sw 'rosa' or contact.lastName sw 'rosa' or contact.email sw 'rosa')`],
      [{ ...none, search: '  Rosa  Lind Berg ' }, `event.id eq '${EVENT}' and contact.firstName sw 'Rosa' and contact.lastName sw 'Lind Berg'`],
      [{ ...none, search: "O'Hara" }, `event.id eq '${EVENT}' and (contact.firstName sw 'O\\'Hara' or contact.lastName sw 'O\\'Hara' or contact.email sw 'O\\'Hara')`],
      [{ ...none, status: 'Accepted', checkedIn: 'yes' }, `event.id eq '${EVENT}' and status eq 'Accepted' and checkedIn eq true`],
      [{ ...none, registrationType: 'none', checkedIn: 'no' }, `event.id eq '${EVENT}' and registrationType.id is null and checkedIn eq false`],
      [{ ...none, registrationType: EVENT }, `event.id eq '${EVENT}' and registrationType.id eq '${EVENT}'`],
    ];
    for (const [query, expected] of cases) {
      const filter = attendeeFilter(EVENT, query);
      expect(filter).toBe(expected);
      expect(() => parseFilter(filter, ATTENDEE_FILTER_FIELDS)).not.toThrow();
    }
    const everything = attendeeFilter(EVENT, { search: 'Rosa Lind', status: 'Accepted', registrationType: EVENT, checkedIn: 'yes' }, ids);
    expect(() => parseFilter(everything, ATTENDEE_FILTER_FIELDS)).not.toThrow();
  });

  it('removes a registered attendee by cancelling and an invited one by declining, and no one else', () => {
    expect(removalStatus('Accepted')).toBe('Cancelled');
    expect(removalStatus('No Response')).toBe('Declined');
    for (const s of ['Cancelled', 'Declined', 'Visited', 'Pending Approval', 'Denied Approval']) expect(removalStatus(s)).toBeUndefined();
  });
});

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks, and keeps formulas as text', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', undefined, 3])).toBe('a,"b,c","say ""hi""","two\nlines",,3\r\n');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('@home')).toBe("'@home");
  });
});

describe('activity over time', () => {
  it('counts activities per day in the event\'s zone, not in UTC', () => {
    const days = perDay([
      { created: '2031-06-01T23:30:00Z', time: '2031-06-01T23:30:00Z' },
      { created: '2031-06-02T01:00:00Z' },
      { created: '2031-06-02T12:00:00Z', time: '2031-06-01T20:00:00Z' },
    ], 'Europe/Berlin');
    expect(days).toEqual([{ label: '2031-06-01', value: 1 }, { label: '2031-06-02', value: 2 }]);
    expect(perDay([], 'UTC')).toEqual([]);
  });
});
