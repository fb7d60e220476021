import type { AttendeesService } from '../attendees/index.js';
import type { Eraser } from '../privacy/index.js';
import type { ParticipationRepository } from './participation.repository.js';

// Audit columns name the erasure as the last writer.
const ERASED_BY = 'obfuscation';

/** One eraser per place this module keeps personal data (DESIGN style 9): the records of the contact's attendees. */
export function sessionsErasers(repo: ParticipationRepository, attendees: Pick<AttendeesService, 'contactAttendeeIds'>): Eraser[] {
  return [
    {
      place: 'session_enrollments',
      // Enrollment rows hold only ids and a status: kept so session counts stay right.
      async erase(trx, s, now) {
        return repo.touchEnrollments(trx, s.accountId, await attendees.contactAttendeeIds(s.accountId, s.contactId, trx), now, ERASED_BY);
      },
    },
    {
      place: 'session_attendance',
      // Check-ins keep their ids, times and durations (counts); the device says something about the person.
      async erase(trx, s, now) {
        return repo.clearAttendanceDevices(trx, s.accountId, await attendees.contactAttendeeIds(s.accountId, s.contactId, trx), now, ERASED_BY);
      },
    },
  ];
}
