import type { Transaction } from 'kysely';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import type { AuthContext } from '../../actor.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import { SessionErrors } from './sessions.errors.js';
import { ENROLLMENT_LIST } from './sessions.filters.js';
import { pairId, type EnrollmentRow, type ParticipationRepository } from './participation.repository.js';
import type { SessionView, SessionsRepository } from './sessions.repository.js';
import type { Enrollment, EnrollmentStatus } from './participation.schemas.js';

/** Attendee statuses of people who are not taking part in the event. */
const NOT_PARTICIPATING: ReadonlySet<string> = new Set(['Declined', 'Cancelled', 'Denied Approval']);

export const actor = (auth: AuthContext): string => auth.userId ?? auth.clientId;

function toEnrollment(r: EnrollmentRow): Enrollment {
  return {
    id: r.id, session: { id: r.session_id }, event: { id: r.event_id }, attendee: { id: r.attendee_id },
    deleted: r.deleted === 1, status: r.status as EnrollmentStatus,
    created: r.created, lastModified: r.last_modified, createdBy: r.created_by, lastModifiedBy: r.last_modified_by,
  };
}

/**
 * The attendee must be the account's and registered for the session's event
 * (else 404, so ids of other accounts and events look alike), and not have
 * declined or cancelled (409).
 */
export async function requireParticipant(repo: ParticipationRepository, accountId: string, session: SessionView, attendeeId: string, trx: Transaction<Database>): Promise<void> {
  const attendee = await repo.findAttendee(accountId, attendeeId.toLowerCase(), trx);
  if (!attendee || attendee.event_id !== session.event_id) throw SessionErrors.attendeeNotFound(undefined, { target: 'attendeeId' });
  if (NOT_PARTICIPATING.has(attendee.status)) {
    throw SessionErrors.notParticipating(`The attendee's registration for the event is ${attendee.status}`, { target: 'attendeeId' });
  }
}

/**
 * Makes the attendee Registered in the session (insert, revive or upgrade from
 * Waitlisted/Cancelled), without a capacity check: used when attendance is
 * recorded, which is a fact, not a request for a seat.
 */
export async function ensureRegistered(repo: ParticipationRepository, session: SessionView, attendeeId: string, by: string, now: string, trx: Transaction<Database>): Promise<void> {
  const existing = await repo.findEnrollment(session.account_id, session.id, attendeeId, trx);
  if (!existing) {
    await repo.insertEnrollment({
      id: pairId(session.id, attendeeId), account_id: session.account_id, event_id: session.event_id, session_id: session.id, attendee_id: attendeeId,
      status: 'Registered', deleted: 0, created: now, last_modified: now, created_by: by, last_modified_by: by,
    }, trx);
  } else if (existing.status !== 'Registered' || existing.deleted === 1) {
    await repo.updateEnrollment(session.account_id, existing.id, { status: 'Registered', deleted: 0, last_modified: now, last_modified_by: by }, trx);
  }
}

export class EnrollmentService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly repo: ParticipationRepository,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock = systemClock,
  ) {}

  list(accountId: string, query: ListQuery): Promise<{ paging: Paging; data: Enrollment[] }> {
    return listPage(ENROLLMENT_LIST, query, (spec) => this.repo.listEnrollments(accountId, spec), toEnrollment,
      `${this.config.publicUrl}/${this.config.apiVersion}/sessions/enrollment`);
  }

  /**
   * Registers the attendee in an Optional session: Registered while seats are
   * left, then Waitlisted when the waitlist is enabled and has room, else 409.
   * Enrolling again someone already Registered or Waitlisted changes nothing.
   */
  async enroll(auth: AuthContext, sessionId: string, attendeeId: string): Promise<void> {
    const id = attendeeId.toLowerCase();
    await this.repo.transaction(async (trx) => {
      const session = await this.sessions.lock(auth.accountId, sessionId, trx);
      if (!session) throw SessionErrors.sessionNotFound(undefined, { target: 'id' });
      await requireParticipant(this.repo, auth.accountId, session, id, trx);
      if (session.included_session === 1) throw SessionErrors.includedSession(undefined, { target: 'id' });
      if (session.status !== 'Active') throw SessionErrors.sessionNotOpen(`The session is ${session.status}; only Active sessions take registrations`, { target: 'id' });
      const existing = await this.repo.findEnrollment(auth.accountId, session.id, id, trx);
      if (existing && existing.deleted === 0 && existing.status !== 'Cancelled') return;
      const status = await this.seatFor(session, trx);
      if (status === 'Full') {
        throw SessionErrors.sessionFull(session.enable_waitlist === 1 ? 'The session and its waitlist are full' : 'The session is full and has no waitlist', { target: 'id' });
      }
      const now = iso(this.clock());
      const by = actor(auth);
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

  private async seatFor(session: SessionView, trx: Transaction<Database>): Promise<'Registered' | 'Waitlisted' | 'Full'> {
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
   * Removes the registration (kept as Cancelled + deleted, so list readers see
   * the removal). A freed seat goes to the longest-waiting waitlisted attendee.
   */
  async unenroll(auth: AuthContext, sessionId: string, attendeeId: string): Promise<void> {
    const id = attendeeId.toLowerCase();
    await this.repo.transaction(async (trx) => {
      const session = await this.sessions.lock(auth.accountId, sessionId, trx);
      if (!session) throw SessionErrors.sessionNotFound(undefined, { target: 'id' });
      const existing = await this.repo.findEnrollment(auth.accountId, session.id, id, trx);
      if (!existing || existing.deleted === 1) throw SessionErrors.enrollmentNotFound(undefined, { target: 'attendeeId' });
      const now = iso(this.clock());
      const by = actor(auth);
      await this.repo.updateEnrollment(auth.accountId, existing.id, { status: 'Cancelled', deleted: 1, last_modified: now, last_modified_by: by }, trx);
      if (existing.status !== 'Registered' || session.included_session === 1) return;
      const next = await this.repo.firstWaitlisted(auth.accountId, session.id, trx);
      if (next && (await this.seatFor(session, trx)) === 'Registered') {
        await this.repo.updateEnrollment(auth.accountId, next.id, { status: 'Registered', last_modified: now, last_modified_by: by }, trx);
      }
    });
  }
}
