import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Database, Db } from '../../db/index.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { Executor } from './sessions.repository.js';
import type { SessionAttendanceTable, SessionEnrollmentsTable } from './sessions.table.js';

export type EnrollmentRow = Selectable<SessionEnrollmentsTable>;
export type AttendanceRow = Selectable<SessionAttendanceTable>;

/** The reference's id of an enrollment or attendance record. */
export const pairId = (sessionId: string, attendeeId: string): string => `${sessionId}::${attendeeId}`;


/** Enrollment and attendance rows, and the attendees (read only) they point at. */
export class ParticipationRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** An attendee of the account (attendees belong to the attendees module; read only here). */
  findAttendee(accountId: string, attendeeId: string, ex: Executor = this.db) {
    return ex.selectFrom('attendees').select(['id', 'event_id', 'status']).where('account_id', '=', accountId).where('id', '=', attendeeId).executeTakeFirst();
  }

  listEnrollments(accountId: string, spec: ListSpec) {
    const base = this.db.selectFrom('session_enrollments').selectAll('session_enrollments').where('session_enrollments.account_id', '=', accountId);
    return fetchPage(base, spec);
  }

  findEnrollment(accountId: string, sessionId: string, attendeeId: string, ex: Executor = this.db) {
    return ex.selectFrom('session_enrollments').selectAll()
      .where('account_id', '=', accountId).where('session_id', '=', sessionId).where('attendee_id', '=', attendeeId).executeTakeFirst();
  }

  async insertEnrollment(row: Insertable<SessionEnrollmentsTable>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('session_enrollments').values(row).execute();
  }

  async updateEnrollment(accountId: string, id: string, patch: Updateable<SessionEnrollmentsTable>, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('session_enrollments').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async countEnrollments(accountId: string, sessionId: string, status: 'Registered' | 'Waitlisted', ex: Executor = this.db): Promise<number> {
    const row = await ex.selectFrom('session_enrollments').select(sql<number | string>`count(*)`.as('n'))
      .where('account_id', '=', accountId).where('session_id', '=', sessionId).where('status', '=', status).where('deleted', '=', 0)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The longest-waiting waitlisted registration of the session. */
  firstWaitlisted(accountId: string, sessionId: string, ex: Executor = this.db) {
    return ex.selectFrom('session_enrollments').selectAll()
      .where('account_id', '=', accountId).where('session_id', '=', sessionId).where('status', '=', 'Waitlisted').where('deleted', '=', 0)
      .orderBy('last_modified').orderBy('id').limit(1).executeTakeFirst();
  }

  listAttendance(accountId: string, spec: ListSpec) {
    const base = this.db.selectFrom('session_attendance').selectAll('session_attendance').where('session_attendance.account_id', '=', accountId);
    return fetchPage(base, spec);
  }

  findAttendance(accountId: string, sessionId: string, attendeeId: string, ex: Executor = this.db) {
    return ex.selectFrom('session_attendance').selectAll()
      .where('account_id', '=', accountId).where('session_id', '=', sessionId).where('attendee_id', '=', attendeeId).executeTakeFirst();
  }

  async insertAttendance(row: Insertable<SessionAttendanceTable>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('session_attendance').values(row).execute();
  }

  async updateAttendance(accountId: string, id: string, patch: Updateable<SessionAttendanceTable>, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('session_attendance').set(patch).where('account_id', '=', accountId).where('id', '=', id).execute();
  }
}
