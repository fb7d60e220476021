import type { Transaction } from 'kysely';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { actorName, type AuthContext } from '../../actor.js';
import type { ActivityReporter } from '../activities/index.js';
import { ApiError } from '../../errors.js';
import { listPage, type ListSpec, type ListQuery, type Paging } from '../../lists/index.js';
import { SessionErrors } from './sessions.errors.js';
import { ATTENDANCE_LIST } from './sessions.filters.js';
import { pairId } from './participation.repository.js';
import { ParticipationService, type AttendeeLookup } from './participation.service.js';
import type { ParticipationRepository } from './participation.repository.js';
import type { SessionsRepository } from './sessions.repository.js';
import type { Attendance, BulkItemResult } from './participation.schemas.js';
import type { Row } from '../../db/types.js';

/** POST /sessions/{id}/check-in records attendance; PUT updates what was recorded. */
export type CheckInMode = 'create' | 'update';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/i;

/** An RFC 3339 date-time with a zone, in canonical UTC text; undefined when it is not one (or names a day that does not exist). */
export function parseDateTime(value: string): string | undefined {
  const m = DATE_TIME.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s = '0', oh = '0', om = '0'] = m;
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (day.getUTCMonth() !== Number(mo) - 1 || day.getUTCDate() !== Number(d)) return undefined;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59 || Number(oh) > 23 || Number(om) > 59) return undefined;
  const t = Date.parse(value);
  if (Number.isNaN(t)) return undefined;
  const out = new Date(t).toISOString();
  return /^\d{4}-/.test(out) ? out : undefined;
}

const bad = (message: string, target: string): ApiError => SessionErrors.invalidInput(message, { target });

interface ParsedItem { id: string; checkIn?: string; checkOut?: string; device?: string; duration?: number }

/** A JSON object, whose fields are still to be checked. */
const isObject = (v: unknown): v is Readonly<Record<string, unknown>> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Validates one check-in item by itself, so one bad item cannot fail the others. */
function readItem(item: unknown, mode: CheckInMode): ParsedItem {
  if (!isObject(item)) throw bad('Each item must be an object', 'item');
  if (typeof item.id !== 'string' || !UUID.test(item.id)) throw bad('id must be the attendee id (a UUID)', 'id');
  const out: ParsedItem = { id: item.id.toLowerCase() };
  if (mode === 'create') {
    if (item.checkIn === undefined) throw bad('checkIn is required', 'checkIn');
    const checkIn = typeof item.checkIn === 'string' ? parseDateTime(item.checkIn) : undefined;
    if (!checkIn) throw bad('checkIn must be an ISO 8601 date-time with a zone, e.g. 2018-01-13T02:00:00Z', 'checkIn');
    out.checkIn = checkIn;
  }
  if (item.checkOut !== undefined) {
    const checkOut = typeof item.checkOut === 'string' ? parseDateTime(item.checkOut) : undefined;
    if (!checkOut) throw bad('checkOut must be an ISO 8601 date-time with a zone, e.g. 2018-01-13T03:00:00Z', 'checkOut');
    if (out.checkIn !== undefined && checkOut < out.checkIn) throw bad('checkOut must not be before checkIn', 'checkOut');
    out.checkOut = checkOut;
  }
  if (item.duration !== undefined) {
    if (typeof item.duration !== 'number' || !Number.isSafeInteger(item.duration) || item.duration < 0) {
      throw bad('duration must be a whole number of milliseconds, 0 or more', 'duration');
    }
    out.duration = item.duration;
  }
  if (item.device !== undefined) {
    if (typeof item.device !== 'string' || item.device.length > 200) throw bad('device must be a string of at most 200 characters', 'device');
    out.device = item.device;
  }
  return out;
}

const span = (from: string, to: string | null | undefined): number | null => (to ? Date.parse(to) - Date.parse(from) : null);

function toAttendance(r: Row<'session_attendance'>): Attendance {
  return {
    id: r.id, session: { id: r.session_id }, event: { id: r.event_id }, attendee: { id: r.attendee_id }, deleted: r.deleted === 1,
    ...(r.check_in !== null ? { checkIn: r.check_in } : {}),
    ...(r.check_out !== null ? { checkOut: r.check_out } : {}),
    ...(r.duration !== null ? { duration: r.duration } : {}),
    created: r.created, lastModified: r.last_modified, createdBy: r.created_by, lastModifiedBy: r.last_modified_by,
  };
}

const echo = (raw: unknown): Pick<BulkItemResult, 'request'> => (isObject(raw) ? { request: raw } : {});

export class AttendanceService extends ParticipationService {
  constructor(
    sessions: SessionsRepository,
    repo: ParticipationRepository,
    attendees: AttendeeLookup,
    private readonly activities: ActivityReporter,
    config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    clock: Clock = systemClock,
  ) {
    super(sessions, repo, attendees, config, clock);
  }

  /**
   * Reports a check-in or check-out to the activities journal, in the
   * attendance's transaction. Only a new time is an activity: resending the
   * same attendance (the webcast sync does) reports nothing.
   */
  private async report(
    session: Row<'sessions'>, attendeeId: string, change: { checkIn?: string; checkOut?: string; duration?: number | null }, trx: Transaction<Database>,
  ): Promise<void> {
    const ref = { id: session.id, title: session.title, ...(session.code !== null ? { code: session.code } : {}) };
    const base = { accountId: session.account_id, eventId: session.event_id, attendeeId, refs: { sessionId: session.id } };
    if (change.checkIn !== undefined) {
      await this.activities.record({ ...base, type: 'session.checkedIn', time: change.checkIn, data: { session: ref, checkedIn: change.checkIn } }, trx);
    }
    if (change.checkOut !== undefined) {
      // The attendance duration (milliseconds) travels with the check-out: an eventline addition to the reference's data.
      const duration = change.duration ?? null;
      await this.activities.record({
        ...base, type: 'session.checkedOut', time: change.checkOut, data: { session: ref, checkOut: change.checkOut, ...(duration !== null ? { duration } : {}) },
      }, trx);
    }
  }

  list(accountId: string, query: ListQuery): Promise<{ paging: Paging; data: Attendance[] }> {
    return listPage(ATTENDANCE_LIST, query, (spec) => this.repo.listAttendance(accountId, spec), toAttendance, this.listHref('attendance'));
  }

  /** A page of the account's attendance rows for another list of them (GET /attendance-durations, attendee-extras module). */
  attendancePage(accountId: string, spec: ListSpec) {
    return this.repo.listAttendance(accountId, spec);
  }

  /**
   * POST (create) and PUT (update) /sessions/{id}/check-in. Every item runs in
   * its own transaction: a bad item is reported in its 207 entry and changes
   * nothing, and the items before it stay stored. Check-in is idempotent (one
   * attendance record per attendee and session, updated in place), so a
   * client may resend a whole batch.
   */
  async checkIn(auth: AuthContext, sessionId: string, items: readonly unknown[], mode: CheckInMode): Promise<BulkItemResult[]> {
    const session = await this.sessions.find(auth.accountId, sessionId);
    if (!session) throw SessionErrors.sessionNotFound(undefined, { target: 'id' });
    if (session.status === 'Cancelled') throw SessionErrors.sessionCancelled('The session is Cancelled; attendance cannot be recorded', { target: 'id' });
    const results: BulkItemResult[] = [];
    for (const raw of items) {
      try {
        const item = readItem(raw, mode);
        const status = mode === 'create' ? await this.recordOne(auth, sessionId, item) : await this.updateOne(auth, sessionId, item);
        results.push({ status, data: { id: item.id }, ...echo(raw) });
      } catch (err) {
        // Anything but a client error is a server fault: it propagates (stored items stay stored; resending is safe).
        if (!(err instanceof ApiError) || err.status >= 500) throw err;
        const target = err.options.target;
        results.push({ status: err.status, message: err.message, data: { code: err.status, message: err.message, ...(target ? { target } : {}) }, ...echo(raw) });
      }
    }
    return results;
  }

  /** 201 when the attendance is new (or was deleted), 200 when updated in place. */
  private recordOne(auth: AuthContext, sessionId: string, item: ParsedItem): Promise<number> {
    const checkIn = item.checkIn;
    if (checkIn === undefined) throw bad('checkIn is required', 'checkIn');
    return this.inSession(auth.accountId, sessionId, async (session, trx) => {
      await this.requireParticipant(session, item.id, trx);
      const now = iso(this.clock());
      const by = actorName(auth);
      // The seed: a participant who is not enrolled is enrolled automatically when attendance is recorded.
      await this.ensureRegistered(session, item.id, by, now, trx);
      const existing = await this.repo.findAttendance(auth.accountId, session.id, item.id, trx);
      // A stored check-out earlier than the new check-in belongs to an earlier visit.
      const keptOut = existing?.check_out && existing.check_out >= checkIn ? existing.check_out : null;
      const checkOut = item.checkOut ?? keptOut;
      const fields = {
        check_in: checkIn, check_out: checkOut, duration: item.duration ?? span(checkIn, checkOut),
        device: item.device ?? existing?.device ?? null, deleted: 0, last_modified: now, last_modified_by: by,
      };
      const live = existing && existing.deleted === 0 ? existing : undefined;
      await this.report(session, item.id, {
        ...(live?.check_in !== checkIn ? { checkIn } : {}),
        ...(checkOut !== null && live?.check_out !== checkOut ? { checkOut, duration: fields.duration } : {}),
      }, trx);
      if (existing) {
        await this.repo.updateAttendance(auth.accountId, existing.id, fields, trx);
        return existing.deleted === 1 ? 201 : 200;
      }
      await this.repo.insertAttendance({
        id: pairId(session.id, item.id), account_id: auth.accountId, event_id: session.event_id, session_id: session.id, attendee_id: item.id,
        ...fields, created: now, created_by: by,
      }, trx);
      return 201;
    });
  }

  private updateOne(auth: AuthContext, sessionId: string, item: ParsedItem): Promise<number> {
    return this.inSession(auth.accountId, sessionId, async (session, trx) => {
      const existing = await this.repo.findAttendance(auth.accountId, session.id, item.id, trx);
      if (!existing || existing.deleted === 1 || existing.check_in === null) throw SessionErrors.attendanceNotFound(undefined, { target: 'id' });
      if (item.checkOut !== undefined && item.checkOut < existing.check_in) throw bad('checkOut must not be before the recorded checkIn', 'checkOut');
      const checkOut = item.checkOut ?? existing.check_out;
      const duration = item.duration ?? (item.checkOut !== undefined ? span(existing.check_in, checkOut) : existing.duration);
      if (checkOut !== null && checkOut !== existing.check_out) await this.report(session, item.id, { checkOut, duration }, trx);
      await this.repo.updateAttendance(auth.accountId, existing.id, {
        check_out: checkOut, duration, device: item.device ?? existing.device, last_modified: iso(this.clock()), last_modified_by: actorName(auth),
      }, trx);
      return 200;
    });
  }

  /** Marks the attendance deleted (list readers see `deleted: true`); the enrollment stays. */
  async remove(auth: AuthContext, sessionId: string, attendeeId: string): Promise<void> {
    await this.inSession(auth.accountId, sessionId, async (session, trx) => {
      const existing = await this.repo.findAttendance(auth.accountId, session.id, attendeeId.toLowerCase(), trx);
      if (!existing || existing.deleted === 1) throw SessionErrors.attendanceNotFound(undefined, { target: 'attendeeId' });
      await this.repo.updateAttendance(auth.accountId, existing.id, { deleted: 1, last_modified: iso(this.clock()), last_modified_by: actorName(auth) }, trx);
    });
  }
}
