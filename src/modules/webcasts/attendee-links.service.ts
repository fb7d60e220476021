import type { Transaction } from 'kysely';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { actorName, type AuthContext } from '../../actor.js';
import { ApiError } from '../../errors.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { AttendeeLinksRepository } from './attendee-links.repository.js';
import type { AttendeeLink, AttendeeLinkBulkResult, AttendeeLinkItem, ExistingAttendeeLinkItem, ItemError } from './attendee-links.schemas.js';
import { WebcastErrors } from './webcasts.errors.js';
import { checkLinkUrl } from './webcasts.urls.js';
import { ATTENDEE_LINKS_LIST, webcastAttendeeLinksList } from './webcasts.filters.js';
import { isUniqueViolation } from '../../db/constraints.js';
import type { AttendeesService } from '../attendees/index.js';
import type { Row, NewRow } from '../../db/types.js';

function isForeignKeyViolation(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

export function toAttendeeLink(r: Row<'attendee_links'>): AttendeeLink {
  return {
    id: r.id,
    webcast: { id: r.webcast_id },
    event: { id: r.event_id },
    ...(r.session_id !== null ? { session: { id: r.session_id } } : {}),
    attendee: { id: r.attendee_id },
    ...(r.source_id !== null ? { sourceId: r.source_id } : {}),
    join: { href: r.join_href, ...(r.join_code !== null ? { code: r.join_code } : {}) },
    created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
  };
}

type BulkItem = AttendeeLinkBulkResult[number];

const failed = (error: ItemError): BulkItem => ({ status: error.code, message: error.message, data: error });

function apiErrorItem(err: ApiError): BulkItem {
  return failed({ code: err.status, message: err.message, ...(err.options.target ? { target: err.options.target } : {}) });
}

/**
 * Request items the way the route received them: those that failed schema
 * validation arrive with their error, the others checked.
 */
export type BulkInput<T> = ReadonlyArray<{ item: T } | { error: ItemError }>;

export class AttendeeLinksService {
  constructor(
    private readonly repo: AttendeeLinksRepository,
    private readonly attendees: Pick<AttendeesService, 'findInEvent'>,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock = systemClock,
  ) {}

  /** `webcastId` set: the links of that webcast (404 when it is not the account's). */
  async list(accountId: string, query: ListQuery, webcastId?: string): Promise<{ paging: Paging; data: AttendeeLink[] }> {
    if (webcastId !== undefined && !(await this.repo.findWebcast(accountId, webcastId))) throw WebcastErrors.webcastNotFound();
    const def = webcastId === undefined ? ATTENDEE_LINKS_LIST : webcastAttendeeLinksList(webcastId);
    const path = webcastId === undefined ? 'webcasts/attendee-links' : `webcasts/${webcastId}/attendee-links`;
    return listPage(def, query, (spec) => this.repo.list(accountId, spec, webcastId), toAttendeeLink, `${this.config.publicUrl}/${this.config.apiVersion}/${path}`);
  }

  private readonly createdListeners: Array<(accountId: string, links: AttendeeLink[]) => Promise<void>> = [];

  /** Lets another module act on new links (the join-link email); called after they are committed. */
  onCreated(listener: (accountId: string, links: AttendeeLink[]) => Promise<void>): void {
    this.createdListeners.push(listener);
  }

  /** POST: one new link per item; an attendee that already has one is a 409 (update it with PUT). */
  async create(auth: AuthContext, webcastId: string, items: BulkInput<AttendeeLinkItem>): Promise<AttendeeLinkBulkResult> {
    const results = await this.createLinks(auth, webcastId, items);
    const created = results.flatMap((r) => (r.status === 201 && 'attendee' in r.data ? [r.data] : []));
    if (created.length > 0) for (const listener of this.createdListeners) await listener(auth.accountId, created);
    return results;
  }

  private createLinks(auth: AuthContext, webcastId: string, items: BulkInput<AttendeeLinkItem>): Promise<AttendeeLinkBulkResult> {
    return this.bulk(auth, webcastId, items, 201, async (item, trx, webcast, now) => {
      this.checkWebcastRef(item, webcastId);
      checkLinkUrl(item.join.href, 'join.href');
      const attendeeId = item.attendee.id.toLowerCase();
      // An attendee of another event or account is simply not found.
      const attendee = await this.attendees.findInEvent(auth.accountId, webcast.event_id, attendeeId, trx);
      if (!attendee) throw WebcastErrors.attendeeNotFound(undefined, { target: 'attendee.id' });
      if (await this.repo.findPair(auth.accountId, webcastId, attendeeId, trx)) throw this.linkExists();
      const row = {
        id: newId(), account_id: auth.accountId, webcast_id: webcastId, event_id: webcast.event_id, session_id: webcast.session_id,
        attendee_id: attendeeId, source_id: item.sourceId ?? null, join_href: item.join.href, join_code: item.join.code ?? null,
        created: now, last_modified: now, created_by: actorName(auth), last_modified_by: actorName(auth),
      } satisfies NewRow<'attendee_links'>;
      await this.repo.insert(row, trx);
      return row;
    });
  }

  /** PUT: replaces sourceId and join of existing links, found by id within the webcast, or by the item's attendee when it has no id. */
  update(auth: AuthContext, webcastId: string, items: BulkInput<ExistingAttendeeLinkItem>): Promise<AttendeeLinkBulkResult> {
    return this.bulk(auth, webcastId, items, 200, async (item, trx, _webcast, now) => {
      const linkId = item.id?.toLowerCase() ?? (await this.repo.findPair(auth.accountId, webcastId, item.attendee.id.toLowerCase(), trx))?.id;
      const existing = linkId !== undefined ? await this.repo.find(auth.accountId, linkId, trx) : undefined;
      if (!existing || existing.webcast_id !== webcastId) {
        throw WebcastErrors.attendeeLinkNotFound(item.id === undefined ? 'The attendee has no link for this webcast; create one with POST' : undefined, { target: item.id === undefined ? 'attendee.id' : 'id' });
      }
      this.checkWebcastRef(item, webcastId);
      checkLinkUrl(item.join.href, 'join.href');
      if (item.attendee.id.toLowerCase() !== existing.attendee_id) {
        throw WebcastErrors.invalidItem('The attendee of a link cannot change; delete the link and create one for the other attendee', { target: 'attendee.id' });
      }
      const patch = {
        source_id: item.sourceId ?? null, join_href: item.join.href, join_code: item.join.code ?? null,
        last_modified: now, last_modified_by: actorName(auth),
      };
      await this.repo.update(auth.accountId, existing.id, patch, trx);
      return { ...existing, ...patch };
    });
  }

  async delete(accountId: string, webcastId: string, linkId: string): Promise<void> {
    if (!(await this.repo.findWebcast(accountId, webcastId))) throw WebcastErrors.webcastNotFound();
    if (!(await this.repo.delete(accountId, webcastId, linkId))) throw WebcastErrors.attendeeLinkNotFound();
  }

  private checkWebcastRef(item: { webcast?: { id: string } }, webcastId: string): void {
    if (item.webcast !== undefined && item.webcast.id.toLowerCase() !== webcastId.toLowerCase()) {
      throw WebcastErrors.invalidItem('webcast.id must be the webcast in the path (or be left out)', { target: 'webcast.id' });
    }
  }

  private linkExists(): ApiError {
    return WebcastErrors.linkExists('The attendee already has a link for this webcast; update it with PUT', { target: 'attendee.id' });
  }

  /**
   * Each item commits or fails on its own (its own transaction), so a bad item
   * never undoes a good one and never leaves half of itself behind.
   */
  private async bulk<T>(
    auth: AuthContext, webcastId: string, items: BulkInput<T>, okStatus: number,
    apply: (item: T, trx: Transaction<Database>, webcast: { event_id: string; session_id: string | null }, now: string) => Promise<Row<'attendee_links'>>,
  ): Promise<AttendeeLinkBulkResult> {
    if (!(await this.repo.findWebcast(auth.accountId, webcastId))) throw WebcastErrors.webcastNotFound();
    const results: BulkItem[] = [];
    for (const entry of items) {
      if ('error' in entry) {
        results.push(failed(entry.error));
        continue;
      }
      try {
        const row = await this.repo.transaction(async (trx) => {
          // Read again inside the item's transaction: the webcast may have moved session or gone.
          const webcast = await this.repo.findWebcast(auth.accountId, webcastId, trx);
          if (!webcast) throw WebcastErrors.webcastNotFound(undefined, { target: 'id' });
          return apply(entry.item, trx, webcast, iso(this.clock()));
        });
        results.push({ status: okStatus, data: toAttendeeLink(row) });
      } catch (err) {
        if (err instanceof ApiError) results.push(apiErrorItem(err));
        else if (isUniqueViolation(err)) results.push(apiErrorItem(this.linkExists()));
        else if (isForeignKeyViolation(err)) results.push(apiErrorItem(WebcastErrors.attendeeNotFound('The webcast or the attendee no longer exists')));
        else throw err;
      }
    }
    return results;
  }

  /**
   * Where a link lets its attendee speak, and where it sends them to join, by link id alone (the communications
   * module's attendee tokens and tracked join URLs); undefined when it is gone. `joinHref` is '' once erased.
   */
  async findById(linkId: string): Promise<{
    id: string; accountId: string; webcastId: string; eventId: string; sessionId: string | null; attendeeId: string; joinHref: string;
  } | undefined> {
    const r = await this.repo.findById(linkId);
    return r && { id: r.id, accountId: r.account_id, webcastId: r.webcast_id, eventId: r.event_id, sessionId: r.session_id, attendeeId: r.attendee_id, joinHref: r.join_href };
  }
}
