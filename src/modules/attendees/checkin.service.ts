import type { Transaction } from 'kysely';
import { actorName, type AuthContext } from '../../actor.js';
import type { Database } from '../../db/index.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { ApiError } from '../../errors.js';
import { itemValidator } from '../../items.js';
import type { Notifier } from '../../notifications.js';
import type { Attendee } from './attendees.schemas.js';
import type { EventsService } from '../events/index.js';
import { AttendeeErrors } from './attendees.errors.js';
import type { AttendeesRepository } from './attendees.repository.js';
import { EventCheckInItemSchema, type EventCheckInItem, type EventCheckInResult } from './checkin.schemas.js';

/**
 * What event check-in reports to the activities journal (the activities module's ActivitiesService.record),
 * plugged in with `useJournal` when the activities module is wired: it is built after this module.
 */
export interface CheckInJournal {
  record(report: {
    accountId: string; eventId: string; attendeeId: string; type: 'event.checkedIn' | 'event.checkedOut'; time: string;
    data: { event: { id: string }; checkedIn?: string; checkOut?: string; duration?: number };
  }, trx: Transaction<Database>): Promise<unknown>;
}

// The registration is over: attendance cannot be recorded (the sessions module's rule for session check-in too).
const NOT_PARTICIPATING: ReadonlySet<string> = new Set(['Declined', 'Cancelled', 'Denied Approval']);

const isObject = (v: unknown): v is Readonly<Record<string, unknown>> => typeof v === 'object' && v !== null && !Array.isArray(v);
const span = (from: string, to: string | null): number | null => (to !== null ? Date.parse(to) - Date.parse(from) : null);

/**
 * Event-level check-in (POST /events/{id}/check-in, DELETE /events/{id}/check-in/{attendeeId}): the attendee's
 * checkedIn, checkIn, checkOut and duration, which the attendees module owns, and the `event.checkedIn` /
 * `event.checkedOut` activities, recorded in the same transaction as the attendee's row.
 */
export class EventCheckInService {
  private readonly checkItem = itemValidator(EventCheckInItemSchema, 'check-in');
  private journal: CheckInJournal | undefined;

  constructor(
    private readonly repo: AttendeesRepository,
    private readonly events: Pick<EventsService, 'find'>,
    private readonly clock: Clock = systemClock,
    /** Event notifications: `attendee.checked_in` with the attendee as the API shows it (read in the transaction). */
    private readonly notify?: { notifier: Notifier; attendee: (accountId: string, eventId: string, id: string, trx: Transaction<Database>) => Promise<Attendee | undefined> },
  ) {}

  useJournal(journal: CheckInJournal): void {
    this.journal = journal;
  }

  private async event(accountId: string, eventId: string): Promise<string> {
    const event = await this.events.find(accountId, eventId.toLowerCase());
    if (!event) throw AttendeeErrors.eventNotFound(undefined, { target: 'id' });
    return event.id;
  }

  /** Each item in its own transaction: a bad item is its own 4xx result and changes nothing; the others are stored. */
  async checkIn(auth: AuthContext, eventId: string, items: readonly unknown[]): Promise<EventCheckInResult[]> {
    const id = await this.event(auth.accountId, eventId);
    const results: EventCheckInResult[] = [];
    for (const raw of items) {
      try {
        const item = this.checkItem(raw);
        const status = await this.recordOne(auth, id, item);
        results.push({ status, data: { id: item.id.toLowerCase() } });
      } catch (err) {
        // Anything but a client error is a server fault: it propagates (stored items stay stored; resending is safe).
        if (!(err instanceof ApiError) || err.status >= 500) throw err;
        const target = err.options.target;
        results.push({ status: err.status, message: err.message, data: { code: err.status, message: err.message, ...(target ? { target } : {}) }, ...(isObject(raw) ? { request: raw } : {}) });
      }
    }
    return results;
  }

  /** 201 when the attendee was not checked in, 200 when the check-in is updated in place (resending is harmless). */
  private recordOne(auth: AuthContext, eventId: string, item: EventCheckInItem): Promise<number> {
    const checkIn = new Date(item.checkIn).toISOString();
    const givenOut = item.checkOut !== undefined ? new Date(item.checkOut).toISOString() : undefined;
    if (givenOut !== undefined && givenOut < checkIn) throw AttendeeErrors.invalid('checkOut must not be before checkIn', { target: 'checkOut' });
    return this.repo.transaction(async (trx) => {
      const row = await this.repo.findInEvent(auth.accountId, eventId, item.id.toLowerCase(), trx);
      if (!row) throw AttendeeErrors.attendeeNotFound('The attendee is not an attendee of this event', { target: 'id' });
      if (NOT_PARTICIPATING.has(row.status)) {
        throw AttendeeErrors.notParticipating(`The attendee's registration for the event is ${row.status}`, { target: 'id' });
      }
      const live = row.checked_in === 1;
      // A stored check-out earlier than the new check-in belongs to an earlier visit.
      const keptOut = live && row.check_out !== null && row.check_out >= checkIn ? row.check_out : null;
      const checkOut = givenOut ?? keptOut;
      const duration = item.duration ?? span(checkIn, checkOut);
      const now = iso(this.clock());
      await this.repo.update(auth.accountId, row.id, {
        checked_in: 1, check_in: checkIn, check_out: checkOut, duration, last_modified: now, attendee_last_modified: now, last_modified_by: actorName(auth),
      }, trx);
      // Only a new time is an activity: resending the same check-in reports nothing.
      const base = { accountId: auth.accountId, eventId, attendeeId: row.id };
      if (!live || row.check_in !== checkIn) {
        await this.journal?.record({ ...base, type: 'event.checkedIn', time: checkIn, data: { event: { id: eventId }, checkedIn: checkIn } }, trx);
        await this.notify?.notifier.notify(trx, auth.accountId, 'attendee.checked_in', () => this.notify?.attendee(auth.accountId, eventId, row.id, trx) ?? Promise.resolve(undefined));
      }
      if (checkOut !== null && (!live || row.check_out !== checkOut)) {
        await this.journal?.record({
          ...base, type: 'event.checkedOut', time: checkOut, data: { event: { id: eventId }, checkOut, ...(duration !== null ? { duration } : {}) },
        }, trx);
      }
      return live ? 200 : 201;
    });
  }

  /** Removes the check-in (the attendee is no longer checked in); the journal keeps what happened. */
  async remove(auth: AuthContext, eventId: string, attendeeId: string): Promise<void> {
    const id = await this.event(auth.accountId, eventId);
    await this.repo.transaction(async (trx) => {
      const row = await this.repo.findInEvent(auth.accountId, id, attendeeId.toLowerCase(), trx);
      if (!row) throw AttendeeErrors.attendeeNotFound('The attendee is not an attendee of this event', { target: 'attendeeId' });
      if (row.checked_in !== 1) throw AttendeeErrors.attendeeNotFound('The attendee is not checked in to this event', { target: 'attendeeId' });
      const now = iso(this.clock());
      await this.repo.update(auth.accountId, row.id, {
        checked_in: 0, check_in: null, check_out: null, duration: null, last_modified: now, attendee_last_modified: now, last_modified_by: actorName(auth),
      }, trx);
    });
  }
}
