// The pure logic of the attendee, exhibitor and engagement pages, tested in Node
// (test/browser/web-logic-people.test.ts): nothing here touches the DOM.
import { toZonedInput } from './time.js';

/** A quoted value for a filter expression (the grammar's `\'` escape), as api.ts's `quote`. */
const quote = (v: string): string => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** One CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180); formulas neutralised. */
export function csvField(value: unknown): string {
  let s = value === undefined || value === null ? '' : String(value);
  // A spreadsheet would run a cell that starts with = + - @ as a formula (CSV injection): a leading ' keeps it text.
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (fields: readonly unknown[]): string => `${fields.map(csvField).join(',')}\r\n`;

export interface AttendeeQuery {
  search: string;
  status: string;
  registrationType: string;
  checkedIn: '' | 'yes' | 'no';
}

/**
 * The list's filter for a query, in the API's grammar: the event, then each chosen filter. A search of one
 * word matches the start of a first name, last name or email; of two or more, a first name and a last name.
 */
export function attendeeFilter(eventId: string, query: AttendeeQuery, ids?: readonly string[]): string {
  const parts = [`event.id eq ${quote(eventId)}`];
  const words = query.search.trim().split(/\s+/).filter(Boolean);
  if (words.length === 1) {
    const w = quote(words[0] as string);
    parts.push(`(contact.firstName sw ${w} or contact.lastName sw ${w} or contact.email sw ${w})`);
  } else if (words.length > 1) {
    parts.push(`contact.firstName sw ${quote(words[0] as string)} and contact.lastName sw ${quote(words.slice(1).join(' '))}`);
  }
  if (query.status) parts.push(`status eq ${quote(query.status)}`);
  if (query.registrationType === 'none') parts.push('registrationType.id is null');
  else if (query.registrationType) parts.push(`registrationType.id eq ${quote(query.registrationType)}`);
  if (query.checkedIn) parts.push(`checkedIn eq ${query.checkedIn === 'yes' ? 'true' : 'false'}`);
  if (ids) parts.push(`(${ids.map((id) => `id eq ${quote(id)}`).join(' or ')})`);
  return parts.join(' and ');
}

/**
 * What removing an attendee sets: the API keeps attendees (the reference has no delete), and its status rules
 * allow a registered attendee to be cancelled and an invited one to be declined; others cannot be removed.
 */
export function removalStatus(status: string): 'Cancelled' | 'Declined' | undefined {
  return status === 'Accepted' ? 'Cancelled' : status === 'No Response' ? 'Declined' : undefined;
}

/** A chart's point. */
export interface Datum { label: string; value: number }

/** Activities per day in the event's time zone, in date order. */
export function perDay(activities: readonly { time?: string | undefined; created: string }[], timezone: string): Datum[] {
  const counts = new Map<string, number>();
  for (const a of activities) {
    const day = toZonedInput(a.time ?? a.created, timezone).slice(0, 10);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([label, value]) => ({ label, value }));
}
