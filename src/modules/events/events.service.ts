import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import type { Notifier } from '../../notifications.js';
import { actorName, type AuthContext } from '../../actor.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { JobHandler, JobQueue } from '../../jobs/index.js';
import { PermanentJobError } from '../../jobs/index.js';
import { some } from '../mapping.js';
import { EventErrors } from './events.errors.js';
import { EVENTS_LIST } from './events.filters.js';
import type { EventsRepository } from './events.repository.js';
import type { Event, EventAsyncStatus, EventCopyInput, EventInput } from './events.schemas.js';
import { copyIds, EVENT_COPY_PARTS, EventCopyRegistry, type EventCopyPart, type EventCopyStep } from './events.copy.js';
import type { Row, NewRow, RowPatch } from '../../db/types.js';

export const EVENT_CREATE_JOB = 'event.create';
export const EVENT_COPY_JOB = 'event.copy';

/**
 * How many of an event's sessions are virtual. The sessions module owns them
 * and plugs its count in when it is wired; until then an event has none.
 */
export type VirtualSessionCounter = (accountId: string, eventId: string) => Promise<number>;

// The JSON columns hold what a validated request body held, so it is read back unchecked.
function readJson<T>(text: string): T {
  return JSON.parse(text) as T;
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return readJson<T>(text);
  } catch {
    return fallback;
  }
}

export function eventStatusAt(start: string, end: string, now: Date): 'Upcoming' | 'Ongoing' | 'Completed' {
  const t = iso(now);
  if (t < start) return 'Upcoming';
  return t <= end ? 'Ongoing' : 'Completed';
}

// Derived from the event id so a retried creation job produces the same code.
function eventCode(id: string): string {
  const digest = createHash('sha256').update(id).digest();
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let out = '';
  for (let i = 0; i < 10; i++) out += alphabet[(digest[i] ?? 0) % alphabet.length];
  return out;
}

function toEvent(r: Row<'events'>): Event {
  return {
    id: r.id, title: r.title, code: r.code, format: r.format, virtual: r.virtual === 1,
    start: r.start, end: r.end, timezone: r.timezone, type: r.type,
    languages: parseJson<string[]>(r.languages, []), venues: parseJson<Event['venues']>(r.venues, []),
    planners: parseJson<Event['planners']>(r.planners, []),
    showVenueLocation: r.show_venue_location === 1, showPointOfContact: r.show_point_of_contact === 1,
    ...some('note', r.note),
    ...some('launchAfter', r.launch_after),
    ...some('closeAfter', r.close_after),
    ...some('archiveAfter', r.archive_after),
    ...some('capacity', r.capacity),
    defaultLocale: r.default_locale, currency: r.currency,
    status: r.status, eventStatus: r.event_status, testMode: r.test_mode === 1,
    created: r.created, lastModified: r.last_modified, createdBy: r.created_by, lastModifiedBy: r.last_modified_by,
  };
}

export class EventsService {
  private countVirtualSessions: VirtualSessionCounter = async () => 0;
  private readonly copySteps = new EventCopyRegistry();

  constructor(
    private readonly repo: EventsRepository,
    private readonly jobs: JobQueue,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock = systemClock,
    private readonly notifier?: Notifier,
  ) {}

  /** The sessions module counts an event's virtual sessions (it owns them): wired in its module factory. */
  useVirtualSessionCounter(counter: VirtualSessionCounter): void {
    this.countVirtualSessions = counter;
  }

  /** A module's step of event copy (events.copy.ts says what a step may do and how steps are ordered). */
  registerCopyStep(step: EventCopyStep): void {
    this.copySteps.register(step);
  }

  /** The names of the copy steps, in the order they run. */
  copyStepNames(): string[] {
    return this.copySteps.ordered().map((s) => s.name);
  }

  /**
   * POST /events/{id}/copy: records the request and its job in one transaction; the worker copies. The source must be
   * the account's (404); a target event in the body must be another event of the account (400).
   */
  async copyAsync(auth: AuthContext, sourceId: string, input: EventCopyInput): Promise<EventAsyncStatus> {
    const source = await this.repo.find(auth.accountId, sourceId.toLowerCase());
    if (!source) throw EventErrors.eventNotFound(undefined, { target: 'id' });
    const targetId = input.event?.id?.toLowerCase();
    if (targetId !== undefined) {
      if (targetId === source.id) throw EventErrors.invalidCopy('An event cannot be copied into itself', { target: 'event.id' });
      if (!(await this.repo.find(auth.accountId, targetId))) throw EventErrors.invalidCopy('Unknown target event', { target: 'event.id' });
    }
    const parts = Object.fromEntries(EVENT_COPY_PARTS.map((p) => [p, input[p]?.featureData !== false])) as Record<EventCopyPart, boolean>;
    const id = newId();
    const now = iso(this.clock());
    await this.repo.transaction(async (trx) => {
      await this.repo.insertCopy({
        id, account_id: auth.accountId, source_event_id: source.id, event_id: targetId ?? newId(), into_existing: targetId !== undefined ? 1 : 0,
        status: 'Processing', parts: JSON.stringify(parts), error: null, attempts: 0, created: now, created_by: actorName(auth), last_modified: now,
      }, trx);
      await this.jobs.enqueue({ type: EVENT_COPY_JOB, payload: { copyId: id }, accountId: auth.accountId }, trx);
    });
    return { id, status: 'Processing' };
  }

  async copyStatus(accountId: string, id: string): Promise<EventAsyncStatus> {
    const row = await this.repo.findCopy(accountId, id.toLowerCase());
    if (!row) throw EventErrors.copyNotFound(undefined, { target: 'eventCopyId' });
    return {
      id: row.id, status: row.status,
      ...(row.status === 'Created' ? { event: { id: row.event_id } } : {}),
      ...(row.status === 'Failed' && row.error ? { error: row.error } : {}),
    };
  }

  /** The copy job: the event (unless copying into one), then every registered step, then Created, all in one transaction. */
  private async runCopy(copyId: string): Promise<{ copyId: string; steps?: string[] }> {
    return this.repo.transaction(async (trx) => {
      const now = iso(this.clock());
      const copy = await this.repo.claimCopy(copyId, now, trx);
      if (!copy) return { copyId };
      const fail = async (error: string) => {
        await this.repo.finishCopy(copyId, { status: 'Failed', error, last_modified: now }, trx);
        return { copyId };
      };
      const source = await this.repo.find(copy.account_id, copy.source_event_id, trx);
      if (!source) return fail('The source event no longer exists');
      if (copy.into_existing === 1) {
        if (!(await this.repo.find(copy.account_id, copy.event_id, trx))) return fail('The target event no longer exists');
      } else {
        const { id: _id, code: _code, ...fields } = source;
        await this.repo.insertIfAbsent({
          ...fields, id: copy.event_id, code: eventCode(copy.event_id), title: `Copy of ${source.title}`.slice(0, 300),
          event_status: source.event_status === 'Cancelled' ? eventStatusAt(source.start, source.end, this.clock()) : source.event_status,
          created: now, last_modified: now, created_by: copy.created_by, last_modified_by: copy.created_by,
        }, trx);
      }
      let parts: Record<EventCopyPart, boolean>;
      try {
        parts = readJson<Record<EventCopyPart, boolean>>(copy.parts);
      } catch {
        return fail('The stored request could not be read');
      }
      const steps = await this.copySteps.run({
        accountId: copy.account_id, fromEventId: source.id, toEventId: copy.event_id, trx, actor: copy.created_by, now, ...copyIds(),
      }, parts);
      await this.repo.finishCopy(copyId, { status: 'Created', last_modified: now }, trx);
      return { copyId, steps };
    });
  }

  /** The writable columns of an event from a create or update body. */
  private columns(input: EventInput, now: Date) {
    const start = input.start ? iso(new Date(input.start)) : iso(now);
    const end = input.end ? iso(new Date(input.end)) : iso(new Date(new Date(start).getTime() + 2 * 3600_000));
    if (end < start) throw EventErrors.invalidDates(undefined, { target: 'end' });
    const planner = input.planners[0];
    const venue = input.venues?.[0];
    return {
      title: input.title, format: input.format, virtual: input.format === 'In-person' ? 0 : 1, type: input.type,
      start, end, timezone: input.timezone,
      languages: JSON.stringify(input.languages), venues: JSON.stringify(input.venues ?? []), planners: JSON.stringify(input.planners),
      planner_first_name: planner?.firstName ?? null, planner_last_name: planner?.lastName ?? null, planner_email: planner?.email?.toLowerCase() ?? null,
      venue_city: venue?.address?.city ?? null, venue_country_code: venue?.address?.countryCode ?? null,
      note: input.note ?? null, event_status: eventStatusAt(start, end, now),
      show_venue_location: input.showVenueLocation ? 1 : 0, show_point_of_contact: input.showPointOfContact ? 1 : 0,
      last_modified: iso(now),
    };
  }

  list(accountId: string, query: ListQuery): Promise<{ paging: Paging; data: Event[] }> {
    return listPage(EVENTS_LIST, query, (spec) => this.repo.list(accountId, spec), toEvent, `${this.config.publicUrl}/${this.config.apiVersion}/events`);
  }

  async get(accountId: string, id: string): Promise<Event> {
    const event = await this.find(accountId, id);
    if (!event) throw EventErrors.eventNotFound();
    const answers = this.customFields === undefined ? [] : await this.customFields(accountId, event.id);
    return answers.length > 0 ? { ...event, customFields: answers } : event;
  }

  private customFields?: (accountId: string, eventId: string) => Promise<NonNullable<Event['customFields']>>;

  /** The custom-fields module hands over the event's answers, which GET /events/{id} carries (as contacts carry theirs). */
  useCustomFields(answersOf: (accountId: string, eventId: string) => Promise<NonNullable<Event['customFields']>>): void {
    this.customFields = answersOf;
  }

  /** One event of the account, or undefined (the caller picks the error). Pass `trx` inside a transaction. */
  async find(accountId: string, id: string, trx?: Transaction<Database>): Promise<Event | undefined> {
    const row = await this.repo.find(accountId, id, trx);
    return row ? toEvent(row) : undefined;
  }

  /** The account's events among `ids` (unknown ids are left out). */
  async findMany(accountId: string, ids: readonly string[], trx?: Transaction<Database>): Promise<Event[]> {
    return (await this.repo.findMany(accountId, ids, trx)).map(toEvent);
  }

  async update(auth: AuthContext, id: string, input: EventInput): Promise<Event> {
    const now = this.clock();
    const patch: RowPatch<'events'> = { ...this.columns(input, now), last_modified_by: actorName(auth) };
    const existing = await this.repo.find(auth.accountId, id);
    if (!existing) throw EventErrors.eventNotFound();
    // A cancelled event stays cancelled whatever its dates say.
    if (existing.event_status === 'Cancelled') patch.event_status = 'Cancelled';
    // The seed: sessions can be virtual only while some part of the event is virtual.
    if (input.format === 'In-person' && existing.format !== 'In-person') {
      const virtualSessions = await this.countVirtualSessions(auth.accountId, id);
      if (virtualSessions > 0) {
        throw EventErrors.virtualSessionsExist(`${virtualSessions} session(s) of this event are virtual: unmark them (and remove their webcasts) before setting the format to In-person`, { target: 'format' });
      }
    }
    await this.repo.transaction(async (trx) => {
      await this.repo.update(auth.accountId, id, patch, trx);
      await this.notifier?.notify(trx, auth.accountId, 'event.updated', async () => this.find(auth.accountId, id, trx));
    });
    return this.get(auth.accountId, id);
  }

  /**
   * Cancels the event (an eventline extension, POST /events/{id}/cancel): its eventStatus becomes Cancelled and stays so
   * whatever its dates (update keeps it). Its sessions, attendees and registrations are kept; nobody is messaged.
   * Cancelling a cancelled event again changes nothing.
   */
  async cancel(auth: AuthContext, id: string): Promise<Event> {
    const existing = await this.repo.find(auth.accountId, id);
    if (!existing) throw EventErrors.eventNotFound();
    if (existing.event_status !== 'Cancelled') {
      await this.repo.transaction(async (trx) => {
        await this.repo.update(auth.accountId, id, { event_status: 'Cancelled', last_modified: iso(this.clock()), last_modified_by: actorName(auth) }, trx);
        await this.notifier?.notify(trx, auth.accountId, 'event.updated', async () => this.find(auth.accountId, id, trx));
      });
    }
    return this.get(auth.accountId, id);
  }

  /** Records the request and its job in one transaction; the worker creates the event. */
  async createAsync(auth: AuthContext, input: EventInput): Promise<EventAsyncStatus> {
    this.columns(input, this.clock()); // validate dates now, so a bad request is a 400, not a Failed job
    const id = newId();
    await this.repo.transaction(async (trx) => {
      await this.repo.insertCreation({
        id, account_id: auth.accountId, status: 'Processing', event_id: newId(), request: JSON.stringify(input),
        error: null, created_by: actorName(auth), created: iso(this.clock()),
      }, trx);
      await this.jobs.enqueue({ type: EVENT_CREATE_JOB, payload: { creationId: id }, accountId: auth.accountId }, trx);
    });
    return { id, status: 'Processing' };
  }

  async creationStatus(accountId: string, id: string): Promise<EventAsyncStatus> {
    const row = await this.repo.findCreation(accountId, id);
    if (!row) throw EventErrors.creationNotFound();
    return {
      id: row.id, status: row.status,
      ...(row.status === 'Created' && row.event_id ? { event: { id: row.event_id } } : {}),
      ...(row.status === 'Failed' && row.error ? { error: row.error } : {}),
    };
  }

  /** Creates an event directly (demo data, CLI); the API goes through createAsync. */
  async createNow(accountId: string, createdBy: string, input: EventInput, overrides: Partial<NewRow<'events'>> = {}): Promise<Event> {
    const now = this.clock();
    const id = newId();
    await this.repo.insertIfAbsent(this.newRow(accountId, id, createdBy, input, now, overrides));
    return this.get(accountId, id);
  }

  private newRow(accountId: string, id: string, createdBy: string, input: EventInput, now: Date, overrides: Partial<NewRow<'events'>> = {}): NewRow<'events'> {
    return {
      id, account_id: accountId, code: eventCode(id), created: iso(now), created_by: createdBy, last_modified_by: createdBy,
      status: 'Active', currency: 'USD', default_locale: input.languages[0] ?? 'en-US', test_mode: 0, capacity: null,
      launch_after: null, close_after: null, archive_after: null, description: null,
      ...this.columns(input, now), ...overrides,
    };
  }

  jobHandlers(): Record<string, JobHandler> {
    return {
      [EVENT_COPY_JOB]: async (job) => {
        const { payload } = job;
        const copyId = typeof payload === 'object' && payload !== null && 'copyId' in payload ? payload.copyId : undefined;
        if (typeof copyId !== 'string') throw new PermanentJobError('payload has no copyId');
        return this.runCopy(copyId);
      },
      [EVENT_CREATE_JOB]: async (job) => {
        const { payload } = job;
        const creationId = typeof payload === 'object' && payload !== null && 'creationId' in payload ? payload.creationId : undefined;
        if (typeof creationId !== 'string') throw new PermanentJobError('payload has no creationId');
        await this.repo.transaction(async (trx) => {
          const creation = await this.repo.findCreationById(creationId, trx);
          if (!creation || creation.status !== 'Processing' || !creation.event_id) return;
          try {
            const input = readJson<EventInput>(creation.request);
            await this.repo.insertIfAbsent(this.newRow(creation.account_id, creation.event_id, creation.created_by, input, this.clock()), trx);
            await this.repo.finishCreation(creationId, { status: 'Created' }, trx);
            const eventId = creation.event_id;
            await this.notifier?.notify(trx, creation.account_id, 'event.created', async () => this.find(creation.account_id, eventId, trx));
          } catch (err) {
            if (!(err instanceof SyntaxError)) throw err;
            await this.repo.finishCreation(creationId, { status: 'Failed', error: 'The stored request could not be read' }, trx);
          }
        });
        return { creationId };
      },
    };
  }
}
