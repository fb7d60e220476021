import { newId } from '../../db/ids.js';
import type { EventsService } from '../events/index.js';
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
export function createSeatingModule(deps: ModuleDeps, uses: SeatingUses & {
  readonly attendees: SeatingUses['attendees'] & AttendeesOfContacts; readonly events: SeatingUses['events'] & Pick<EventsService, 'registerCopyStep'>;
}) {
  const repo = new SeatingRepository(deps.db.db, deps.db.dialect);
  const seating = new SeatingService(repo, uses, deps.config, deps.clock);
  // Event copy (events.copy.ts): the charts, tables and seats are the planner's layout and are copied; the
  // assignments name the event's attendees, which a copy does not carry, so the copy's seats are all free.
  uses.events.registerCopyStep({
    name: 'seating', part: 'planning',
    copy: async (ctx) => {
      const from = await repo.layoutOfEvent(ctx.accountId, ctx.fromEventId, ctx.trx);
      const stamp = { event_id: ctx.toEventId, created: ctx.now, last_modified: ctx.now, created_by: ctx.actor, last_modified_by: ctx.actor };
      const seatingIds = new Map(from.seatings.map((r) => [r.id, newId()]));
      const tableIds = new Map(from.tables.map((r) => [r.id, newId()]));
      await repo.insertLayout({
        seatings: from.seatings.map((r) => ({ ...r, ...stamp, id: seatingIds.get(r.id) ?? newId() })),
        tables: from.tables.flatMap((r) => {
          const seatingId = seatingIds.get(r.seating_id);
          return seatingId === undefined ? [] : [{ ...r, ...stamp, id: tableIds.get(r.id) ?? newId(), seating_id: seatingId }];
        }),
        seats: from.seats.flatMap((r) => {
          const seatingId = seatingIds.get(r.seating_id);
          const tableId = tableIds.get(r.table_id);
          return seatingId === undefined || tableId === undefined ? [] : [{ ...r, ...stamp, id: newId(), seating_id: seatingId, table_id: tableId }];
        }),
      }, ctx.trx);
    },
  });
  return defineModule({ name: 'seating', services: { seating }, routes: seatingRoutes(seating), erasers: seatingErasers(repo, uses.attendees) });
}
