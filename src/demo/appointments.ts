import type { Services } from '../app.js';
import type { AuthContext } from '../actor.js';
import { instantToLocal, localToInstant } from '../modules/appointments/index.js';
import { ALL_SCOPES } from '../modules/oauth/index.js';

const TZ = 'America/New_York';

/**
 * The demo event's appointments (issue 32): an appointment event in New York time with a schedule of 30-minute
 * meetings over the event's first two days, two meeting tables, three people as appointment attendees (one with
 * availability and meeting interests), and one booked meeting, so the available times show a slot taken.
 */
export async function seedDemoAppointments(services: Services, input: { accountId: string; plannerId: string; eventId: string; start: Date }): Promise<void> {
  const auth: AuthContext = {
    accountId: input.accountId, clientId: 'demo-seed', applicationId: null, userId: input.plannerId, scopes: new Set(ALL_SCOPES), tokenId: 'demo-seed',
  };
  const appts = services.appointments;
  const day = 24 * 3600_000;
  const ev = await appts.createEvent(auth, {
    event: { id: input.eventId }, title: 'Partner meetings', description: 'One-to-one meetings with sponsors and partners', timezone: TZ,
    start: input.start.toISOString(), end: new Date(input.start.getTime() + 2 * day + 4 * 3600_000).toISOString(),
  });
  const days = [0, 1].map((n) => instantToLocal(input.start.getTime() + n * day + 3600_000, TZ).slice(0, 10));
  const type = await appts.createType(auth, ev.id, {
    name: 'Partner meeting', category: 'CUSTOM_APPOINTMENT', timeRangeType: 'DEFINED', duration: 30,
    timeRanges: days.map((d) => ({ start: `${d}T11:00`, end: `${d}T13:00` })),
  });
  const table1 = await appts.createLocation(auth, ev.id, { name: 'Meeting lounge, table 1', capacity: 2 });
  await appts.createLocation(auth, ev.id, { name: 'Meeting lounge, table 2', capacity: 2 });
  const people = [];
  for (const [firstName, lastName, company] of [['Avery', 'Lindqvist', 'Contoso'], ['Morgan', 'Achebe', 'Fabrikam'], ['Riley', 'Tanaka', 'Tailspin']] as const) {
    const contact = await services.contacts.create(auth, { firstName, lastName, email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@appointments.demo.eventline.test`, company });
    people.push({ contact: contact.id, attendee: (await appts.createAttendee(auth, { appointmentEvent: { id: ev.id }, contact: { id: contact.id } })).id });
  }
  const [host, guest, other] = people as [typeof people[number], typeof people[number], typeof people[number]];
  await appts.createAvailability(auth, { attendee: { id: guest.attendee }, timeRanges: [{ start: `${days[1] ?? ''}T11:00`, end: `${days[1] ?? ''}T12:00`, type: 'UNAVAILABLE' }] });
  await appts.createInterest(auth, { attendee: { id: other.attendee }, interests: [{ name: 'Contoso', ranking: 'HIGH', meetingType: 'Product demo' }] });
  const first = localToInstant(`${days[0] ?? ''}T11:00`, TZ);
  await appts.createAppointment(auth, ev.id, {
    subject: 'Sponsorship renewal', startTime: new Date(first).toISOString(), endTime: new Date(first + 30 * 60_000).toISOString(),
    location: table1.id, hosts: [host.contact], attendees: [guest.contact], appointmentTypeId: type.id, code: 'DEMO-APPT-1',
  });
}
