import { randomBytes, randomInt } from 'node:crypto';
import { ApiRequestError } from '../../client/index.js';
import type { EventlineApi, ApiSession, ApiSyncStateInput, ApiWebcast } from './eventline-api.js';
import type { MeetingFields, ProviderMeeting, WebcastProvider } from './provider.js';
import { registerAttendees, writeCheckIns, writeRecording } from './participation.js';
import { eventlineFields, providerFields, readSnapshot, reconcile } from './reconcile.js';
import type { SyncConflict } from './sync.schemas.js';

type HostLink = NonNullable<ApiWebcast['_links']['host']>;

/**
 * The platform's host key goes to the webcast's host key (`_links.host.key`). Earlier versions
 * wrote it to the host code (`_links.host.code`): a code equal to the key is that copy, and goes.
 */
function hostLink(host: HostLink | undefined, key: string): HostLink {
  const { code, ...rest } = host ?? {};
  return { ...rest, ...(code !== undefined && code !== key ? { code } : {}), key };
}

/** Why a session failed; fetch's bare "fetch failed" gets its cause (e.g. "connect ECONNREFUSED 127.0.0.1:4010"). */
function failure(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause;
  if (err.message !== 'fetch failed' || !(cause instanceof Error)) return err.message;
  const code = 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
  const why = cause.message || code;
  return why ? `${err.message}: ${why}` : err.message;
}

/** Ids, counts and field names only: names, emails and access codes never reach the log. */
export interface SyncLogger {
  info(message: string, context?: Record<string, unknown>): void;
  warn(message: string, context?: Record<string, unknown>): void;
}

export const silentLogger: SyncLogger = { info: () => undefined, warn: () => undefined };

export interface SessionSyncResult {
  session: string;
  /** The session's title (absent when the session could not be read). */
  title?: string;
  outcome: 'Succeeded' | 'Failed' | 'Skipped';
  /** Why the session was skipped. */
  reason?: string;
  meetingId?: string;
  webcastId?: string;
  created: boolean;
  links: number;
  checkIns: number;
  recording: boolean;
  conflicts: SyncConflict[];
  error?: string;
}

export interface SyncEngineOptions {
  api: EventlineApi;
  provider: WebcastProvider;
  logger?: SyncLogger;
  now?: () => Date;
  /** The account's platform connection this engine syncs for: it syncs only the sessions held on it, and says so in their state. */
  connectionId?: string;
}

/**
 * Runs the seed's virtual-session workflow against one provider. Every step
 * reads both sides before it writes, so a run that was killed half-way is
 * finished by the next run without duplicating anything.
 */
export class SyncEngine {
  private readonly api: EventlineApi;
  private readonly provider: WebcastProvider;
  private readonly log: SyncLogger;
  private readonly now: () => Date;
  private readonly connection: { connection?: { id: string } };

  constructor(opts: SyncEngineOptions) {
    this.connection = opts.connectionId ? { connection: { id: opts.connectionId } } : {};
    this.api = opts.api;
    this.provider = opts.provider;
    this.log = opts.logger ?? silentLogger;
    this.now = opts.now ?? (() => new Date());
  }

  /** One pass over every virtual session. */
  async runOnce(): Promise<SessionSyncResult[]> {
    const sessions = await this.api.virtualSessions();
    const results: SessionSyncResult[] = [];
    for (const s of sessions) results.push(await this.syncSession(s.id));
    return results;
  }

  /** One session; a failure is recorded in its sync state and does not stop the others. */
  async syncSession(sessionId: string): Promise<SessionSyncResult> {
    const lastRun = this.now().toISOString();
    const base: SessionSyncResult = { session: sessionId, outcome: 'Succeeded', created: false, links: 0, checkIns: 0, recording: false, conflicts: [] };
    let meetingId: string | undefined;
    let title: string | undefined;
    try {
      const session = await this.api.session(sessionId);
      title = session.title;
      const state = await this.api.syncState(sessionId);
      // A session held on an account's connection is that connection's; the others are the server-wide sync's.
      if (state.connection?.id !== this.connection.connection?.id) {
        return { ...base, title, outcome: 'Skipped', reason: state.connection ? `it is held on the platform connection ${state.connection.id}` : 'it is not held on this connection' };
      }
      const found = await this.meetingFor(session, state.provider, state.meetingId);
      if ('skip' in found) return { ...base, title, outcome: 'Skipped', reason: found.skip };
      let { webcast, meeting } = found;
      const { created } = found;
      meetingId = meeting.id;
      // Cancelled in eventline: cancel on the platform too (the other direction is handled below).
      if ((session.status === 'Cancelled' || webcast.status === 'Cancelled') && meeting.status !== 'cancelled') {
        await this.provider.cancelMeeting(meeting.id);
        meeting = { ...meeting, status: 'cancelled' };
        this.log.info('meeting cancelled on the provider', { session: sessionId, meeting: meeting.id });
      }
      await this.api.saveSyncState(sessionId, { provider: this.provider.name, ...this.connection, meetingId: meeting.id, webcast: { id: webcast.id }, outcome: 'Running', lastRun });

      const last = (created ? providerFields(meeting) : readSnapshot(state.snapshot)) ?? providerFields(meeting);
      const merged = reconcile(eventlineFields(session, webcast), providerFields(meeting), last, {
        session: session.lastModified, webcast: webcast.lastModified, provider: meeting.updatedAt,
      });
      webcast = await this.apply(session, webcast, meeting, merged.toProvider, merged.toEventline);
      for (const c of merged.conflicts) this.log.warn('conflicting edits: the later one kept, the other discarded', { session: sessionId, field: c.field, kept: c.kept });

      let links = 0;
      let checkIns = 0;
      let recording = false;
      if (meeting.status === 'scheduled' || meeting.status === 'started') {
        links = (await registerAttendees(this.api, this.provider, session, webcast, meeting, this.log)).links;
      }
      if (meeting.status === 'ended') {
        checkIns = await writeCheckIns(this.api, this.provider, session, webcast, meeting, this.log);
        recording = (await writeRecording(this.api, this.provider, webcast, meeting)).recording;
      }
      if (meeting.status === 'cancelled' && webcast.status !== 'Cancelled') webcast = await this.api.updateWebcast({ ...webcast, status: 'Cancelled' });

      const progress: NonNullable<ApiSyncStateInput['progress']> = meeting.status === 'ended' ? { checkIns, recording } : { attendeeLinks: links };
      await this.api.saveSyncState(sessionId, {
        provider: this.provider.name, ...this.connection, meetingId: meeting.id, webcast: { id: webcast.id }, outcome: 'Succeeded', lastRun,
        snapshot: { ...merged.agreed }, progress, ...(merged.conflicts.length > 0 ? { conflicts: merged.conflicts } : {}),
      });
      this.log.info('session synced', { session: sessionId, meeting: meeting.id, created, links, checkIns, recording });
      return { ...base, title, meetingId: meeting.id, webcastId: webcast.id, created, links, checkIns, recording, conflicts: merged.conflicts };
    } catch (err) {
      const error = failure(err);
      this.log.warn('session sync failed', { session: sessionId, error });
      try {
        await this.api.saveSyncState(sessionId, { provider: this.provider.name, ...this.connection, ...(meetingId ? { meetingId } : {}), outcome: 'Failed', error: error.slice(0, 2000), lastRun });
      } catch {
        // eventline itself is unreachable: the next run records it.
      }
      return { ...base, ...(title !== undefined ? { title } : {}), outcome: 'Failed', error };
    }
  }

  /**
   * Step 1: the session's meeting, created with its webcast when the session
   * has none. `skip` (why) for a session whose webcast another tool manages.
   */
  private async meetingFor(session: ApiSession, stateProvider: string, stateMeeting: string | undefined): Promise<{ webcast: ApiWebcast; meeting: ProviderMeeting; created: boolean } | { skip: string }> {
    const webcast = await this.api.webcastOf(session.id);
    if (webcast) {
      if (!webcast.meetingId) return { skip: 'its webcast has no meeting id: it is managed outside this sync' };
      const meeting = await this.provider.getMeeting(webcast.meetingId);
      // Ours when an earlier run recorded it, or when the platform's meeting names this session (a run killed before it recorded).
      // A state that names this provider but no meeting yet ("Create on Zoom" on a session whose webcast was made by hand) is not a record.
      if ((stateProvider !== this.provider.name || stateMeeting === undefined) && meeting?.externalId !== session.id) {
        return { skip: `its webcast's meeting ${webcast.meetingId} was not created by this sync (${this.provider.name}): it is managed outside it` };
      }
      if (!meeting) {
        return { webcast, meeting: { ...this.placeholder(webcast.meetingId, session), status: 'cancelled' }, created: false };
      }
      return { webcast, meeting, created: false };
    }
    if (session.status === 'Cancelled') return { skip: 'the session is cancelled and has no webcast' };
    // A run killed between the two creations left a meeting behind: adopt it rather than make a second one.
    const found = await this.provider.findMeeting(session.id);
    const meeting = found ?? (await this.provider.createMeeting({
      kind: 'meeting', externalId: session.id, title: session.title, start: session.start, end: session.end,
      password: randomBytes(4).toString('hex'), hostKey: String(randomInt(100000, 1000000)),
    }));
    let created: ApiWebcast;
    try {
      created = await this.api.createWebcast({
        session: { id: session.id }, title: session.title, type: meeting.kind === 'webinar' ? 'Webinar' : 'Meeting', format: 'Live',
        provider: this.provider.webcastProvider, meetingId: meeting.id, sourceId: meeting.id.slice(0, 50),
        _links: { join: { href: meeting.joinUrl, code: meeting.password }, host: { href: meeting.hostUrl, key: meeting.hostKey } },
      });
    } catch (err) {
      // Another run of this session's sync got there first (its job taken over after a lost lease, both
      // running at once): eventline holds one webcast per session, so that run's meeting is the session's.
      // The meeting this run made is a duplicate and is removed from the platform; the other's is used.
      const winner = err instanceof ApiRequestError && err.status === 409 ? await this.api.webcastOf(session.id) : undefined;
      // A platform that creates by the session id (Teams' createOrGet) gave both runs the same meeting: nothing to remove.
      if (winner?.meetingId && winner.meetingId === meeting.id) return { webcast: winner, meeting, created: false };
      if (!winner?.meetingId) throw err;
      if (!found) await this.provider.cancelMeeting(meeting.id);
      this.log.info('another run linked the session first; its meeting is used', { session: session.id, meeting: winner.meetingId, removed: found ? undefined : meeting.id });
      const theirs = await this.provider.getMeeting(winner.meetingId);
      return { webcast: winner, meeting: theirs ?? { ...this.placeholder(winner.meetingId, session), status: 'cancelled' }, created: false };
    }
    this.log.info('meeting and webcast created', { session: session.id, meeting: meeting.id, webcast: created.id });
    return { webcast: created, meeting, created: true };
  }

  private placeholder(id: string, session: ApiSession): ProviderMeeting {
    return {
      id, kind: 'meeting', status: 'cancelled', externalId: session.id, title: session.title, start: session.start, end: session.end,
      password: '', hostKey: '', joinUrl: '', hostUrl: '', updatedAt: session.lastModified,
    };
  }

  /** Writes the merged edits to both sides (nothing when they already agree). */
  private async apply(session: ApiSession, webcast: ApiWebcast, meeting: ProviderMeeting, toProvider: Partial<MeetingFields>, toEventline: Partial<MeetingFields>): Promise<ApiWebcast> {
    if (meeting.status === 'cancelled') return webcast;
    if (Object.keys(toProvider).length > 0) {
      await this.provider.updateMeeting(meeting.id, toProvider);
      this.log.info('edits pushed to the provider', { session: session.id, fields: Object.keys(toProvider) });
    }
    const { title, start, end, password, hostKey } = toEventline;
    if (title !== undefined || start !== undefined || end !== undefined) {
      await this.api.updateSession({ ...session, ...(title !== undefined ? { title } : {}), ...(start !== undefined ? { start } : {}), ...(end !== undefined ? { end } : {}) });
    }
    if (password !== undefined || hostKey !== undefined) {
      const links = webcast._links;
      webcast = await this.api.updateWebcast({
        ...webcast,
        _links: {
          ...links,
          ...(password !== undefined ? { join: { ...links.join, code: password } } : {}),
          ...(hostKey !== undefined ? { host: hostLink(links.host, hostKey) } : {}),
        },
      });
    }
    if (Object.keys(toEventline).length > 0) this.log.info('edits pulled from the provider', { session: session.id, fields: Object.keys(toEventline) });
    return webcast;
  }
}
