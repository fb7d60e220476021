import { describe, expect, it } from 'vitest';
import { instantToLocal, iso, isLocalTime, isTimeZone, localToInstant } from './appointments.time.js';

// Wall-clock times of an appointment event's time zone, with Intl only: around both changes of the clocks in New York
// in 2027 (14 March, 02:00 -> 03:00; 7 November, 02:00 -> 01:00).
const NY = 'America/New_York';
const at = (local: string, tz = NY) => iso(localToInstant(local, tz));

describe('appointment time zones', () => {
  it('reads wall-clock times with the offset in force on that day', () => {
    expect(at('2027-03-13T09:00')).toBe('2027-03-13T14:00:00Z');
    expect(at('2027-03-15T09:00')).toBe('2027-03-15T13:00:00Z');
    expect(at('2027-03-14T01:59:59')).toBe('2027-03-14T06:59:59Z');
    expect(at('2027-03-14T03:00')).toBe('2027-03-14T07:00:00Z');
    expect(at('2027-06-01T12:00', 'Asia/Kolkata')).toBe('2027-06-01T06:30:00Z');
    expect(at('2027-06-01T12:00', 'UTC')).toBe('2027-06-01T12:00:00Z');
  });

  it('reads a time the clocks skip with the offset before the change, and one they pass twice as the earlier instant', () => {
    expect(at('2027-03-14T02:30')).toBe('2027-03-14T07:30:00Z'); // 03:30 EDT
    expect(instantToLocal(localToInstant('2027-03-14T02:30', NY), NY)).toBe('2027-03-14T03:30:00');
    expect(at('2027-11-07T01:30')).toBe('2027-11-07T05:30:00Z'); // 01:30 EDT, not EST
    expect(at('2027-11-07T02:00')).toBe('2027-11-07T07:00:00Z');
  });

  it('writes instants back as wall-clock times of the zone', () => {
    expect(instantToLocal(Date.parse('2027-03-14T06:00:00Z'), NY)).toBe('2027-03-14T01:00:00');
    expect(instantToLocal(Date.parse('2027-03-14T07:00:00Z'), NY)).toBe('2027-03-14T03:00:00');
  });

  it('tells real wall-clock times and time zones from others', () => {
    expect(isLocalTime('2027-03-14T09:00')).toBe(true);
    expect(isLocalTime('2027-03-14T09:00:30')).toBe(true);
    for (const bad of ['2027-02-30T09:00', '2027-03-14T24:00', '2027-03-14T09:00Z', '2027-03-14 09:00', '2027-03-14T09:00:00+01:00']) expect(isLocalTime(bad), bad).toBe(false);
    expect(isTimeZone(NY)).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
