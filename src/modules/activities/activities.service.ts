import type { Transaction } from 'kysely';
import { Type } from 'typebox';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { jsonColumn } from '../../db/json.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import type { AuthContext } from '../../actor.js';
import { recurringJob, type JobQueue, type RecurringJob } from '../../jobs/index.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { AttendeesService } from '../attendees/index.js';
import { ActivityErrors } from './activities.errors.js';
import { ACTIVITIES_LIST } from './activities.filters.js';
import type { ActivitiesRepository } from './activities.repository.js';
import type { Activity, ExternalActivity, ExternalActivityInput } from './activities.schemas.js';
import type { ExternalType } from './activities.table.js';
import { defaultActivityName, externalData, type ActivityReport, type RecordedActivity } from './activities.types.js';
import { fieldsColumn } from './metadata.service.js';
import type { Row, NewRow } from '../../db/types.js';

/** The reference: "attendee activities data is retained for a maximum of 2 years and is purged thereafter". */
export const RETENTION_YEARS = 2;
export const PURGE_JOB = 'activities.purge';
const PURGE_EVERY_MS = 60 * 60 * 1000;
const PURGE_BATCH = 5000;
const SCAN_BATCH = 1000;

const detailsColumn = jsonColumn('attendee_activities.details', Type.Record(Type.String(), Type.Unknown()));
const ExternalDetails = Type.Object({ id: Type.String(), externalActivityDate: Type.String(), additionalFields: Type.Optional(Type.Record(Type.String(), Type.String())) });
/** The stored data of an external activity (built in or posted), for the eraser. */
export const externalDetailsColumn = jsonColumn('attendee_activities.details', ExternalDetails);

/**
 * Called for each activity inside the transaction that records it: what a
 * listener writes commits or rolls back with the activity (engagement scores).
 * On SQLite the transaction is the only connection: a listener must use it.
 */
export type ActivityListener = (activity: RecordedActivity, trx: Transaction<Database>) => Promise<void>;

/** What modules that feed the journal call (sessions, communications; exhibitors, surveys and videos later). */
export interface ActivityReporter {
  record(report: ActivityReport, trx?: Transaction<Database>): Promise<RecordedActivity>;
}

const toRecorded = (r: Row<'attendee_activities'> | NewRow<'attendee_activities'>): RecordedActivity => ({
  id: r.id, accountId: r.account_id, eventId: r.event_id, attendeeId: r.attendee_id, contactId: r.contact_id ?? null,
  type: r.type, name: r.name, time: r.time, created: r.created,
});

function toActivity(r: Row<'attendee_activities'>): Activity {
  return {
    id: r.id, attendee: { id: r.attendee_id }, event: { id: r.event_id }, time: r.time, created: r.created,
    ...(r.contact_id !== null ? { contact: { id: r.contact_id } } : {}),
    name: r.name, type: r.type, data: detailsColumn(r.details),
  };
}

/** The instant before which activities are past retention. */
export function retentionCutoff(now: Date): string {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - RETENTION_YEARS);
  return iso(cutoff);
}

/** Where an external activity's data.id points, by its type (the reference's filter fields). */
function externalRefs(type: ExternalType, id: string): NonNullable<ActivityReport['refs']> {
  switch (type) {
    case 'session.external': return { sessionId: id };
    case 'exhibitor.external': return { exhibitorId: id };
    case 'appointment.external': return { appointmentId: id };
    case 'event.external': return {};
  }
}

/**
 * The activities journal: one append-only table that every module reports to
 * through `record`, never through the table. Listeners (engagement scores)
 * run in the same transaction as the insert.
 */
export class ActivitiesService implements ActivityReporter {
  private readonly listeners: ActivityListener[] = [];

  constructor(
    private readonly repo: ActivitiesRepository,
    private readonly attendees: Pick<AttendeesService, 'findInEvent'>,
    private readonly jobs: JobQueue,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock = systemClock,
  ) {
    this.purgeJob = recurringJob(this.jobs, this.clock, PURGE_JOB, PURGE_EVERY_MS, () => this.purge());
  }

  /** The hourly retention purge: a recurring job (the module schedules it at start and hands over its handler). */
  readonly purgeJob: RecurringJob;

  /** A higher module (engagement scores) acts on every new activity, in its transaction. Registered at wiring time. */
  onRecorded(listener: ActivityListener): void {
    this.listeners.push(listener);
  }

  /**
   * Records one activity of an attendee of the event. Pass the caller's
   * transaction when there is one: the activity (and what listeners derive
   * from it) then commits with the caller's change, or not at all.
   */
  async record(report: ActivityReport, trx?: Transaction<Database>): Promise<RecordedActivity> {
    if (trx) return this.recordIn(report, trx);
    return this.repo.transaction((t) => this.recordIn(report, t));
  }

  private async recordIn(report: ActivityReport, trx: Transaction<Database>): Promise<RecordedActivity> {
    const attendee = await this.attendees.findInEvent(report.accountId, report.eventId, report.attendeeId, trx);
    if (!attendee) throw ActivityErrors.invalidActivity('The attendee is not registered for the event', { target: 'attendee.id' });
    const refs = report.refs ?? {};
    const row: NewRow<'attendee_activities'> = {
      id: newId(), account_id: report.accountId, event_id: attendee.event.id, attendee_id: attendee.id, contact_id: attendee.contact.id ?? null,
      type: report.type, name: report.name ?? defaultActivityName(report.type), time: report.time, created: iso(this.clock()),
      session_id: refs.sessionId ?? null, exhibitor_id: refs.exhibitorId ?? null, appointment_id: refs.appointmentId ?? null,
      speaker_id: refs.speakerId ?? null, data_id: refs.dataId ?? null, external_date: refs.externalDate ?? null,
      details: JSON.stringify(report.data),
    };
    await this.repo.insert(row, trx);
    const recorded = toRecorded(row);
    for (const listener of this.listeners) await listener(recorded, trx);
    return recorded;
  }

  list(accountId: string, query: ListQuery): Promise<{ paging: Paging; data: Activity[] }> {
    const notBefore = retentionCutoff(this.clock());
    return listPage(ACTIVITIES_LIST, query, (spec) => this.repo.list(accountId, spec, notBefore), toActivity,
      `${this.config.publicUrl}/${this.config.apiVersion}/attendees/activities`);
  }

  /**
   * POST /attendees/activities: an external activity. It must name registered
   * metadata of its type, and its additional fields must be ones the metadata
   * declares (else 400); the attendee must be registered for the event (400).
   */
  async createExternal(auth: AuthContext, input: ExternalActivityInput): Promise<ExternalActivity> {
    return this.repo.transaction(async (trx) => {
      const metadata = await this.repo.findMetadataByName(auth.accountId, input.type, input.name, trx);
      if (!metadata) {
        throw ActivityErrors.metadataNotRegistered(
          `No external activity metadata of type ${input.type} is named '${input.name}': register it with POST /attendees/activities/external/metadata`, { target: 'name' });
      }
      const declared = new Set(fieldsColumn(metadata.fields).map((f) => f.name));
      const fields = input.data.additionalFields ?? {};
      const unknown = Object.keys(fields).filter((k) => !declared.has(k));
      if (unknown.length > 0) {
        throw ActivityErrors.invalidActivity(`data.additionalFields has fields the metadata does not declare: ${unknown.join(', ')}`, { target: 'data.additionalFields' });
      }
      const attendee = await this.attendees.findInEvent(auth.accountId, input.event.id, input.attendee.id, trx);
      if (!attendee) throw ActivityErrors.invalidActivity('The attendee is not registered for this event of the account', { target: 'attendee.id' });
      const when = new Date(input.data.externalActivityDate).toISOString();
      const dataId = input.data.id.toLowerCase();
      const recorded = await this.recordIn({
        accountId: auth.accountId, eventId: attendee.event.id, attendeeId: attendee.id, type: input.type, name: metadata.name, time: when,
        refs: { ...externalRefs(input.type, dataId), dataId, externalDate: when }, data: externalData(dataId, when, fields),
      }, trx);
      return {
        id: recorded.id, attendee: { id: recorded.attendeeId }, event: { id: recorded.eventId }, time: recorded.time, created: recorded.created,
        name: recorded.name, type: input.type, data: { id: dataId, externalActivityDate: when, additionalFields: { ...fields } },
      };
    });
  }

  /**
   * Every activity of an event, a batch at a time in id order, inside the
   * caller's transaction (a score rebuild). Stops when `each` has seen them all.
   */
  async scanEvent(accountId: string, eventId: string, trx: Transaction<Database>, each: (batch: readonly RecordedActivity[]) => Promise<void>): Promise<void> {
    let after: string | null = null;
    for (;;) {
      const rows = await this.repo.scanEvent(accountId, eventId, after, SCAN_BATCH, trx);
      if (rows.length === 0) return;
      await each(rows.map(toRecorded));
      after = rows[rows.length - 1]?.id ?? null;
      if (rows.length < SCAN_BATCH) return;
    }
  }

  /** Deletes activities past retention, in batches; idempotent, so a rerun after a crash is harmless. */
  async purge(): Promise<{ activities: number }> {
    const cutoff = retentionCutoff(this.clock());
    let total = 0;
    for (;;) {
      const n = await this.repo.purgeBatch(cutoff, PURGE_BATCH);
      total += n;
      if (n < PURGE_BATCH) return { activities: total };
    }
  }


  /** A contact merge (issue 30, contact-history module): the merged contact's rows become the survivor's, in the merge's transaction. */
  moveContact(accountId: string, fromId: string, toId: string, keptAttendees: readonly string[], trx: Transaction<Database>): Promise<void> {
    return this.repo.moveContact(accountId, fromId, toId, keptAttendees, trx);
  }
}
