import { newId } from '../../db/ids.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { objectFor, webhookBody } from './webhooks.payload.js';
import type { WebhooksRepository } from './webhooks.repository.js';
import type { EndpointOwner, WebhooksService } from './webhooks.service.js';

// `eventline listen` (issue 35 part 2): the CLI holds GET /ea/webhook-events/stream open (server-sent events). While
// it is open a listener row tells the emission point, in any process, to record the account's events; the stream
// polls the outbox table (webhook_events) and pushes each new event of the application's account. Polling the
// table is what makes it cluster-safe with no other service: the event may be written by any API process or worker.
const POLL_MS = 200;
const HEARTBEAT_MS = 15_000;
const LISTENER_TTL_MS = 30_000;
// A transaction takes its timestamp before it commits: events are read back this far behind the newest seen.
const LOOKBACK_MS = 5_000;

export class WebhookStreams {
  private readonly open = new Set<AbortController>();

  constructor(
    private readonly repo: WebhooksRepository,
    private readonly webhooks: WebhooksService,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Ends every open stream (the server is stopping: a stream would hold its connection open). */
  closeAll(): void {
    for (const c of this.open) c.abort();
  }

  /** Streams the account's events of `types` (none: all) to `write` until `signal` aborts. */
  async run(owner: EndpointOwner, types: readonly string[], write: (chunk: string) => void, signal: AbortSignal): Promise<void> {
    const control = new AbortController();
    const stop = () => control.abort();
    signal.addEventListener('abort', stop, { once: true });
    this.open.add(control);
    const id = newId();
    const started = this.clock();
    const listener = () => ({
      id, account_id: owner.accountId, application_id: owner.applicationId, client_id: owner.clientId,
      event_types: JSON.stringify(types), expires_at: iso(new Date(this.clock().getTime() + LISTENER_TTL_MS)), created: iso(started),
    });
    try {
      await this.repo.deleteExpiredListeners(iso(started));
      await this.repo.upsertListener(listener());
      write(`event: ready\ndata: ${JSON.stringify({ listener: id })}\n\n`);
      let cursor = iso(started);
      const seen = new Map<string, string>();
      let lastBeat = Date.now();
      let lastRefresh = Date.now();
      while (!control.signal.aborted) {
        const events = await this.repo.eventsSince(owner.accountId, cursor);
        const fresh = events.filter((e) => !seen.has(e.id) && (types.length === 0 || types.includes(e.type)));
        for (const e of events) seen.set(e.id, e.created);
        if (fresh.length > 0) {
          const scopes = (await this.webhooks.scopesOf(owner.clientId)) ?? new Set<string>();
          for (const e of fresh) {
            const body = webhookBody(e, objectFor(e.type, JSON.parse(e.payload) as Record<string, unknown>, scopes));
            write(`id: ${e.id}\nevent: ${e.type}\ndata: ${body}\n\n`);
          }
        }
        const newest = events.at(-1)?.created;
        if (newest !== undefined) {
          const back = iso(new Date(Date.parse(newest) - LOOKBACK_MS));
          if (back > cursor) cursor = back;
          for (const [k, created] of seen) if (created < cursor) seen.delete(k);
        }
        if (Date.now() - lastBeat > HEARTBEAT_MS) {
          write(': keep-alive\n\n');
          lastBeat = Date.now();
        }
        if (Date.now() - lastRefresh > LISTENER_TTL_MS / 3) {
          await this.repo.upsertListener(listener());
          lastRefresh = Date.now();
        }
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, POLL_MS);
          control.signal.addEventListener('abort', () => { clearTimeout(t); resolve(); }, { once: true });
        });
      }
    } finally {
      signal.removeEventListener('abort', stop);
      this.open.delete(control);
      await this.repo.deleteListener(owner.accountId, id).catch(() => undefined);
    }
  }
}
