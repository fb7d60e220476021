import type { Transaction } from 'kysely';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import type { Notifier } from '../../notifications.js';
import { actorName, type AuthContext } from '../../actor.js';
import type { ApiError } from '../../errors.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { EventsService } from '../events/index.js';
import type { Session, SessionWebcasts } from '../sessions/index.js';
import { WebcastErrors } from './webcasts.errors.js';
import { checkWebcastLinks } from './webcasts.urls.js';
import { PLAYERS_LIST, WEBCASTS_LIST } from './webcasts.filters.js';
import { isUniqueViolation } from '../../db/constraints.js';
import type { WebcastsRepository } from './webcasts.repository.js';
import type { Player, Webcast, WebcastInput, WebcastLinks } from './webcasts.schemas.js';
import { SOLUTION_TYPE } from './webcasts.table.js';
import type { Row, NewRow } from '../../db/types.js';

// The JSON columns hold what this module wrote from a validated body, so they are read back unchecked.
function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

interface Extra { simulatedLive?: boolean; recordLiveStream?: boolean; autoAddToLibrary?: boolean; onDemandVideo?: boolean }

type Link = { href?: string; code?: string; key?: string };

function pickLink(link: Link | undefined, withKey: boolean): Link | undefined {
  if (!link) return undefined;
  return {
    ...(link.href !== undefined ? { href: link.href } : {}),
    ...(link.code !== undefined ? { code: link.code } : {}),
    ...(withKey && link.key !== undefined ? { key: link.key } : {}),
  };
}

/** Only the known link fields are stored: the body may carry anything else. */
function linksJson(links: WebcastLinks | undefined): string {
  const out: Record<string, Link> = {};
  for (const name of ['join', 'speaker', 'host', 'recording'] as const) {
    const picked = pickLink(links?.[name], name === 'host');
    if (picked) out[name] = picked;
  }
  return JSON.stringify(out);
}

/** `{ [key]: v }`, or nothing for NULL: the reference leaves absent fields out. */
function opt<K extends string, V>(key: K, v: V | null): Partial<Record<K, V>> {
  const out: Partial<Record<K, V>> = {};
  if (v !== null) out[key] = v;
  return out;
}

export function toWebcast(r: Row<'webcasts'>): Webcast {
  const extra = parseJson<Extra>(r.extra, {});
  return {
    id: r.id,
    event: { id: r.event_id },
    ...(r.session_id !== null ? { session: { id: r.session_id } } : {}),
    ...opt('title', r.title),
    ...opt('type', r.type),
    format: r.format ?? 'Live',
    ...opt('provider', r.provider),
    status: r.status ?? 'Not Started',
    solutionType: r.solution_type ?? SOLUTION_TYPE,
    ...opt('playerType', r.player_type),
    ...(extra.simulatedLive !== undefined ? { simulatedLive: extra.simulatedLive } : {}),
    ...(extra.recordLiveStream !== undefined ? { recordLiveStream: extra.recordLiveStream } : {}),
    autoAddToLibrary: extra.autoAddToLibrary ?? false,
    ...(extra.onDemandVideo !== undefined ? { onDemandVideo: extra.onDemandVideo } : {}),
    ...opt('sourceId', r.source_id),
    ...opt('meetingId', r.meeting_id),
    _links: parseJson<WebcastLinks>(r.links, {}),
    ...opt('details', r.details),
    created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
  };
}

function toPlayer(r: Row<'webcasts'>): Player {
  return {
    id: r.id, webcast: { id: r.id },
    ...(r.provider === 'Brightcove' || r.player_type === 'Brightcove' ? { playerTypeProvider: 'Brightcove' as const } : {}),
    ...opt('provider', r.provider), ...opt('playerType', r.player_type),
    created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
  };
}

type Columns = Omit<NewRow<'webcasts'>, 'id' | 'account_id' | 'event_id' | 'session_id' | 'created' | 'created_by'>;

function columns(input: WebcastInput, auth: AuthContext, now: string): Columns {
  const extra: Extra = {
    ...(input.simulatedLive !== undefined ? { simulatedLive: input.simulatedLive } : {}),
    ...(input.recordLiveStream !== undefined ? { recordLiveStream: input.recordLiveStream } : {}),
    autoAddToLibrary: input.autoAddToLibrary ?? false,
    ...(input.onDemandVideo !== undefined ? { onDemandVideo: input.onDemandVideo } : {}),
  };
  return {
    title: input.title ?? null, type: input.type ?? null, format: input.format ?? 'Live', provider: input.provider ?? null,
    status: input.status ?? 'Not Started', solution_type: SOLUTION_TYPE, player_type: input.playerType ?? null,
    meeting_id: input.meetingId ?? null, source_id: input.sourceId ?? null, details: input.details ?? null,
    links: linksJson(input._links), extra: JSON.stringify(extra),
    last_modified: now, last_modified_by: actorName(auth),
  };
}

// The reference's Webcast can also hang off an appointment or an exhibitor;
// eventline serves neither, and silently dropping the link would mislead.
function rejectUnsupportedLinks(input: WebcastInput): void {
  // The body may carry any field (read-only ones are ignored): these two are looked for by name.
  const body: Readonly<Record<string, unknown>> = input;
  for (const target of ['appointment', 'exhibitor']) {
    if (body[target] !== undefined && body[target] !== null) {
      throw WebcastErrors.unsupportedLink(`eventline links webcasts to events and sessions only; '${target}' is not supported`, { target });
    }
  }
}

/**
 * What the webcasts module needs from sessions (SessionsService provides it):
 * the session a webcast is linked to, and its virtual state: a session with a
 * webcast is virtual; without one it is virtual only if a planner marked it
 * so. All run inside the caller's transaction.
 */
export interface SessionVirtualLink {
  find(accountId: string, sessionId: string, trx?: Transaction<Database>): Promise<Pick<Session, 'id' | 'event'> | undefined>;
  markVirtual(accountId: string, sessionId: string, trx?: Transaction<Database>): Promise<unknown>;
  unmarkVirtual(accountId: string, sessionId: string, trx?: Transaction<Database>): Promise<unknown>;
}

/** A recording link written onto a webcast (by the sync after the session, or a planner): what listeners (the video library) get. */
export interface WebcastRecording {
  readonly accountId: string;
  readonly webcastId: string;
  readonly eventId: string;
  readonly sessionId: string | null;
  readonly title: string | null;
  readonly href: string;
  readonly meetingId: string | null;
  /** Who wrote it (actorName). */
  readonly actor: string;
}
/** Runs in the transaction that stores the recording link: what it writes commits with it. */
export type RecordingListener = (recording: WebcastRecording, trx: Transaction<Database>) => Promise<void>;

export class WebcastsService implements SessionWebcasts {
  private readonly recordingListeners: RecordingListener[] = [];

  constructor(
    private readonly repo: WebcastsRepository,
    private readonly sessions: SessionVirtualLink,
    private readonly events: Pick<EventsService, 'find'>,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock = systemClock,
    private readonly notifier?: Notifier,
  ) {}

  /** A higher module (videos) acts on every recording link written, in its transaction. Registered at wiring time. */
  onRecording(listener: RecordingListener): void {
    this.recordingListeners.push(listener);
  }

  private async recordingWritten(auth: AuthContext, webcastId: string, eventId: string, sessionId: string | null, input: WebcastInput, trx: Transaction<Database>): Promise<void> {
    const href = input._links?.recording?.href;
    if (href === undefined || href === '') return;
    const recording: WebcastRecording = {
      accountId: auth.accountId, webcastId, eventId, sessionId, title: input.title ?? null, href, meetingId: input.meetingId ?? null, actor: actorName(auth),
    };
    for (const listener of this.recordingListeners) await listener(recording, trx);
  }

  list(accountId: string, query: ListQuery): Promise<{ paging: Paging; data: Webcast[] }> {
    return listPage(WEBCASTS_LIST, query, (spec) => this.repo.list(accountId, spec), toWebcast, `${this.config.publicUrl}/${this.config.apiVersion}/webcasts`);
  }

  /**
   * The players of the account's webcasts (issue 32): until per-account platform connections exist, one per webcast
   * on an outside platform (a provider other than None, or a player type), named by the webcast's id.
   */
  listPlayers(accountId: string, query: ListQuery): Promise<{ paging: Paging; data: Player[] }> {
    return listPage(PLAYERS_LIST, query, (spec) => this.repo.listOnPlatforms(accountId, spec), toPlayer, `${this.config.publicUrl}/${this.config.apiVersion}/webcasts/players`);
  }

  async get(accountId: string, id: string): Promise<Webcast> {
    const row = await this.repo.find(accountId, id);
    if (!row) throw WebcastErrors.webcastNotFound();
    return toWebcast(row);
  }

  /**
   * Where the webcast hangs: its event and (optionally) session, checked
   * against the account. `currentId` is the webcast being updated, so it does
   * not conflict with itself.
   */
  private async placement(
    accountId: string, input: WebcastInput, trx: Transaction<Database>, current?: Pick<Row<'webcasts'>, 'id' | 'event_id' | 'session_id'>,
  ): Promise<{ eventId: string; sessionId: string | null }> {
    // Ids are stored in lower case; the uuid format accepts either.
    const sessionId = input.session?.id.toLowerCase() ?? null;
    const givenEventId = input.event?.id.toLowerCase();
    let eventId = givenEventId ?? current?.event_id;
    if (sessionId !== null) {
      const session = await this.sessions.find(accountId, sessionId, trx);
      if (!session) throw WebcastErrors.sessionNotFound(undefined, { target: 'session.id' });
      if (givenEventId !== undefined && givenEventId !== session.event.id) throw WebcastErrors.sessionOfOtherEvent(undefined, { target: 'session.id' });
      eventId = session.event.id;
    }
    if (eventId === undefined) throw WebcastErrors.eventRequired(undefined, { target: 'event.id' });
    if (current && eventId !== current.event_id) {
      throw WebcastErrors.eventImmutable(undefined, { target: givenEventId !== undefined ? 'event.id' : 'session.id' });
    }
    const event = await this.events.find(accountId, eventId, trx);
    if (!event) throw WebcastErrors.eventNotFound(undefined, { target: 'event.id' });
    const newLink = !current || (sessionId !== null && sessionId !== current.session_id);
    // The seed: a session can be virtual only when some part of its event is virtual.
    if (newLink && event.format !== 'Virtual' && event.format !== 'Hybrid') {
      throw WebcastErrors.eventNotVirtual(
        `The event's format is ${event.format}: a webcast needs an event whose format is Virtual or Hybrid`,
        { target: sessionId !== null ? 'session.id' : 'event.id' },
      );
    }
    if (sessionId !== null) {
      const taken = await this.repo.findBySession(accountId, sessionId, trx);
      if (taken && taken.id !== current?.id) throw this.sessionTaken(taken.id);
    }
    return { eventId, sessionId };
  }

  private sessionTaken(webcastId?: string): ApiError {
    const suffix = webcastId ? ` (webcast ${webcastId}); update that one instead` : '';
    return WebcastErrors.sessionHasWebcast(`The session already has a webcast${suffix}; a session has at most one`, { target: 'session.id' });
  }

  async create(auth: AuthContext, input: WebcastInput): Promise<Webcast> {
    rejectUnsupportedLinks(input);
    checkWebcastLinks(input._links);
    const now = iso(this.clock());
    const id = newId();
    try {
      await this.repo.transaction(async (trx) => {
        const { eventId, sessionId } = await this.placement(auth.accountId, input, trx);
        await this.repo.insert({
          id, account_id: auth.accountId, event_id: eventId, session_id: sessionId,
          ...columns(input, auth, now), created: now, created_by: actorName(auth),
        }, trx);
        if (sessionId !== null) await this.sessions.markVirtual(auth.accountId, sessionId, trx);
        await this.recordingWritten(auth, id, eventId, sessionId, input, trx);
        await this.notifier?.notify(trx, auth.accountId, 'webcast.created', async () => { const r = await this.repo.find(auth.accountId, id, trx); return r && toWebcast(r); });
      });
    } catch (err) {
      // Two webcasts raced for one session: the unique index decided.
      if (isUniqueViolation(err)) throw this.sessionTaken();
      throw err;
    }
    return this.get(auth.accountId, id);
  }

  /**
   * Replaces the writable fields (PUT): an omitted session unlinks it; the
   * event cannot change. Moving to another session unlinks the old one
   * (virtual afterwards only if a planner marked it) and links the new one.
   */
  async update(auth: AuthContext, id: string, input: WebcastInput): Promise<Webcast> {
    rejectUnsupportedLinks(input);
    checkWebcastLinks(input._links);
    const now = iso(this.clock());
    try {
      await this.repo.transaction(async (trx) => {
        const existing = await this.repo.find(auth.accountId, id, trx);
        if (!existing) throw WebcastErrors.webcastNotFound();
        const { sessionId } = await this.placement(auth.accountId, input, trx, existing);
        await this.repo.update(auth.accountId, id, { ...columns(input, auth, now), session_id: sessionId }, trx);
        if (sessionId !== existing.session_id) {
          await this.repo.moveLinksToSession(auth.accountId, id, sessionId, trx);
          if (existing.session_id !== null) await this.sessions.unmarkVirtual(auth.accountId, existing.session_id, trx);
          if (sessionId !== null) await this.sessions.markVirtual(auth.accountId, sessionId, trx);
        }
        await this.recordingWritten(auth, id, existing.event_id, sessionId, input, trx);
        await this.notifier?.notify(trx, auth.accountId, 'webcast.updated', async () => { const r = await this.repo.find(auth.accountId, id, trx); return r && toWebcast(r); });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw this.sessionTaken();
      throw err;
    }
    return this.get(auth.accountId, id);
  }

  /** Deletes the webcast and its attendee links; its session stays virtual only if a planner marked it so. */
  async delete(accountId: string, id: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const existing = await this.repo.find(accountId, id, trx);
      if (!existing) throw WebcastErrors.webcastNotFound();
      await this.repo.delete(accountId, id, trx);
      if (existing.session_id !== null) await this.sessions.unmarkVirtual(accountId, existing.session_id, trx);
    });
  }

  /** For the sessions module: whether a webcast still points at the session. */
  async hasWebcast(accountId: string, sessionId: string, trx: Transaction<Database>): Promise<boolean> {
    return (await this.repo.findBySession(accountId, sessionId.toLowerCase(), trx)) !== undefined;
  }

  /** For the sessions module: the event's sessions that a webcast points at; each of them is virtual. */
  sessionIdsWithWebcast(accountId: string, eventId: string): Promise<string[]> {
    return this.repo.sessionIdsOfEvent(accountId, eventId);
  }
}
