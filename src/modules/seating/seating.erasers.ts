import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { ERASED_BY, redactMentions, storedForms, type Eraser } from '../privacy/index.js';
import type { SeatingRepository } from './seating.repository.js';

/** What the erasers need of the attendees module: assignments name attendees, not contacts. */
export interface AttendeesOfContacts {
  contactAttendeeIds(accountId: string, contactIds: readonly string[], trx: Transaction<Database>): Promise<string[]>;
}

/**
 * A seat assignment holds ids only and follows its attendee: attendees are obfuscated, not deleted, so the
 * assignment stays (the chart still shows the seat taken) and is stamped as touched by the erasure. The planner's
 * names of charts, tables and seats and the tables' descriptions are free text that may name a guest ("Smith family
 * table"): an erased contact's names and email are redacted there.
 */
export function seatingErasers(repo: SeatingRepository, attendees: AttendeesOfContacts): Eraser[] {
  const mentions = (place: string, table: 'seatings' | 'seating_tables' | 'seating_seats', columns: string[]): Eraser => ({
    place,
    columns: [],
    mentions: columns.map((c) => `${table}.${c}`),
    erase: (trx, s, now) => redactMentions(trx, { table, columns, audited: true }, s.accountId, storedForms(s.identifying), now),
  });
  return [
    {
      place: 'seat assignments',
      columns: [],
      erase: async (trx, s, now) => repo.touchAssignments(s.accountId, await attendees.contactAttendeeIds(s.accountId, s.contactIds, trx), now, ERASED_BY, trx),
    },
    mentions('seating names', 'seatings', ['name']),
    mentions('seating table names and descriptions', 'seating_tables', ['name', 'description']),
    mentions('seat names', 'seating_seats', ['name']),
  ];
}
