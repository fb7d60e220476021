import type { Metrics, SyncOutcome } from '../../metrics/index.js';
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { createClient, type TokenResponse } from '../../client/index.js';
import type { JobHandler, JobQueue } from '../../jobs/index.js';
import type { ConnectionsService } from './connections.service.js';
import { SyncEngine, type SyncLogger } from './engine.js';
import { EventlineApi } from './eventline-api.js';

/** One connection's sync: of one session (payload.sessionId: "Create on ...", a webhook) or of every session held on it. */
export const CONNECTION_SYNC_JOB = 'webcast-connection-sync';
/** The recurring pass over the connections that hold sessions: one CONNECTION_SYNC_JOB each, so one's failure never holds up another. */
export const CONNECTIONS_PASS_JOB = 'webcast-connections-pass';

const Payload = Compile(Type.Object({ connectionId: Type.String(), sessionId: Type.Optional(Type.String()) }));

const SYNC_OUTCOMES: Readonly<Record<'Succeeded' | 'Failed' | 'Skipped', SyncOutcome>> = { Succeeded: 'succeeded', Failed: 'failed', Skipped: 'skipped' };

export interface ConnectionJobDeps {
  connections: ConnectionsService;
  queue: JobQueue;
  /** A token for the account, signed by this server (the oauth module's internalToken): the sync calls the public API as the account. */
  token: (accountId: string) => Promise<TokenResponse>;
  baseUrl: string;
  intervalSeconds: number;
  logger?: SyncLogger;
  /** Sync outcomes per platform (the connection's platform: a fixed set, never an id). */
  metrics?: Pick<Metrics, 'syncSession'>;
}

export async function scheduleConnectionsPass(queue: JobQueue, at: Date, intervalSeconds: number): Promise<void> {
  await queue.enqueueSlot({ type: CONNECTIONS_PASS_JOB, payload: {}, runAt: at, everyMs: intervalSeconds * 1000 });
}

export async function enqueueConnectionSync(queue: JobQueue, accountId: string, connectionId: string, sessionId?: string): Promise<void> {
  await queue.enqueue({ type: CONNECTION_SYNC_JOB, accountId, payload: { connectionId, ...(sessionId ? { sessionId } : {}) } });
}

export function connectionJobHandlers(deps: ConnectionJobDeps): Record<string, JobHandler> {
  const { connections, queue } = deps;
  return {
    [CONNECTIONS_PASS_JOB]: async () => {
      // The chain goes on while the server has connections; connecting one starts it again (ConnectionsService.onConnected).
      if (await connections.any()) await scheduleConnectionsPass(queue, new Date(Date.now() + deps.intervalSeconds * 1000), deps.intervalSeconds);
      const due = await connections.withSessions();
      for (const c of due) await enqueueConnectionSync(queue, c.account_id, c.id);
      return { connections: due.length };
    },
    [CONNECTION_SYNC_JOB]: async (job) => {
      if (!Payload.Check(job.payload)) return { skipped: 'a payload of an unknown shape' };
      const { connectionId, sessionId } = job.payload;
      const row = await connections.findById(connectionId);
      // Disconnected since: its sessions were detached, nothing to do.
      if (!row) return { skipped: 'disconnected' };
      const provider = await connections.providerOf(row);
      const client = createClient({ baseUrl: deps.baseUrl, token: () => deps.token(row.account_id) });
      const api = new EventlineApi(client);
      const engine = new SyncEngine({ api, provider, connectionId: row.id, ...(deps.logger ? { logger: deps.logger } : {}) });
      const sessions = sessionId ? [sessionId] : await connections.sessionsOf(row.account_id, row.id);
      let failed = 0;
      for (const id of sessions) {
        const result = await engine.syncSession(id);
        deps.metrics?.syncSession(row.platform, SYNC_OUTCOMES[result.outcome]);
        if (result.outcome === 'Failed') failed += 1;
        if (result.outcome === 'Skipped') {
          // Held on this connection but not ours to sync (a webcast made by hand): the planner sees why in the sync state.
          await api.saveSyncState(id, {
            provider: provider.name, connection: { id: row.id }, outcome: 'Failed',
            error: `Not synced: ${result.reason ?? 'the session cannot be synced'}. Delete the session's webcast to have ${provider.webcastProvider} create a new meeting.`.slice(0, 2000),
          });
        }
      }
      // A failure is in the session's state in words; the recurring pass tries again (every step is idempotent).
      return { sessions: sessions.length, failed };
    },
  };
}
