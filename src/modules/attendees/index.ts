import type { ContactsService } from '../contacts/index.js';
import type { EventsService } from '../events/index.js';
import { defineModule, type ModuleDeps } from '../module.js';
import { attendeesErasers } from './attendees.erasers.js';
import { AttendeesRepository } from './attendees.repository.js';
import { attendeesRoutes } from './attendees.routes.js';
import { AttendeesService } from './attendees.service.js';
import { eventCheckInRoutes } from './checkin.routes.js';
import { EventCheckInService } from './checkin.service.js';

export { AttendeesService, EventCheckInService };
export type { CheckInJournal } from './checkin.service.js';
export { toAttendeeContact } from './attendees.mapping.js';
export { ATTENDEE_STATUSES } from './attendees.schemas.js';
export type { Attendee, AttendeeContact, AttendeeStatus } from './attendees.schemas.js';

/** Attendees: a contact registered for an event. */
export function createAttendeesModule(deps: ModuleDeps, uses: { contacts: ContactsService; events: EventsService }) {
  const repo = new AttendeesRepository(deps.db.db, deps.db.dialect, (accountId) => uses.contacts.joinable(accountId));
  const attendees = new AttendeesService(repo, uses.contacts, uses.events, deps.config, deps.clock, deps.notifier);
  // Event-level check-in; its activities journal is plugged in by app.ts once the activities module exists.
  const eventCheckIn = new EventCheckInService(repo, uses.events, deps.clock,
    deps.notifier ? { notifier: deps.notifier, attendee: (a, e, id, trx) => attendees.findInEvent(a, e, id, trx) } : undefined);
  const routes = [attendeesRoutes(attendees), eventCheckInRoutes(eventCheckIn)];
  return defineModule({
    name: 'attendees', services: { attendees, eventCheckIn }, erasers: attendeesErasers(repo),
    routes: async (app) => {
      for (const r of routes) await app.register(r);
    },
  });
}
