import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/app.js';
import { ok, type Api } from '../helpers/app.js';
import { startDiskApp, type DiskApp } from '../helpers/disk-app.js';
import { createVenue, seedPerson, type PersonData } from '../contract/obfuscation.fixtures.js';

// Issue 31: a planner names seating charts, tables and seats freely ("Dr X's table"). Obfuscating the contact redacts
// their full name (either order) and email there (name parts alone are left, as in every planner's free text: docs/privacy.md), and the bytes leave the SQLite file and its WAL; the attendee's seat assignment (ids
// only) follows the attendee, which obfuscation keeps: the seat stays taken. This suite runs on its own SQLite file.

let d: DiskApp;
let services: Services;
let api: Api;
let accountId: string;

beforeAll(async () => {
  d = await startDiskApp('eventline-erasure-seating-');
  ({ services, api, accountId } = d);
}, 60_000);
afterAll(() => d?.close());

const rawBytes = (): string => d.rawBytes().toLowerCase();

describe('erasure in seating charts (SQLite)', () => {
  it('redacts the guest in seating, table and seat names and the table description, keeps the assignment, and leaves none of their bytes on disk', async () => {
    const tag = Date.now().toString(36);
    const person: PersonData = { firstName: `Philippa${tag}`, lastName: `Wexcombe${tag}`, email: `philippa.${tag}@erasure.example`, phone: '+1 555 0103', note: 'no note' };
    const venue = await createVenue(services, accountId);
    const { contactId, attendeeId } = await seedPerson(services.db.db, venue, person);
    const full = `${person.firstName} ${person.lastName}`;
    const base = `/ea/events/${venue.eventId}/seatings`;
    const seating = await ok<{ id: string }>(api('POST', base, { name: `Dinner in honour of ${full}` }), 201);
    const table = await ok<{ id: string; seats: Array<{ id: string }> }>(api('POST', `${base}/${seating.id}/tables`, {
      name: `${person.lastName}, ${person.firstName} and family`, capacity: 2, description: `Ask ${person.email} about allergies`, seats: [{ name: `Reserved: ${full}` }, { name: 'Guest' }],
    }), 201);
    await ok(api('POST', `${base}/${seating.id}/assignments`, { attendee: { id: attendeeId }, seat: { id: table.seats[0]?.id } }), 201);
    const needles = [person.email, person.firstName, person.lastName].map((v) => v.toLowerCase());
    expect(needles.filter((n) => rawBytes().includes(n))).toEqual(needles);

    await d.obfuscate(contactId);
    expect(needles.filter((n) => rawBytes().includes(n))).toEqual([]);
    const shown = JSON.stringify([
      await ok(api('GET', base)),
      await ok(api('GET', `${base}/${seating.id}/tables?expand=seats`)),
    ]).toLowerCase();
    expect(needles.filter((n) => shown.includes(n))).toEqual([]);
    const held = await ok<{ data: Array<{ attendee: { id: string }; seat: { id: string } }> }>(api('GET', `${base}/${seating.id}/assignments`));
    expect(held.data).toEqual([expect.objectContaining({ attendee: { id: attendeeId }, seat: { id: table.seats[0]?.id } })]);
  });
});
