import { sql, type SqlBool, type Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import { newId } from '../../db/ids.js';
import type { Executor } from '../../db/repository.js';
import type { Clock } from '../../db/time.js';
import type { Row } from '../../db/types.js';
import { defineErrors } from '../../errors.js';
import { listPage, type ListQuery, type ListSpec, type PageResult, type Paging } from '../../lists/index.js';
import { DURATIONS_LIST } from './attendee-extras.filters.js';
import type { AttendeeExtrasRepository } from './attendee-extras.repository.js';
import type { Duration, InternalInfo, InternalInfoInput, Subscription } from './attendee-extras.schemas.js';

export const AttendeeExtrasErrors = defineErrors({
  attendeeNotFound: { status: 404, message: 'Attendee not found' },
  invalid: { status: 400, message: 'The request is not valid' },
});

/** What the attendee-extras module calls in other modules. */
export interface AttendeeExtrasUses {
  /** The session attendance rows (sessions module). */
  readonly attendance: { attendancePage(accountId: string, spec: ListSpec): Promise<PageResult<Row<'session_attendance'>>> };
  /** An attendee's event and contact (attendees module). */
  readonly attendees: { recipient(accountId: string, attendeeId: string): Promise<{ eventId: string; contactId: string; deleted: boolean } | undefined> };
  /** The attendee's event questions, by id or code (event-questions module): internal-information questions. */
  readonly questions: {
    eventQuestion(accountId: string, eventId: string, ref: { id?: string; code?: string }, trx?: Transaction<Database>): Promise<{ id: string; code: string | null; type: string; choices: string[] } | undefined>;
  };
}

const CHECKED_IN: ReturnType<typeof sql<SqlBool>> = sql<SqlBool>`session_attendance.check_in is not null`;

/** Attendance durations (derived from session check-ins) and attendees' email subscription status. */
export class AttendeeExtrasService {
  constructor(
    private readonly repo: AttendeeExtrasRepository,
    private readonly uses: AttendeeExtrasUses,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  private durationToApi(r: Row<'session_attendance'>): Duration {
    const firstSeen = r.check_in ?? r.created;
    const lastSeen = r.check_out ?? firstSeen;
    const duration = r.duration ?? Math.max(0, Date.parse(lastSeen) - Date.parse(firstSeen));
    return {
      id: r.id, event: { id: r.event_id }, session: { id: r.session_id }, attendee: { id: r.attendee_id }, firstSeen, lastSeen,
      duration: Number.isFinite(duration) ? Math.round(duration) : 0, deleted: r.deleted === 1, type: 'API', durationType: 'session',
      created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
    };
  }

  /** GET /attendance-durations: every session attendance record with a check-in. */
  listDurations(accountId: string, query: ListQuery): Promise<{ paging: Paging; data: Duration[] }> {
    return listPage(DURATIONS_LIST, query, (spec) => this.uses.attendance.attendancePage(accountId, { ...spec, conditions: [...spec.conditions, CHECKED_IN] }),
      (r) => this.durationToApi(r), `${this.config.publicUrl}/${this.config.apiVersion}/attendance-durations`);
  }

  /** Sets the attendee's email subscription status for its event (404 for an unknown attendee). */
  async setSubscription(auth: AuthContext, attendeeId: string, unsubscribed: boolean): Promise<Subscription> {
    const attendee = await this.uses.attendees.recipient(auth.accountId, attendeeId.toLowerCase());
    if (!attendee) throw AttendeeExtrasErrors.attendeeNotFound(undefined, { target: 'id' });
    const id = attendeeId.toLowerCase();
    const stamp = auditStamp(auth, this.clock());
    await this.repo.transaction(async (trx) => {
      const current = await this.repo.findSubscription(auth.accountId, id, trx);
      if (current) await this.repo.updateSubscription(auth.accountId, current.id, { unsubscribed: unsubscribed ? 1 : 0, ...stamp.modified }, trx);
      else {
        await this.repo.insertSubscription({
          id: newId(), account_id: auth.accountId, attendee_id: id, event_id: attendee.eventId, contact_id: attendee.contactId, unsubscribed: unsubscribed ? 1 : 0, ...stamp.created,
        }, trx);
      }
    });
    return { attendee: { id }, unsubscribed };
  }

  /**
   * Sets a planner's internal-information answer about the attendee, to one of its event's questions named by id or code
   * (404 for an unknown attendee; 400 for a question its event does not have, or a value a choice question does not offer).
   */
  async setInternalInfo(auth: AuthContext, attendeeId: string, input: InternalInfoInput): Promise<InternalInfo> {
    const id = attendeeId.toLowerCase();
    const attendee = await this.uses.attendees.recipient(auth.accountId, id);
    if (!attendee) throw AttendeeExtrasErrors.attendeeNotFound(undefined, { target: 'id' });
    if (input.question.id === undefined && input.question.code === undefined) throw AttendeeExtrasErrors.invalid('Name the question by id or code', { target: 'question' });
    return this.repo.transaction(async (trx) => {
      const question = await this.uses.questions.eventQuestion(auth.accountId, attendee.eventId, input.question, trx);
      if (!question || (input.question.code !== undefined && question.code !== input.question.code)) {
        throw AttendeeExtrasErrors.invalid('The attendee\'s event has no such question', { target: 'question' });
      }
      if (question.choices.length > 0 || question.type.includes('Choice')) {
        const bad = input.value.find((v) => !question.choices.includes(v));
        if (bad !== undefined) throw AttendeeExtrasErrors.invalid(`'${bad}' is not one of the question's choices`, { target: 'value' });
        if (question.type === 'SingleChoice' && input.value.length > 1) throw AttendeeExtrasErrors.invalid('A single-choice question takes one value', { target: 'value' });
      }
      const stamp = auditStamp(auth, this.clock()).created;
      const existing = await this.repo.findAnswer(auth.accountId, id, question.id, trx);
      await this.repo.saveAnswer({
        id: newId(), account_id: auth.accountId, attendee_id: id, event_id: attendee.eventId, contact_id: attendee.contactId, question_id: question.id,
        value: JSON.stringify(input.value), ...stamp,
      }, existing, trx);
      return { question: { id: question.id, ...(question.code !== null ? { code: question.code } : {}) }, value: input.value };
    });
  }

  /** The attendee's internal-information answers (for other modules and tests). */
  async internalInfo(accountId: string, attendeeId: string): Promise<Array<{ questionId: string; value: string[] }>> {
    return (await this.repo.answersOf(accountId, attendeeId.toLowerCase())).map((r) => ({ questionId: r.question_id, value: JSON.parse(r.value) as string[] }));
  }

  /** Whether the attendee unsubscribed from its event's emails (for senders of e-marketing). */
  async isUnsubscribed(accountId: string, attendeeId: string): Promise<boolean> {
    return (await this.repo.findSubscription(accountId, attendeeId.toLowerCase()))?.unsubscribed === 1;
  }

  /** A contact merge: subscription rows follow their registration (rows of a registration the merged contact keeps stay). */
  moveContact(accountId: string, fromId: string, toId: string, keptAttendees: readonly string[], trx: Executor): Promise<void> {
    return this.repo.moveContact(accountId, fromId, toId, keptAttendees, trx);
  }
}
