import { defineModule, type ModuleDeps } from '../module.js';
import { seatingErasers, type AttendeesOfContacts } from './seating.erasers.js';
import { SeatingRepository } from './seating.repository.js';
import { seatingRoutes } from './seating.routes.js';
import { SeatingService, type SeatingUses } from './seating.service.js';

export { SeatingService };
export type { Assignment, Seat, Seating, Table } from './seating.schemas.js';

/**
 * Seated events (the Seating tag, issue 31): an event's seating charts, their tables and seats, and which attendee
 * sits where (no seat holds two people; an attendee sits at most once per seating). The reference only reads them:
 * creating charts, tables and seats and assigning / unassigning seats are eventline's extensions (DESIGN rule 11).
 */
export function createSeatingModule(deps: ModuleDeps, uses: SeatingUses & { readonly attendees: SeatingUses['attendees'] & AttendeesOfContacts }) {
  const repo = new SeatingRepository(deps.db.db, deps.db.dialect);
  const seating = new SeatingService(repo, uses, deps.config, deps.clock);
  return defineModule({ name: 'seating', services: { seating }, routes: seatingRoutes(seating), erasers: seatingErasers(repo, uses.attendees) });
}
