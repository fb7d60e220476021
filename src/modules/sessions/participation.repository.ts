import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/index.js';
import { Repository, ScopedRows, type Executor } from '../../db/repository.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { EnrollmentStatus } from './sessions.table.js';
import type { NewRow, RowPatch } from '../../db/types.js';

const ENROLLMENTS = new ScopedRows('session_enrollments', 'session_id');
const ATTENDANCE = new ScopedRows('session_attendance', 'session_id');

/** The reference's id of an enrollment or attendance record. */
export const pairId = (sessionId: string, attendeeId: string): string => `${sessionId}::${attendeeId}`;

/** Enrollment and attendance rows; they change inside the transaction that holds their session (SessionsRepository). */
export class ParticipationRepository extends Repository {
  listEnrollments(accountId: string, spec: ListSpec) {
    const base = this.db.selectFrom('session_enrollments').selectAll('session_enrollments').where('session_enrollments.account_id', '=', accountId);
    return fetchPage(base, spec);
  }

  findEnrollment(accountId: string, sessionId: string, attendeeId: string, ex: Executor = this.db) {
    return ENROLLMENTS.findBy(ex, accountId, sessionId, 'attendee_id', attendeeId);
  }

  insertEnrollment(row: NewRow<'session_enrollments'>, ex: Executor = this.db): Promise<void> {
    return ENROLLMENTS.insert(ex, row);
  }

  updateEnrollment(accountId: string, id: string, patch: RowPatch<'session_enrollments'>, ex: Executor = this.db): Promise<void> {
    return ENROLLMENTS.update(ex, accountId, id, patch);
  }

  async countEnrollments(accountId: string, sessionId: string, status: Exclude<EnrollmentStatus, 'Cancelled'>, ex: Executor = this.db): Promise<number> {
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
    return ATTENDANCE.findBy(ex, accountId, sessionId, 'attendee_id', attendeeId);
  }

  insertAttendance(row: NewRow<'session_attendance'>, ex: Executor = this.db): Promise<void> {
    return ATTENDANCE.insert(ex, row);
  }

  updateAttendance(accountId: string, id: string, patch: RowPatch<'session_attendance'>, ex: Executor = this.db): Promise<void> {
    return ATTENDANCE.update(ex, accountId, id, patch);
  }

  /** Erasure: enrollments hold only ids and a status, so they stay (session counts stay right); only the audit columns change. */
  async touchEnrollments(trx: Transaction<Database>, accountId: string, attendeeIds: readonly string[], now: string, by: string): Promise<number> {
    if (attendeeIds.length === 0) return 0;
    const r = await trx.updateTable('session_enrollments').set({ last_modified: now, last_modified_by: by })
      .where('account_id', '=', accountId).where('attendee_id', 'in', attendeeIds).executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Erasure: check-ins keep their ids, times and durations (counts); the device says something about the person. */
  async clearAttendanceDevices(trx: Transaction<Database>, accountId: string, attendeeIds: readonly string[], now: string, by: string): Promise<number> {
    if (attendeeIds.length === 0) return 0;
    const r = await trx.updateTable('session_attendance').set({ device: null, last_modified: now, last_modified_by: by })
      .where('account_id', '=', accountId).where('attendee_id', 'in', attendeeIds).executeTakeFirst();
    return Number(r.numUpdatedRows);
  }
}
