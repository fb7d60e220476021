import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { iso } from '../../db/time.js';
import { actorName, type AuthContext } from '../../actor.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import { SessionErrors } from './sessions.errors.js';
import { ENROLLMENT_LIST } from './sessions.filters.js';
import { pairId } from './participation.repository.js';
import { ParticipationService } from './participation.service.js';
import type { Enrollment } from './participation.schemas.js';
import type { Row } from '../../db/types.js';

function toEnrollment(r: Row<'session_enrollments'>): Enrollment {
  return {
    id: r.id, session: { id: r.session_id }, event: { id: r.event_id }, attendee: { id: r.attendee_id },
    deleted: r.deleted === 1, status: r.status,
    created: r.created, lastModified: r.last_modified, createdBy: r.created_by, lastModifiedBy: r.last_modified_by,
  };
}

export class EnrollmentService extends ParticipationService {
  list(accountId: string, query: ListQuery): Promise<{ paging: Paging; data: Enrollment[] }> {
    return listPage(ENROLLMENT_LIST, query, (spec) => this.repo.listEnrollments(accountId, spec), toEnrollment, this.listHref('enrollment'));
  }

  /**
   * Registers the attendee in an Optional session: Registered while seats are
   * left, then Waitlisted when the waitlist is enabled and has room, else 409.
   * Enrolling again someone already Registered or Waitlisted changes nothing.
   */
  async enroll(auth: AuthContext, sessionId: string, attendeeId: string): Promise<void> {
    const id = attendeeId.toLowerCase();
    await this.inSession(auth.accountId, sessionId, async (session, trx) => {
      await this.requireParticipant(session, id, trx);
      if (session.included_session === 1) throw SessionErrors.includedSession(undefined, { target: 'id' });
      if (session.status !== 'Active') throw SessionErrors.sessionNotOpen(`The session is ${session.status}; only Active sessions take registrations`, { target: 'id' });
      const existing = await this.repo.findEnrollment(auth.accountId, session.id, id, trx);
      if (existing && existing.deleted === 0 && existing.status !== 'Cancelled') return;
      const status = await this.seatFor(session, trx);
      if (status === 'Full') {
        throw SessionErrors.sessionFull(session.enable_waitlist === 1 ? 'The session and its waitlist are full' : 'The session is full and has no waitlist', { target: 'id' });
      }
      const now = iso(this.clock());
      const by = actorName(auth);
      if (existing) {
        await this.repo.updateEnrollment(auth.accountId, existing.id, { status, deleted: 0, last_modified: now, last_modified_by: by }, trx);
      } else {
        await this.repo.insertEnrollment({
          id: pairId(session.id, id), account_id: auth.accountId, event_id: session.event_id, session_id: session.id, attendee_id: id,
          status, deleted: 0, created: now, last_modified: now, created_by: by, last_modified_by: by,
        }, trx);
      }
    });
  }

  private async seatFor(session: Row<'sessions'>, trx: Transaction<Database>): Promise<'Registered' | 'Waitlisted' | 'Full'> {
    if (session.capacity_unlimited === 1 || session.capacity === null) return 'Registered';
    const registered = await this.repo.countEnrollments(session.account_id, session.id, 'Registered', trx);
    if (registered < session.capacity) return 'Registered';
    if (session.enable_waitlist === 1) {
      const waiting = await this.repo.countEnrollments(session.account_id, session.id, 'Waitlisted', trx);
      if (session.waitlist_capacity === null || waiting < session.waitlist_capacity) return 'Waitlisted';
    }
    return 'Full';
  }

  /**
   * Removes the registration (kept with status Cancelled and deleted, so list
   * readers see the removal). A freed seat goes to the longest-waiting waitlisted attendee.
   */
  async unenroll(auth: AuthContext, sessionId: string, attendeeId: string): Promise<void> {
    const id = attendeeId.toLowerCase();
    await this.inSession(auth.accountId, sessionId, async (session, trx) => {
      const existing = await this.repo.findEnrollment(auth.accountId, session.id, id, trx);
      if (!existing || existing.deleted === 1) throw SessionErrors.enrollmentNotFound(undefined, { target: 'attendeeId' });
      const now = iso(this.clock());
      const by = actorName(auth);
      await this.repo.updateEnrollment(auth.accountId, existing.id, { status: 'Cancelled', deleted: 1, last_modified: now, last_modified_by: by }, trx);
      if (existing.status !== 'Registered' || session.included_session === 1) return;
      const next = await this.repo.firstWaitlisted(auth.accountId, session.id, trx);
      if (next && (await this.seatFor(session, trx)) === 'Registered') {
        await this.repo.updateEnrollment(auth.accountId, next.id, { status: 'Registered', last_modified: now, last_modified_by: by }, trx);
      }
    });
  }
}
