import { Readable } from 'node:stream';
import type { Transaction } from 'kysely';
import { Type } from 'typebox';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { jsonColumn } from '../../db/json.js';
import { Value } from 'typebox/value';
import { iso, type Clock } from '../../db/time.js';
import type { Row } from '../../db/types.js';
import { PermanentJobError, type JobHandler, type JobQueue, type JobRecord } from '../../jobs/index.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { AttendeesService } from '../attendees/index.js';
import type { EventsService } from '../events/index.js';
import type { FilesService, FileStore } from '../files/index.js';
import { BadgeErrors } from './badges.errors.js';
import { badgesList, poolsList, printJobsList } from './badges.filters.js';
import { renderBadges, type BadgeFace } from './badges.render.js';
import type { BadgesRepository } from './badges.repository.js';
import type { Badge, BadgeInput, Pool, PoolInput, PrintJob, PrintJobCreated, PrintJobErrorCode, PrintJobInput, PrintJobStatus } from './badges.schemas.js';

/** The durable job that renders a print job's PDF. */
export const PRINT_JOB = 'badges.print';
/** What a print job's file is attached to in the files module. */
export const printJobSlot = (jobId: string): string => `badge-print-job:${jobId}`;

/** What the badges module calls in other modules. */
export interface BadgesUses {
  readonly events: Pick<EventsService, 'find'>;
  readonly attendees: Pick<AttendeesService, 'findInEvent'>;
  readonly files: FileStore & Pick<FilesService, 'upload' | 'signedUrl'>;
}

type Page<T> = Promise<{ paging: Paging; data: T[] }>;

const idList = jsonColumn('badge_print_jobs.badge_ids', Type.Array(Type.String()));
const PayloadSchema = Type.Object({ accountId: Type.String(), printJobId: Type.String() });

const audit = (r: { created: string; created_by: string; last_modified: string; last_modified_by: string }) =>
  ({ created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by });

/** A print job that cannot succeed however often it runs: it is Failed with the reference's error code. */
class PrintFailure extends Error {
  constructor(readonly code: PrintJobErrorCode, message: string) {
    super(message);
  }
}

function fullName(contact: { firstName?: string | undefined; lastName?: string | undefined }): string {
  return [contact.firstName, contact.lastName].filter((p): p is string => p !== undefined && p.trim() !== '').join(' ').trim();
}

/**
 * Badges of an event's attendees, badge printer pools and badge print jobs (issue 30). A print job is a durable job
 * that renders a PDF, one page per badge with the attendee's name, company and a QR code of the attendee's id, and
 * keeps it as a file (POST /files' store) attached to the job and to the attendee's contact.
 */
export class BadgesService {
  constructor(
    private readonly repo: BadgesRepository,
    private readonly uses: BadgesUses,
    private readonly jobs: JobQueue,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  private href(rest: string): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}/${rest}`;
  }

  private async event(accountId: string, id: string, trx?: Transaction<Database>): Promise<{ id: string; title: string }> {
    const event = await this.uses.events.find(accountId, id.toLowerCase(), trx);
    if (!event) throw BadgeErrors.eventNotFound(undefined, { target: 'id' });
    return { id: event.id, title: event.title };
  }

  // ---- Badges ----

  private badgeToApi(r: Row<'badges'>): Badge {
    return {
      id: r.badge_id, status: r.status as Badge['status'], type: r.type as Badge['type'], attendee: { id: r.attendee_id }, event: { id: r.event_id }, ...audit(r),
    };
  }

  async listBadges(accountId: string, eventId: string, query: ListQuery): Page<Badge> {
    const event = await this.event(accountId, eventId);
    return listPage(badgesList(event.id), query, (spec) => this.repo.listBadges(accountId, event.id, spec), (r) => this.badgeToApi(r), this.href(`events/${event.id}/badges`));
  }

  private async checkBadgeInput(accountId: string, eventId: string, input: BadgeInput, trx: Transaction<Database>): Promise<string> {
    if (input.event.id.toLowerCase() !== eventId) throw BadgeErrors.invalid('event.id must be the event of the path', { target: 'event.id' });
    const attendee = await this.uses.attendees.findInEvent(accountId, eventId, input.attendee.id, trx);
    if (!attendee) throw BadgeErrors.invalid('The attendee is not an attendee of this event', { target: 'attendee.id' });
    return attendee.id;
  }

  /** Creates a badge of an attendee; its id is unique in the event (400 when taken). */
  async createBadge(auth: AuthContext, eventId: string, input: BadgeInput): Promise<Badge> {
    return this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      const attendeeId = await this.checkBadgeInput(auth.accountId, event.id, input, trx);
      if (await this.repo.findBadge(auth.accountId, event.id, input.id, trx)) throw BadgeErrors.invalid('A badge with this id already exists in the event', { target: 'id' });
      const row: Row<'badges'> = {
        id: newId(), account_id: auth.accountId, event_id: event.id, badge_id: input.id, attendee_id: attendeeId, status: input.status, type: input.type,
        ...auditStamp(auth, this.clock()).created,
      };
      await this.repo.insertBadge(row, trx);
      return this.badgeToApi(row);
    });
  }

  /** Replaces the badge's status, type and attendee; its id cannot change (400). */
  async updateBadge(auth: AuthContext, eventId: string, badgeId: string, input: BadgeInput): Promise<Badge> {
    return this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      const row = await this.repo.findBadge(auth.accountId, event.id, badgeId, trx);
      if (!row) throw BadgeErrors.badgeNotFound(undefined, { target: 'badgeId' });
      if (input.id !== row.badge_id) throw BadgeErrors.invalid('The badge id cannot change: id must be the badgeId of the path', { target: 'id' });
      const attendeeId = await this.checkBadgeInput(auth.accountId, event.id, input, trx);
      const patch = { attendee_id: attendeeId, status: input.status, type: input.type, ...auditStamp(auth, this.clock()).modified };
      await this.repo.updateBadge(auth.accountId, row.id, patch, trx);
      return this.badgeToApi({ ...row, ...patch });
    });
  }

  // ---- Printer pools ----

  private poolToApi(r: Row<'badge_printer_pools'>): Pool {
    return { id: r.id, name: r.name, disabled: r.disabled === 1 };
  }

  async listPools(accountId: string, eventId: string, query: ListQuery): Page<Pool> {
    const event = await this.event(accountId, eventId);
    return listPage(poolsList(event.id), query, (spec) => this.repo.listPools(accountId, event.id, spec), (r) => this.poolToApi(r),
      this.href(`events/${event.id}/badge-printer-pools`));
  }

  private async pool(accountId: string, eventId: string, id: string, trx?: Transaction<Database>): Promise<Row<'badge_printer_pools'>> {
    const row = await this.repo.findPool(accountId, eventId, id.toLowerCase(), trx);
    if (!row) throw BadgeErrors.poolNotFound(undefined, { target: 'poolId' });
    return row;
  }

  async getPool(accountId: string, eventId: string, id: string): Promise<Pool> {
    const event = await this.event(accountId, eventId);
    return this.poolToApi(await this.pool(accountId, event.id, id));
  }

  async createPool(auth: AuthContext, eventId: string, input: PoolInput): Promise<Pool> {
    const event = await this.event(auth.accountId, eventId);
    const row: Row<'badge_printer_pools'> = {
      id: newId(), account_id: auth.accountId, event_id: event.id, name: input.name, disabled: input.disabled === true ? 1 : 0, ...auditStamp(auth, this.clock()).created,
    };
    await this.repo.insertPool(row);
    return this.poolToApi(row);
  }

  /** Renames the pool or disables it (a disabled pool takes no new jobs; jobs already made still run). */
  async updatePool(auth: AuthContext, eventId: string, id: string, input: PoolInput): Promise<Pool> {
    return this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      const row = await this.pool(auth.accountId, event.id, id, trx);
      const patch = { name: input.name, disabled: input.disabled === true ? 1 : 0, ...auditStamp(auth, this.clock()).modified };
      await this.repo.updatePool(auth.accountId, row.id, patch, trx);
      return this.poolToApi({ ...row, ...patch });
    });
  }

  // ---- Print jobs ----

  private jobToApi(r: Row<'badge_print_jobs'>): PrintJob {
    return {
      id: r.id, status: r.status as PrintJobStatus, pool: { id: r.pool_id }, badgeId: r.badge_id, badgeIds: idList(r.badge_ids),
      ...(r.code !== null ? { code: r.code as PrintJobErrorCode } : {}),
      ...(r.message !== null ? { message: r.message } : {}),
      ...(r.file_id !== null && r.status === 'Done' ? { document: { id: r.file_id, href: this.uses.files.signedUrl(r.account_id, r.file_id).href, pages: r.pages } } : {}),
      created: r.created, lastModified: r.last_modified,
    };
  }

  async listJobs(accountId: string, eventId: string, query: ListQuery): Page<PrintJob> {
    const event = await this.event(accountId, eventId);
    return listPage(printJobsList(event.id), query, (spec) => this.repo.listJobs(accountId, event.id, spec), (r) => this.jobToApi(r),
      this.href(`events/${event.id}/badge-print-jobs`));
  }

  async getJob(accountId: string, eventId: string, id: string): Promise<PrintJob> {
    const event = await this.event(accountId, eventId);
    const row = await this.repo.findJob(accountId, event.id, id.toLowerCase());
    if (!row) throw BadgeErrors.printJobNotFound(undefined, { target: 'jobId' });
    return this.jobToApi(row);
  }

  /**
   * Schedules a print job: its badges must be badges of the event and its pool an enabled pool of the event (400
   * otherwise). The row and its durable job are written in one transaction; the worker renders the PDF.
   */
  async createJob(auth: AuthContext, eventId: string, input: PrintJobInput): Promise<PrintJobCreated> {
    const badgeIds = [input.badgeId, ...(input.badgeIds ?? []).filter((b) => b !== input.badgeId)];
    return this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      const pool = await this.repo.findPool(auth.accountId, event.id, input.pool.id.toLowerCase(), trx);
      if (!pool) throw BadgeErrors.invalid('The pool is not a badge printer pool of this event', { target: 'pool.id' });
      if (pool.disabled === 1) throw BadgeErrors.invalid('The pool is disabled', { target: 'pool.id' });
      const badges = new Map((await this.repo.badgesByIds(auth.accountId, event.id, badgeIds, trx)).map((b) => [b.badge_id, b]));
      const missing = badgeIds.find((b) => !badges.has(b));
      if (missing !== undefined) throw BadgeErrors.invalid(`No badge ${missing} in this event`, { target: missing === input.badgeId ? 'badgeId' : 'badgeIds' });
      const attendeeIds = badgeIds.map((b) => badges.get(b)?.attendee_id ?? '');
      const stamp = auditStamp(auth, this.clock()).created;
      const row: Row<'badge_print_jobs'> = {
        id: newId(), account_id: auth.accountId, event_id: event.id, pool_id: pool.id, badge_id: input.badgeId, badge_ids: JSON.stringify(badgeIds),
        attendee_ids: JSON.stringify(attendeeIds), printer_id: null, status: 'Scheduled', code: null, message: null, file_id: null, pages: 0, ...stamp,
      };
      await this.repo.insertJob(row, trx);
      await this.jobs.enqueue({ type: PRINT_JOB, accountId: auth.accountId, payload: { accountId: auth.accountId, printJobId: row.id }, maxAttempts: 3 }, trx);
      return { id: row.id, status: 'Scheduled', pool: { id: pool.id }, badgeId: row.badge_id, created: row.created };
    });
  }

  private async setJob(row: Row<'badge_print_jobs'>, patch: Partial<Pick<Row<'badge_print_jobs'>, 'status' | 'code' | 'message' | 'file_id' | 'pages'>>, trx?: Transaction<Database>): Promise<void> {
    await this.repo.updateJob(row.account_id, row.id, { ...patch, last_modified: iso(this.clock()), last_modified_by: 'eventline' }, trx);
  }

  /** The faces of the job's badges, read now (a badge deleted or moved since the job was made fails it). */
  private async faces(row: Row<'badge_print_jobs'>, eventTitle: string): Promise<{ faces: BadgeFace[]; contactIds: string[] }> {
    const badgeIds = idList(row.badge_ids);
    const badges = new Map((await this.repo.badgesByIds(row.account_id, row.event_id, badgeIds)).map((b) => [b.badge_id, b]));
    const faces: BadgeFace[] = [];
    const contactIds: string[] = [];
    for (const badgeId of badgeIds) {
      const badge = badges.get(badgeId);
      if (!badge || badge.status === 'Deleted') throw new PrintFailure('BadgeNotFound', `Badge ${badgeId} is no longer a badge of the event`);
      const attendee = await this.uses.attendees.findInEvent(row.account_id, row.event_id, badge.attendee_id);
      if (!attendee) throw new PrintFailure('AttendeeDataMissing', `The attendee of badge ${badgeId} is no longer registered for the event`);
      const name = fullName(attendee.contact);
      if (name === '') throw new PrintFailure('AttendeeDataMissing', `The attendee of badge ${badgeId} has no name to print`);
      faces.push({ attendeeId: attendee.id, name, company: attendee.contact.company ?? '', eventTitle, badgeId });
      contactIds.push(attendee.contact.id);
    }
    return { faces, contactIds };
  }

  /** The worker's handler: renders and stores the PDF. Idempotent: a job already Done or Failed is left as it is. */
  readonly handlers: Record<string, JobHandler> = {
    [PRINT_JOB]: async (job: JobRecord) => {
      if (!Value.Check(PayloadSchema, job.payload)) throw new PermanentJobError('The print job\'s payload is not valid');
      const { accountId, printJobId } = job.payload;
      const row = await this.repo.findJobById(accountId, printJobId);
      if (!row) throw new PermanentJobError('The print job is gone');
      if (row.status === 'Done' || row.status === 'Failed' || row.status === 'Canceled') return { status: row.status };
      await this.setJob(row, { status: 'Assigned' });
      try {
        const event = await this.uses.events.find(accountId, row.event_id);
        if (!event) throw new PrintFailure('Unknown', 'The event is gone');
        const { faces, contactIds } = await this.faces(row, event.title);
        let pdf: Uint8Array;
        try {
          pdf = await renderBadges(faces, `Badges: ${event.title}`);
        } catch {
          throw new PrintFailure('BadgeRenderIssue', 'The badges could not be rendered');
        }
        const actor: AuthContext = { accountId, clientId: row.created_by, applicationId: null, userId: null, scopes: new Set(), tokenId: `badge-print-job:${row.id}` };
        const file = await this.uses.files.upload(actor, (async function* () {
          yield { kind: 'file' as const, name: 'file', filename: `badges-${row.id}.pdf`, mimetype: 'application/pdf', stream: Readable.from([Buffer.from(pdf)]) };
        })());
        await this.repo.transaction(async (trx) => {
          // The PDF shows the attendees' names: it is the (first) attendee's contact's file, so erasing the contact deletes it
          // (the badges eraser hands a shared PDF to any other erased contact first).
          await this.uses.files.attach(actor, file.id, { attachedTo: printJobSlot(row.id), contactId: contactIds[0] ?? null }, trx);
          await this.setJob(row, { status: 'Done', file_id: file.id, pages: faces.length, code: null, message: null }, trx);
        });
        return { status: 'Done', fileId: file.id, pages: faces.length };
      } catch (err) {
        if (err instanceof PrintFailure) {
          await this.setJob(row, { status: 'Failed', code: err.code, message: err.message });
          return { status: 'Failed', code: err.code };
        }
        // Worth another try (storage, database): Rescheduled until the last attempt, then Failed.
        const last = job.attempts >= job.maxAttempts;
        await this.setJob(row, last ? { status: 'Failed', code: 'Unknown', message: 'The badges could not be stored' } : { status: 'Rescheduled' });
        if (last) return { status: 'Failed', code: 'Unknown' };
        throw err;
      }
    },
  };

  // ---- Erasure ----

  /**
   * Hands the PDFs that show any of these attendees to the erased contact (the files eraser, which runs after this
   * one, then deletes them) and forgets them on the jobs, in the erasure's transaction.
   */
  async releaseFiles(trx: Transaction<Database>, accountId: string, contactId: string, attendeeIds: readonly string[]): Promise<number> {
    const rows = await this.repo.jobsWithFilesOf(accountId, attendeeIds, trx);
    const actor = { accountId, clientId: 'eventline', userId: null };
    for (const r of rows) {
      if (r.file_id === null) continue;
      await this.uses.files.attach(actor, r.file_id, { attachedTo: printJobSlot(r.id), contactId }, trx);
      await this.repo.updateJob(accountId, r.id, { file_id: null, message: 'The badges were erased with an attendee\'s contact' }, trx);
    }
    return rows.length;
  }
}
