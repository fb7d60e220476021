import { ANY_CHANGE, type ChangeFeed } from '../../db/changes.js';
import type { ClientGrant } from './accounts.types.js';

/** The change topic of an application's or workspace's grants (revoked, scopes changed). */
export const GRANTS_CHANGED = 'grants';
const MAX_CLIENTS = 10_000;
/**
 * The longest a cached grant lives, whatever the feed says. A change always empties the caches at once
 * while every process listens; this bounds the fault case where a process's LISTEN connection dies
 * silently (a network cut without a reset) and a notification never reaches it before it notices.
 */
export const GRANT_TTL_MS = 5000;

/**
 * The grants of the clients calling this process, so an authenticated call
 * needs no grant query. Exact across processes: every change publishes
 * GRANTS_CHANGED on the database's change feed, which empties every process's
 * cache; while the feed is not live (PostgreSQL's LISTEN connection is down)
 * every read goes to the database. Unknown clients are not cached.
 */
export class GrantCache {
  // A Map in insertion order: each entry lives GRANT_TTL_MS; when full, the oldest goes.
  private readonly grants = new Map<string, { readonly grant: ClientGrant; readonly until: number }>();
  // Bumped by every change: a read that began before one does not store what it read.
  private generation = 0;

  private subscribed = false;

  constructor(private readonly changes: ChangeFeed) {}

  async get(clientId: string, read: (clientId: string) => Promise<ClientGrant | undefined>): Promise<ClientGrant | undefined> {
    // Subscribed on the first authenticated call: a CLI command never opens PostgreSQL's LISTEN connection.
    if (!this.subscribed) {
      this.subscribed = true;
      this.changes.subscribe((topic) => {
        if (topic !== GRANTS_CHANGED && topic !== ANY_CHANGE) return;
        this.generation++;
        this.grants.clear();
      });
    }
    this.changes.poll();
    if (!this.changes.live) return read(clientId);
    const hit = this.grants.get(clientId);
    if (hit) {
      if (performance.now() < hit.until) return hit.grant;
      this.grants.delete(clientId);
    }
    const generation = this.generation;
    const grant = await read(clientId);
    if (grant && generation === this.generation && this.changes.live) {
      if (this.grants.size >= MAX_CLIENTS) {
        const oldest = this.grants.keys().next();
        if (!oldest.done) this.grants.delete(oldest.value);
      }
      this.grants.set(clientId, { grant, until: performance.now() + GRANT_TTL_MS });
    }
    return grant;
  }
}
