import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import type { AttendeesService } from '../attendees/index.js';
import { redactMentions, storedForms, type Eraser } from '../privacy/index.js';
import type { ParticipationRepository } from './participation.repository.js';

// The audit columns record the erasure: it is the last writer of the rows it touches.
const ERASED_BY = 'obfuscation';

type PerAttendee = (trx: Transaction<Database>, accountId: string, attendeeIds: readonly string[], now: string, by: string) => Promise<number>;

/**
 * One eraser per place this module keeps personal data (DESIGN style 9). Both
 * places hold records per attendee: each erases those of the contact's attendees.
 */
export function sessionsErasers(repo: ParticipationRepository, attendees: Pick<AttendeesService, 'contactAttendeeIds'>): Eraser[] {
  const perAttendee = (place: string, columns: readonly string[], erase: PerAttendee): Eraser => ({
    place,
    columns,
    erase: async (trx, s, now) => erase(trx, s.accountId, await attendees.contactAttendeeIds(s.accountId, s.contactIds, trx), now, ERASED_BY),
  });
  return [
    // Enrollment rows hold only ids and a status: kept so session counts stay right.
    perAttendee('session_enrollments', [], (trx, accountId, ids, now, by) => repo.touchEnrollments(trx, accountId, ids, now, by)),
    // Check-ins keep their ids, times and durations (counts); the device says something about the person.
    perAttendee('session_attendance', ['session_attendance.device'], (trx, accountId, ids, now, by) => repo.clearAttendanceDevices(trx, accountId, ids, now, by)),
    {
      // The device of anyone's check-in is a client's text: it may name these contacts.
      place: 'session_attendance mentioning the contacts',
      columns: [],
      mentions: ['session_attendance.device'],
      erase: (trx, s, now) => redactMentions(trx, { table: 'session_attendance', columns: ['device'], audited: true }, s.accountId, storedForms(s.identifying), now),
    },
    {
      // A session's description may quote a contact (a speaker's name or email).
      place: 'session descriptions',
      columns: [],
      mentions: ['sessions.description'],
      erase: (trx, s, now) => redactMentions(trx, { table: 'sessions', columns: ['description'] }, s.accountId, storedForms(s.identifying), now),
    },
  ];
}
