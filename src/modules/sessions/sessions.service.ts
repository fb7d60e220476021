import type { Transaction } from 'kysely';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import type { Notifier } from '../../notifications.js';
import { actorName, type AuthContext } from '../../actor.js';
import { listPage, type ListQuery, type ListSpec, type PageResult, type Paging } from '../../lists/index.js';
import type { EventCopyContext, EventFormat, EventsService } from '../events/index.js';
import { some } from '../mapping.js';
import { SessionErrors } from './sessions.errors.js';
import { SESSIONS_LIST } from './sessions.filters.js';
import type { SessionsRepository } from './sessions.repository.js';
import type { Session, SessionInput } from './sessions.schemas.js';
import type { Row, NewRow } from '../../db/types.js';

/** A session with what it shows of its event. */
export type SessionView = Row<'sessions'> & { readonly event_timezone: string; readonly event_format: EventFormat };

/** Runs inside the deletion's transaction, e.g. so the webcasts module can remove a session's webcast. */
export type SessionDeleteHook = (accountId: string, sessionId: string, trx: Transaction<Database>) => Promise<void>;

/**
 * What sessions need to know of webcasts, answered by the webcasts module
 * (which owns them and imports this module, not the other way round): it
 * registers itself with `useWebcasts` when it is wired.
 */
export interface SessionWebcasts {
  /** Whether a webcast still points at the session: its foreign key would refuse the deletion. */
  hasWebcast(accountId: string, sessionId: string, trx: Transaction<Database>): Promise<boolean>;
  /** The ids of the event's sessions that a webcast points at. */
  sessionIdsWithWebcast(accountId: string, eventId: string): Promise<string[]>;
}

/**
 * What sessions ask of the program module (issue 29), which owns session locations and categories and imports this
 * module: it registers itself with `useProgram`. A session's `location.id` must be a location of its event and its
 * `category.id` a category of the account (400 otherwise); their code and name are copied from them.
 */
export interface SessionProgram {
  location(accountId: string, eventId: string, id: string, trx?: Transaction<Database>): Promise<{ code: string; name: string } | undefined>;
  category(accountId: string, id: string, trx?: Transaction<Database>): Promise<{ name: string } | undefined>;
}

/** Fields of the reference's Session kept unchanged in the `extra` JSON column. */
const EXTRA_FIELDS = [
  'type', 'displayOnAgenda', 'automaticallyOpensOn', 'automaticallyClosesOn', 'enableWaitlistVirtual', 'capacityVirtual',
  'virtualCapacityUnlimited', 'waitlistCapacityVirtual', 'presentationType', 'dataTagCode',
] as const;
type Extra = Partial<Pick<Session, (typeof EXTRA_FIELDS)[number]>>;

function parseJson<T>(v: string | null, fallback: T): T {
  if (v === null) return fallback;
  try {
    return JSON.parse(v) as T;
  } catch {
    return fallback;
  }
}

const idList = (ids: readonly string[] | null | undefined): string | null =>
  ids && ids.length > 0 ? JSON.stringify(ids.map((id) => id.toLowerCase())) : null;

/** Whether an event of this format may hold virtual sessions (the seed's "any part of the event virtual = Yes"). */
export const allowsVirtual = (eventFormat: EventFormat): boolean => eventFormat === 'Virtual' || eventFormat === 'Hybrid';

export function toSession(r: SessionView): Session {
  const extra = parseJson<Extra>(r.extra, {});
  const category = { ...(r.category_id ? { id: r.category_id } : {}), ...(r.category_name ? { name: r.category_name } : {}) };
  const location = {
    ...(r.location_id ? { id: r.location_id } : {}),
    ...some('code', r.location_code),
    ...some('name', r.location_name),
  };
  const registrationTypes = parseJson<string[]>(r.registration_types, []);
  const admissionItems = parseJson<string[]>(r.admission_items, []);
  return {
    id: r.id, title: r.title,
    ...(r.code !== null && r.code !== '' ? { code: r.code } : {}),
    ...some('description', r.description),
    event: { id: r.event_id }, start: r.start, end: r.end, status: r.status,
    includedSession: r.included_session === 1, virtual: r.virtual === 1,
    ...(Object.keys(category).length > 0 ? { category } : {}),
    ...(extra.type ? { type: extra.type } : {}),
    ...(Object.keys(location).length > 0 ? { location } : {}),
    ...(extra.automaticallyOpensOn ? { automaticallyOpensOn: extra.automaticallyOpensOn } : {}),
    ...(extra.automaticallyClosesOn ? { automaticallyClosesOn: extra.automaticallyClosesOn } : {}),
    ...some('capacity', r.capacity),
    capacityUnlimited: r.capacity_unlimited === 1, enableWaitlist: r.enable_waitlist === 1,
    ...some('waitlistCapacity', r.waitlist_capacity),
    ...(extra.enableWaitlistVirtual !== undefined ? { enableWaitlistVirtual: extra.enableWaitlistVirtual } : {}),
    ...(extra.capacityVirtual !== undefined ? { capacityVirtual: extra.capacityVirtual } : {}),
    ...(extra.virtualCapacityUnlimited !== undefined ? { virtualCapacityUnlimited: extra.virtualCapacityUnlimited } : {}),
    ...(extra.waitlistCapacityVirtual !== undefined ? { waitlistCapacityVirtual: extra.waitlistCapacityVirtual } : {}),
    timezone: r.event_timezone,
    displayOnAgenda: extra.displayOnAgenda ?? true, featured: r.featured === 1,
    openForRegistration: r.open_for_registration === 1, openForAttendeeHub: r.open_for_attendee_hub === 1,
    ...(registrationTypes.length > 0 ? { registrationTypes } : {}),
    ...(admissionItems.length > 0 ? { admissionItems } : {}),
    ...(extra.presentationType ? { presentationType: extra.presentationType } : {}),
    ...(extra.dataTagCode ? { dataTagCode: extra.dataTagCode } : {}),
    order: r.sort_order,
    created: r.created, lastModified: r.last_modified, createdBy: r.created_by, lastModifiedBy: r.last_modified_by,
  };
}

export class SessionsService {
  private readonly deleteHooks: SessionDeleteHook[] = [];
  private webcasts: SessionWebcasts | undefined;
  private program: SessionProgram | undefined;

  constructor(
    private readonly repo: SessionsRepository,
    private readonly events: Pick<EventsService, 'find' | 'findMany'>,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock = systemClock,
    private readonly notifier?: Notifier,
  ) {}

  /** The writable columns from a create or update body; `existing` is the session a PUT replaces. */
  private columns(input: SessionInput, eventFormat: EventFormat, existing?: Row<'sessions'>): Omit<NewRow<'sessions'>, 'id' | 'account_id' | 'event_id' | 'created' | 'last_modified' | 'created_by' | 'last_modified_by'> {
    const start = iso(new Date(input.start));
    const end = iso(new Date(input.end));
    if (end < start) throw SessionErrors.invalidDates(undefined, { target: 'end' });
    const capacity = input.capacity ?? null;
    const capacityUnlimited = input.capacityUnlimited ?? capacity === null;
    if (!capacityUnlimited && capacity === null) {
      throw SessionErrors.invalidInput('capacity is required when capacityUnlimited is false', { target: 'capacity' });
    }
    const marked = input.virtual === undefined ? (existing?.virtual_marked ?? 0) : input.virtual ? 1 : 0;
    // Only a new mark is refused: a session marked before its event became In-person keeps its state.
    if (marked === 1 && existing?.virtual_marked !== 1 && !allowsVirtual(eventFormat)) {
      throw SessionErrors.virtualNotAllowed(undefined, { target: 'virtual' });
    }
    const extra: Extra = {};
    for (const key of EXTRA_FIELDS) {
      const value = input[key];
      if (value !== undefined && value !== null) Object.assign(extra, { [key]: value });
    }
    return {
      title: input.title, code: input.code ?? '', description: input.description ?? null, start, end,
      status: input.status ?? existing?.status ?? 'Active',
      included_session: (input.includedSession === undefined ? existing?.included_session === 1 : input.includedSession === true) ? 1 : 0,
      virtual_marked: marked, virtual: marked === 1 || existing?.webcast_linked === 1 ? 1 : 0,
      capacity, capacity_unlimited: capacityUnlimited ? 1 : 0,
      enable_waitlist: input.enableWaitlist ? 1 : 0, waitlist_capacity: input.waitlistCapacity ?? null,
      category_id: input.category?.id?.toLowerCase() ?? null, category_name: input.category?.name ?? '',
      location_id: input.location?.id?.toLowerCase() ?? null, location_code: input.location?.code ?? null, location_name: input.location?.name ?? null,
      featured: input.featured ? 1 : 0,
      open_for_registration: input.openForRegistration === false ? 0 : 1,
      open_for_attendee_hub: input.openForAttendeeHub === false ? 0 : 1,
      registration_types: idList(input.registrationTypes), admission_items: idList(input.admissionItems),
      sort_order: input.order ?? 0, extra: JSON.stringify(extra),
    };
  }

  /**
   * The sessions with their event's time zone and format, which the events
   * module owns. A session whose event is not found is left out, like an inner
   * join would; its foreign key makes that impossible.
   */
  private async withEvents(accountId: string, rows: readonly Row<'sessions'>[], trx?: Transaction<Database>): Promise<SessionView[]> {
    const eventIds = [...new Set(rows.map((r) => r.event_id))];
    const events = new Map((await this.events.findMany(accountId, eventIds, trx)).map((e) => [e.id, e]));
    return rows.flatMap((r) => {
      const event = events.get(r.event_id);
      return event ? [{ ...r, event_timezone: event.timezone, event_format: event.format }] : [];
    });
  }

  private async view(accountId: string, row: Row<'sessions'> | undefined, trx?: Transaction<Database>): Promise<SessionView | undefined> {
    return row ? (await this.withEvents(accountId, [row], trx))[0] : undefined;
  }

  list(accountId: string, query: ListQuery): Promise<{ paging: Paging; data: Session[] }> {
    const page = async (spec: ListSpec): Promise<PageResult<SessionView>> => {
      const result = await this.repo.list(accountId, spec);
      return { ...result, rows: await this.withEvents(accountId, result.rows) };
    };
    return listPage(SESSIONS_LIST, query, page, toSession, `${this.config.publicUrl}/${this.config.apiVersion}/sessions`);
  }

  /** One session of the account, or undefined (the caller picks the error). Pass `trx` inside a transaction. */
  async find(accountId: string, id: string, trx?: Transaction<Database>): Promise<Session | undefined> {
    const view = await this.view(accountId, await this.repo.find(accountId, id, trx), trx);
    return view ? toSession(view) : undefined;
  }

  /** One session of the account, or a 404 ApiError. Pass `trx` inside a transaction. */
  async get(accountId: string, id: string, trx?: Transaction<Database>): Promise<Session> {
    const session = await this.find(accountId, id, trx);
    if (!session) throw SessionErrors.sessionNotFound();
    return session;
  }

  /** GET /sessions/{id}: the session with its custom-field answers. */
  async read(accountId: string, id: string): Promise<Session> {
    const session = await this.get(accountId, id);
    const answers = this.customFields === undefined ? [] : await this.customFields(accountId, session.id);
    return answers.length > 0 ? { ...session, customFields: answers } : session;
  }

  private customFields?: (accountId: string, sessionId: string) => Promise<NonNullable<Session['customFields']>>;

  /** The custom-fields module hands over the session's answers, which GET /sessions/{id} carries (as events carry theirs). */
  useCustomFields(answersOf: (accountId: string, sessionId: string) => Promise<NonNullable<Session['customFields']>>): void {
    this.customFields = answersOf;
  }

  async create(auth: AuthContext, input: SessionInput): Promise<Session> {
    const event = await this.events.find(auth.accountId, input.event.id.toLowerCase());
    if (!event) throw SessionErrors.eventNotFound(undefined, { target: 'event.id' });
    const now = iso(this.clock());
    const id = newId();
    const row = {
      ...(await this.withProgram(auth.accountId, event.id, this.columns(input, event.format))),
      id, account_id: auth.accountId, event_id: event.id, created: now, last_modified: now, created_by: actorName(auth), last_modified_by: actorName(auth),
    };
    return this.repo.transaction(async (trx) => {
      await this.repo.insert(row, trx);
      const session = await this.get(auth.accountId, id, trx);
      await this.notifier?.notify(trx, auth.accountId, 'session.created', session);
      return session;
    });
  }

  /** Replaces the writable fields (the reference: omitted fields become blank). */
  async update(auth: AuthContext, id: string, input: SessionInput): Promise<Session> {
    return this.repo.transaction(async (trx) => {
      const existing = await this.view(auth.accountId, await this.repo.lock(auth.accountId, id, trx), trx);
      if (!existing) throw SessionErrors.sessionNotFound();
      if (input.event.id.toLowerCase() !== existing.event_id) {
        throw SessionErrors.invalidInput('A session cannot move to another event', { target: 'event.id' });
      }
      const cols = await this.withProgram(auth.accountId, existing.event_id, this.columns(input, existing.event_format, existing), trx);
      await this.repo.update(auth.accountId, id, { ...cols, last_modified: iso(this.clock()), last_modified_by: actorName(auth) }, trx);
      const session = await this.get(auth.accountId, id, trx);
      await this.notifier?.notify(trx, auth.accountId, 'session.updated', session);
      return session;
    });
  }

  async delete(auth: AuthContext, id: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const existing = await this.repo.lock(auth.accountId, id, trx);
      if (!existing) throw SessionErrors.sessionNotFound();
      for (const hook of this.deleteHooks) await hook(auth.accountId, existing.id, trx);
      if (await this.webcasts?.hasWebcast(auth.accountId, existing.id, trx)) throw SessionErrors.webcastLinked();
      await this.repo.delete(auth.accountId, existing.id, trx);
      await this.notifier?.notify(trx, auth.accountId, 'session.deleted', { id: existing.id, event: { id: existing.event_id } });
    });
  }

  /** The program module answers for session locations and categories; it calls this when it is wired. */
  useProgram(program: SessionProgram): void {
    this.program = program;
  }

  /** The columns with the location's code and name and the category's name, from the program module (400 when unknown). */
  private async withProgram<C extends Partial<Pick<NewRow<'sessions'>, 'location_id' | 'category_id'>>>(
    accountId: string, eventId: string, cols: C, trx?: Transaction<Database>,
  ): Promise<C> {
    if (this.program === undefined) return cols;
    const out = { ...cols };
    const locationId = cols.location_id ?? null;
    const categoryId = cols.category_id ?? null;
    if (locationId !== null) {
      const location = await this.program.location(accountId, eventId, locationId, trx);
      if (!location) throw SessionErrors.invalidInput('Unknown session location of the event', { target: 'location.id' });
      Object.assign(out, { location_code: location.code, location_name: location.name });
    }
    if (categoryId !== null) {
      const category = await this.program.category(accountId, categoryId, trx);
      if (!category) throw SessionErrors.invalidInput('Unknown session category', { target: 'category.id' });
      Object.assign(out, { category_name: category.name });
    }
    return out;
  }

  /** For the program module: the number of the account's sessions in a location, or under a category. */
  countUsing(accountId: string, ref: { locationId: string } | { categoryId: string }, trx?: Transaction<Database>): Promise<number> {
    return this.repo.countUsing(accountId, ref, trx);
  }

  /** For the program module: a location or category was renamed; the sessions that name it show the new labels. */
  async relabel(accountId: string, ref: { locationId: string; code: string; name: string } | { categoryId: string; name: string }, trx?: Transaction<Database>): Promise<void> {
    await this.repo.relabel(accountId, ref, trx);
  }

  /** Registers work to run inside every session deletion's transaction, before the row goes. */
  /**
   * The sessions step of event copy (events.copy.ts): each session of the source event again in the target, with a new
   * id, in creation order. No webcast comes along (a copy is virtual only as marked, and only in a Virtual or Hybrid
   * event); registration types, locations and categories point at their copies where earlier steps made them
   * (registration types of the source event that were not copied are dropped; account-wide rows keep their id).
   */
  async copyToEvent(ctx: EventCopyContext): Promise<void> {
    const target = await this.events.find(ctx.accountId, ctx.toEventId, ctx.trx);
    const virtualAllowed = target !== undefined && allowsVirtual(target.format);
    for (const r of await this.repo.ofEvent(ctx.accountId, ctx.fromEventId, ctx.trx)) {
      const types = parseJson<string[]>(r.registration_types, []).flatMap((t) => ctx.copyOf('registration-types', t) ?? []);
      const marked = virtualAllowed ? r.virtual_marked : 0;
      const id = newId();
      await this.repo.insert({
        ...r, id, event_id: ctx.toEventId, virtual_marked: marked, webcast_linked: 0, virtual: marked,
        registration_types: types.length > 0 ? JSON.stringify(types) : null,
        category_id: r.category_id === null ? null : ctx.copyOf('session-categories', r.category_id) ?? r.category_id,
        location_id: r.location_id === null ? null : ctx.copyOf('session-locations', r.location_id) ?? r.location_id,
        created: ctx.now, last_modified: ctx.now, created_by: ctx.actor, last_modified_by: ctx.actor,
      }, ctx.trx);
      ctx.copied('sessions', r.id, id);
    }
  }

  onDelete(hook: SessionDeleteHook): void {
    this.deleteHooks.push(hook);
  }

  /** The webcasts module answers what sessions ask of webcasts; it calls this when it is wired. */
  useWebcasts(webcasts: SessionWebcasts): void {
    this.webcasts = webcasts;
  }

  /** For the events module: the event's sessions marked virtual or with a webcast (they need the event to stay Virtual or Hybrid). */
  async countVirtual(accountId: string, eventId: string): Promise<number> {
    const withWebcast = (await this.webcasts?.sessionIdsWithWebcast(accountId, eventId)) ?? [];
    return this.repo.countVirtual(accountId, eventId, withWebcast);
  }

  /**
   * For the webcasts module: a webcast was linked to the session, so it is
   * virtual. 404 when the session is not the account's; 409 when its event is
   * In-person. Pass the caller's transaction so the link and this commit together.
   */
  async markVirtual(accountId: string, sessionId: string, trx?: Transaction<Database>): Promise<Session> {
    return this.setWebcastLinked(accountId, sessionId, true, trx);
  }

  /** For the webcasts module: the session's webcast was removed or moved; the session stays virtual only if marked so. */
  async unmarkVirtual(accountId: string, sessionId: string, trx?: Transaction<Database>): Promise<Session> {
    return this.setWebcastLinked(accountId, sessionId, false, trx);
  }

  private async setWebcastLinked(accountId: string, sessionId: string, linked: boolean, trx?: Transaction<Database>): Promise<Session> {
    const row = await this.view(accountId, await this.repo.find(accountId, sessionId, trx), trx);
    if (!row) throw SessionErrors.sessionNotFound(undefined, { target: 'session.id' });
    if (linked && !allowsVirtual(row.event_format) && row.virtual !== 1) {
      throw SessionErrors.virtualNotAllowed(undefined, { target: 'session.id' });
    }
    const flag = linked ? 1 : 0;
    if (row.webcast_linked !== flag) {
      const virtual = linked || row.virtual_marked === 1 ? 1 : 0;
      await this.repo.update(accountId, sessionId, { webcast_linked: flag, virtual, last_modified: iso(this.clock()) }, trx);
    }
    return this.get(accountId, sessionId, trx);
  }
}
