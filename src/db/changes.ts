import type SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** What a listener receives: a topic a process published, or ANY when changes may have been missed. */
export const ANY_CHANGE = '*';
/** The PostgreSQL notification channel every eventline process listens on. */
export const CHANGES_CHANNEL = 'eventline_changes';
const RECONNECT_MS = 1000;
/**
 * How long `publish` waits for every other listening process to say it has the change before it
 * returns anyway (a process that is hung, or gone without closing its connection, cannot serve).
 */
const DELIVERY_WAIT_MS = 2000;
const NONCE_SEPARATOR = '|';
/** An acknowledgement: `|ack|<nonce>` (no topic is empty). */
const ACK_PREFIX = '|ack|';
const LISTEN_QUERY = `LISTEN ${CHANGES_CHANNEL}`;

/**
 * Tells every process of a deployment that something a cache holds changed
 * (an application revoked, a workspace's scopes narrowed), so per-process
 * caches stay exact without a query per call.
 * - SQLite: in the process at once; other processes on the same file see it
 *   through `PRAGMA data_version` on their next `poll()`.
 * - PostgreSQL: `NOTIFY` on a channel every process `LISTEN`s to on its own
 *   connection. While that connection is down `live` is false and caches must
 *   read through; on reconnecting, listeners get ANY_CHANGE (what was missed).
 */
export interface ChangeFeed {
  /** Tells this process at once and every other one soon. `ex`: the transaction that made the change (PostgreSQL delivers at its commit). */
  publish(topic: string, ex?: Kysely<never>): Promise<void>;
  subscribe(listener: (topic: string) => void): () => void;
  /** Whether a change published elsewhere is sure to reach this process; when false, read through. */
  readonly live: boolean;
  /** Catches up with changes other processes made, where that takes a look (SQLite). Cheap: call it before each cache read. */
  poll(): void;
  close(): Promise<void>;
}

abstract class Listeners {
  private readonly listeners = new Set<(topic: string) => void>();

  subscribe(listener: (topic: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  protected emit(topic: string): void {
    for (const l of this.listeners) l(topic);
  }
}

/** How often, at most, a SQLite process looks for changes other processes committed. */
const POLL_EVERY_MS = 1;

export class SqliteChangeFeed extends Listeners implements ChangeFeed {
  readonly live = true;
  private readonly version: SQLite.Statement<[], number>;
  private seen: number;
  private polledAt = Number.NEGATIVE_INFINITY;

  constructor(sqlite: SQLite.Database) {
    super();
    // data_version changes when another connection (another process on the same file) commits.
    this.version = sqlite.prepare<[], number>('PRAGMA data_version').pluck();
    this.seen = this.version.get() ?? 0;
  }

  publish(topic: string): Promise<void> {
    this.emit(topic);
    return Promise.resolve();
  }

  poll(): void {
    // At most once a millisecond (a busy process serves several calls in one): a change another process
    // committed is seen by the calls that start a millisecond or more after it, which no caller can tell
    // from the call having started before the commit.
    const at = performance.now();
    if (at - this.polledAt < POLL_EVERY_MS) return;
    this.polledAt = at;
    const now = this.version.get() ?? 0;
    if (now === this.seen) return;
    this.seen = now;
    this.emit(ANY_CHANGE);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

export class PostgresChangeFeed extends Listeners implements ChangeFeed {
  private client: pg.Client | undefined;
  private connected = false;
  private connecting: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private wanted = false;
  private sent = 0;
  /** Tells this feed's nonces from another feed's in the same process (tests run several apps in one). */
  private readonly id = randomBytes(4).toString('hex');
  /** The backend of this process's LISTEN connection, left out when counting the others. */
  private listenerPid = 0;
  private readonly deliveries = new Map<string, { echoed: boolean; acks: number; readonly others: number; readonly done: () => void }>();

  constructor(private readonly db: Kysely<never>, private readonly options: pg.ClientConfig) {
    super();
  }

  get live(): boolean {
    return this.connected;
  }

  override subscribe(listener: (topic: string) => void): () => void {
    // The LISTEN connection opens with the first subscriber: the CLI and processes that cache nothing never open it.
    this.wanted = true;
    void this.connect();
    return super.subscribe(listener);
  }

  async publish(topic: string, ex?: Kysely<never>): Promise<void> {
    this.emit(topic);
    const nonce = `${process.pid}.${this.id}.${++this.sent}`;
    const notify = () => sql`select pg_notify(${CHANGES_CHANNEL}, ${`${topic}${NONCE_SEPARATOR}${nonce}`})`.execute(ex ?? this.db);
    if (ex !== undefined || !this.connected) {
      // In a transaction the notification goes at its commit: the GrantCache's short lifetime bounds the rest.
      await notify();
      return;
    }
    // Outside a transaction: wait until this process's own LISTEN connection has the notification back
    // and every other listening process has acknowledged it. PostgreSQL signals every listener at the
    // commit, but a signalled process may read its socket only after it served its next request; an
    // acknowledgement is sent once that process dropped what it cached, so when the caller's request
    // answers, the next call anywhere sees the change.
    const others = await this.otherListeners();
    const delivered = this.awaitDelivery(nonce, others);
    await notify();
    await delivered;
  }

  private async otherListeners(): Promise<number> {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and query = ${LISTEN_QUERY} and pid <> ${this.listenerPid}`.execute(this.db);
    return rows[0]?.n ?? 0;
  }

  private awaitDelivery(nonce: string, others: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.deliveries.delete(nonce);
        resolve();
      }, DELIVERY_WAIT_MS);
      timer.unref();
      this.deliveries.set(nonce, {
        echoed: false, acks: 0, others,
        done: () => {
          clearTimeout(timer);
          this.deliveries.delete(nonce);
          resolve();
        },
      });
    });
  }

  private received(payload: string | undefined): void {
    if (payload?.startsWith(ACK_PREFIX)) {
      const d = this.deliveries.get(payload.slice(ACK_PREFIX.length));
      if (d) {
        d.acks += 1;
        if (d.echoed && d.acks >= d.others) d.done();
      }
      return;
    }
    const at = payload?.lastIndexOf(NONCE_SEPARATOR) ?? -1;
    const topic = payload === undefined ? ANY_CHANGE : at < 0 ? payload : payload.slice(0, at);
    this.emit(topic);
    if (payload === undefined || at < 0) return;
    const nonce = payload.slice(at + 1);
    const own = this.deliveries.get(nonce);
    if (own) {
      own.echoed = true;
      if (own.acks >= own.others) own.done();
    } else if (!nonce.startsWith(`${process.pid}.${this.id}.`)) {
      // Another process's change, dropped from the caches above (emit): say so. Through the pool, so that
      // this LISTEN connection's last query stays the LISTEN that publishers count.
      sql`select pg_notify(${CHANGES_CHANNEL}, ${`${ACK_PREFIX}${nonce}`})`.execute(this.db).catch(() => undefined);
    }
  }

  poll(): void {
    // Notifications arrive on their own.
  }

  private connect(): Promise<void> {
    if (this.closed || this.connected || !this.wanted) return Promise.resolve();
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<void> {
    const client = new pg.Client(this.options);
    client.on('notification', (msg) => {
      if (msg.channel === CHANGES_CHANNEL) this.received(msg.payload);
    });
    const lost = () => {
      if (this.client !== client) return;
      this.client = undefined;
      this.connected = false;
      this.emit(ANY_CHANGE);
      client.end().catch(() => undefined);
      this.retry();
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      this.listenerPid = rows[0]?.pid ?? 0;
      await client.query(LISTEN_QUERY);
    } catch {
      client.removeAllListeners('end');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      this.retry();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.connected = true;
    // Whatever changed while no connection listened is unknown: everything may have.
    this.emit(ANY_CHANGE);
  }

  private retry(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect();
    }, RECONNECT_MS);
    this.timer.unref();
  }

  /** Waits until notifications are received (tests; a process does not need to). */
  async ready(timeoutMs = 5000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!this.connected) {
      if (Date.now() > until) throw new Error('the change feed did not connect');
      await this.connect();
      if (!this.connected) await new Promise((r) => setTimeout(r, 50));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    this.connected = false;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}
