import { newId } from '../../db/ids.js';
import { jsonColumn } from '../../db/json.js';
import { iso, type Clock } from '../../db/time.js';
import type { SessionsService } from '../sessions/index.js';
import type { SyncRepository } from './sync.repository.js';
import { ProgressSchema, SnapshotSchema, type StartSyncInput, type SyncConflict, type SyncState, type SyncStateInput } from './sync.schemas.js';
import { SyncErrors } from './sync.errors.js';

/** What the sync state needs of the account's connections. */
export interface ConnectionLookup {
  /** The connection's platform when the account has it; undefined otherwise. */
  platformOf(accountId: string, connectionId: string): Promise<{ platform: string; name: string } | undefined>;
  /** Queues the connection's sync of one session now (a durable job). */
  enqueueSession(accountId: string, connectionId: string, sessionId: string): Promise<void>;
}
import type { Row } from '../../db/types.js';
import type { Notifier } from '../../notifications.js';

// Our own JSON columns, written only by put() below from checked input.
const snapshotColumn = jsonColumn('webcast_sync_states.snapshot', SnapshotSchema);
const progressColumn = jsonColumn('webcast_sync_states.progress', ProgressSchema);

function toConflict(r: Row<'webcast_sync_log'>): SyncConflict {
  return {
    field: r.field, kept: r.kept, created: r.created,
    ...(r.discarded_value !== null ? { discardedValue: r.discarded_value } : {}),
    ...(r.kept_value !== null ? { keptValue: r.kept_value } : {}),
  };
}

function toState(r: Row<'webcast_sync_states'>, log: Row<'webcast_sync_log'>[]): SyncState {
  return {
    session: { id: r.session_id }, provider: r.provider, outcome: r.outcome,
    ...(r.connection_id !== null ? { connection: { id: r.connection_id } } : {}),
    ...(r.meeting_id !== null ? { meetingId: r.meeting_id } : {}),
    ...(r.webcast_id !== null ? { webcast: { id: r.webcast_id } } : {}),
    ...(r.error !== null ? { error: r.error } : {}),
    ...(r.last_run !== null ? { lastRun: r.last_run } : {}),
    snapshot: r.snapshot === null ? null : snapshotColumn(r.snapshot),
    progress: progressColumn(r.progress),
    conflicts: log.map(toConflict),
    created: r.created, lastModified: r.last_modified,
  };
}

/** The sync state of sessions held on an outside platform; written by the sync engine through the API, read by anyone with session access. */
export class SyncService {
  constructor(
    private readonly repo: SyncRepository, private readonly sessions: SessionsService, private readonly clock: Clock,
    private readonly connections?: ConnectionLookup,
    private readonly notifier?: Notifier,
  ) {}

  private async checkConnection(accountId: string, id: string, target: string): Promise<{ platform: string; name: string }> {
    const found = await this.connections?.platformOf(accountId, id.toLowerCase());
    // Another account's connection reads as none: a 400 naming the field, not a 404 that would confirm it exists.
    if (!found) throw SyncErrors.unknownConnection(undefined, { target });
    return found;
  }

  /**
   * "Create on Zoom": holds the session on the connection and queues its sync at once (the worker creates the meeting and
   * the webcast, then keeps them in sync). A session already held on another connection is a 409.
   */
  async start(accountId: string, sessionId: string, input: StartSyncInput): Promise<SyncState> {
    const session = await this.sessions.get(accountId, sessionId);
    const connectionId = input.connection.id.toLowerCase();
    const connection = await this.checkConnection(accountId, connectionId, 'connection.id');
    const existing = await this.repo.find(accountId, session.id);
    if (existing?.connection_id && existing.connection_id !== connectionId && existing.meeting_id !== null) {
      throw SyncErrors.heldElsewhere('The session\'s meeting is already held on another connection: disconnect it there first', { target: 'connection.id' });
    }
    // Synced by the server-wide SYNC_PROVIDER sync: moving it would orphan that meeting.
    if (existing && !existing.connection_id && existing.meeting_id !== null && existing.outcome !== 'Failed') {
      throw SyncErrors.heldElsewhere(`The session's meeting is synced by the server's own ${existing.provider} sync: it cannot move to a connection`, { target: 'connection.id' });
    }
    const now = iso(this.clock());
    await this.repo.save({
      account_id: accountId, session_id: session.id, provider: connection.platform, connection_id: connectionId,
      meeting_id: existing?.meeting_id ?? null, webcast_id: existing?.webcast_id ?? null, snapshot: existing?.snapshot ?? null,
      progress: existing?.progress ?? '{}', outcome: 'Running', error: null, last_run: existing?.last_run ?? null,
      created: existing?.created ?? now, last_modified: now,
    }, []);
    await this.connections?.enqueueSession(accountId, connectionId, session.id);
    return this.get(accountId, session.id);
  }

  async get(accountId: string, sessionId: string): Promise<SyncState> {
    const session = await this.sessions.get(accountId, sessionId);
    const row = await this.repo.find(accountId, session.id);
    if (!row) {
      const t = session.lastModified;
      return { session: { id: session.id }, provider: 'None', outcome: 'Succeeded', snapshot: null, progress: {}, conflicts: [], created: t, lastModified: t };
    }
    return toState(row, await this.repo.conflicts(accountId, session.id));
  }

  async put(accountId: string, sessionId: string, input: SyncStateInput): Promise<SyncState> {
    const session = await this.sessions.get(accountId, sessionId);
    const now = iso(this.clock());
    const existing = await this.repo.find(accountId, session.id);
    if (input.connection) await this.checkConnection(accountId, input.connection.id, 'connection.id');
    const progress = JSON.stringify({ ...(existing ? progressColumn(existing.progress) : {}), ...input.progress });
    const webcastId = input.webcast?.id.toLowerCase() ?? existing?.webcast_id ?? null;
    // webcast.synced: a sync run that succeeded and changed something (its first success, or new progress: links,
    // check-ins, a recording), not every periodic pass.
    const notifier = this.notifier;
    const synced = input.outcome === 'Succeeded' && (existing?.outcome !== 'Succeeded' || existing.progress !== progress || existing.webcast_id !== webcastId);
    await this.repo.save({
      account_id: accountId, session_id: session.id, provider: input.provider,
      connection_id: input.connection?.id.toLowerCase() ?? existing?.connection_id ?? null,
      meeting_id: input.meetingId ?? existing?.meeting_id ?? null,
      webcast_id: webcastId,
      snapshot: input.snapshot !== undefined ? (input.snapshot === null ? null : JSON.stringify(input.snapshot)) : existing?.snapshot ?? null,
      progress,
      outcome: input.outcome, error: input.error ?? null, last_run: input.lastRun ?? existing?.last_run ?? now,
      created: existing?.created ?? now, last_modified: now,
    }, (input.conflicts ?? []).map((c) => ({
      id: newId(), account_id: accountId, session_id: session.id, field: c.field, kept: c.kept,
      discarded_side: c.kept === 'eventline' ? 'provider' : 'eventline', discarded_value: c.discardedValue ?? null, kept_value: c.keptValue ?? null, created: now,
    })), synced && webcastId !== null && notifier ? (trx) => notifier.notify(trx, accountId, 'webcast.synced', {
      id: webcastId, session: { id: session.id }, provider: input.provider, outcome: input.outcome, progress: JSON.parse(progress) as unknown, lastRun: input.lastRun ?? now,
    }) : undefined);
    return this.get(accountId, session.id);
  }
}
