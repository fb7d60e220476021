import type { Transaction } from 'kysely';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { systemClock, type Clock } from '../../db/time.js';
import type { AttendeesService } from '../attendees/index.js';
import { SessionErrors } from './sessions.errors.js';
import { pairId, type ParticipationRepository } from './participation.repository.js';
import type { SessionsRepository } from './sessions.repository.js';
import type { Row } from '../../db/types.js';

/** Attendee statuses of people who are not taking part in the event. */
const NOT_PARTICIPATING: ReadonlySet<string> = new Set(['Declined', 'Cancelled', 'Denied Approval']);

/** What enrollment and attendance ask the attendees module, which owns attendees. */
export type AttendeeLookup = Pick<AttendeesService, 'findInEvent'>;

/**
 * What enrollment and attendance share: each change runs in a transaction
 * that holds its session, on attendees of the session's event.
 */
export abstract class ParticipationService {
  constructor(
    protected readonly sessions: SessionsRepository,
    protected readonly repo: ParticipationRepository,
    private readonly attendees: AttendeeLookup,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    protected readonly clock: Clock = systemClock,
  ) {}

  /** The absolute URL of a list under /sessions, for its paging links. */
  protected listHref(path: string): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}/sessions/${path}`;
  }

  /** Runs `fn` in one transaction with the session read and locked; 404 (aimed at `id`) when it is not the account's. */
  protected inSession<T>(accountId: string, sessionId: string, fn: (session: Row<'sessions'>, trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.sessions.transaction(async (trx) => {
      const session = await this.sessions.lock(accountId, sessionId, trx);
      if (!session) throw SessionErrors.sessionNotFound(undefined, { target: 'id' });
      return fn(session, trx);
    });
  }

  /**
   * The attendee must be the account's and registered for the session's event
   * (else 404, so ids of other accounts and events look alike), and not have
   * declined or cancelled (409).
   */
  protected async requireParticipant(session: Row<'sessions'>, attendeeId: string, trx: Transaction<Database>): Promise<void> {
    const attendee = await this.attendees.findInEvent(session.account_id, session.event_id, attendeeId, trx);
    if (!attendee) throw SessionErrors.attendeeNotFound(undefined, { target: 'attendeeId' });
    if (NOT_PARTICIPATING.has(attendee.status)) {
      throw SessionErrors.notParticipating(`The attendee's registration for the event is ${attendee.status}`, { target: 'attendeeId' });
    }
  }

  /**
   * Makes the attendee Registered in the session (insert, revive or upgrade from
   * Waitlisted/Cancelled), without a capacity check: used when attendance is
   * recorded, which is a fact, not a request for a seat.
   */
  protected async ensureRegistered(session: Row<'sessions'>, attendeeId: string, by: string, now: string, trx: Transaction<Database>): Promise<void> {
    const existing = await this.repo.findEnrollment(session.account_id, session.id, attendeeId, trx);
    if (!existing) {
      await this.repo.insertEnrollment({
        id: pairId(session.id, attendeeId), account_id: session.account_id, event_id: session.event_id, session_id: session.id, attendee_id: attendeeId,
        status: 'Registered', deleted: 0, created: now, last_modified: now, created_by: by, last_modified_by: by,
      }, trx);
    } else if (existing.status !== 'Registered' || existing.deleted === 1) {
      await this.repo.updateEnrollment(session.account_id, existing.id, { status: 'Registered', deleted: 0, last_modified: now, last_modified_by: by }, trx);
    }
  }
}
