import type { Transaction } from 'kysely';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { iso, type Clock } from '../../db/time.js';
import type { Row } from '../../db/types.js';
import { CommonErrors } from '../../errors.js';
import { FilterError, listPage, parseFilter, tokenList, type FilterFields, type FilterNode, type ListQuery, type Paging } from '../../lists/index.js';
import type { AttendeesService } from '../attendees/index.js';
import type { EventsService } from '../events/index.js';
import { SegmentErrors } from './audience-segments.errors.js';
import { membersList, SEGMENTS_LIST } from './audience-segments.filters.js';
import type { SegmentsRepository } from './audience-segments.repository.js';
import type { Segment, SegmentCreate, SegmentMember, SegmentUpdate } from './audience-segments.schemas.js';

/** What the segments module calls in other modules. */
export interface SegmentsUses {
  readonly events: Pick<EventsService, 'find'>;
  readonly attendees: Pick<AttendeesService, 'recipient'>;
}

type Page<T> = Promise<{ paging: Paging; data: T[] }>;
const DISASSOCIATED_DAYS = 30;

function parse(filter: string, fields: FilterFields): FilterNode {
  try {
    return parseFilter(filter, fields);
  } catch (err) {
    if (err instanceof FilterError) throw CommonErrors.badRequest(`Invalid filter: ${err.message}`, { target: 'filter' });
    throw err;
  }
}
const mentions = (node: FilterNode, field: string): boolean => (node.kind === 'cmp' ? node.field === field : mentions(node.left, field) || mentions(node.right, field));
const hasOr = (node: FilterNode): boolean => node.kind === 'or' || (node.kind === 'and' && (hasOr(node.left) || hasOr(node.right)));

/** An event's audience segments (the reference's Audience Segments tag) and which of its attendees are in them. */
export class SegmentsService {
  constructor(
    private readonly repo: SegmentsRepository,
    private readonly uses: SegmentsUses,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  private href(rest: string): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}/${rest}`;
  }

  private toApi(r: Row<'audience_segments'>): Segment {
    return {
      id: r.id, event: { id: r.event_id }, eventId: r.event_id, name: r.name, ...(r.description !== null ? { description: r.description } : {}),
      creationType: r.creation_type as Segment['creationType'], deleted: r.deleted === 1,
      created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
    };
  }

  private async segment(accountId: string, id: string, trx?: Transaction<Database>, live = true): Promise<Row<'audience_segments'>> {
    const row = await this.repo.find(accountId, id.toLowerCase(), trx);
    if (!row || (live && row.deleted === 1)) throw SegmentErrors.segmentNotFound(undefined, { target: 'audienceSegmentId' });
    return row;
  }

  /** Segments of the account; deleted ones only when the filter names `deleted`. Filters combine with `and` only. */
  async list(accountId: string, query: ListQuery): Page<Segment> {
    return listPage(SEGMENTS_LIST, query, (spec, req) => {
      const node = req.filter !== undefined ? parse(req.filter, SEGMENTS_LIST.filters) : undefined;
      if (node !== undefined && hasOr(node)) throw CommonErrors.badRequest('Invalid filter: audience segment filters combine with and only', { target: 'filter' });
      return this.repo.list(accountId, spec, node !== undefined && mentions(node, 'deleted'));
    }, (r) => this.toApi(r), this.href('audience-segments'));
  }

  /** Whether the account has this segment, not deleted (sessions are shown to segments: the program module asks). */
  async isLive(accountId: string, id: string, trx?: Transaction<Database>): Promise<boolean> {
    const row = await this.repo.find(accountId, id.toLowerCase(), trx);
    return row !== undefined && row.deleted === 0;
  }

  async get(accountId: string, id: string): Promise<Segment> {
    return this.toApi(await this.segment(accountId, id, undefined, false));
  }

  private eventOf(input: SegmentCreate | SegmentUpdate): string {
    const id = input.event?.id ?? input.eventId;
    if (id === undefined) throw SegmentErrors.invalid('The segment needs its event: event.id', { target: 'event.id' });
    if (input.event !== undefined && input.eventId !== undefined && input.event.id.toLowerCase() !== input.eventId.toLowerCase()) {
      throw SegmentErrors.invalid('event.id and eventId name different events', { target: 'eventId' });
    }
    return id.toLowerCase();
  }

  private async assertNameFree(accountId: string, eventId: string, name: string, selfId: string | undefined, trx: Transaction<Database>): Promise<void> {
    const other = await this.repo.findByName(accountId, eventId, name, trx);
    if (other && other.id !== selfId) throw SegmentErrors.unprocessable('Another segment of the event has this name', { target: 'name' });
  }

  async create(auth: AuthContext, input: SegmentCreate): Promise<Segment> {
    return this.repo.transaction(async (trx) => {
      const event = await this.uses.events.find(auth.accountId, this.eventOf(input), trx);
      if (!event) throw SegmentErrors.invalid('Unknown event', { target: 'event.id' });
      await this.assertNameFree(auth.accountId, event.id, input.name, undefined, trx);
      const row: Row<'audience_segments'> = {
        id: newId(), account_id: auth.accountId, event_id: event.id, name: input.name, description: input.description ?? null, creation_type: 'MANUAL', deleted: 0,
        ...auditStamp(auth, this.clock()).created,
      };
      await this.repo.insert(row, trx);
      return this.toApi(row);
    });
  }

  /** Replaces name and description; the event cannot change (400). */
  async update(auth: AuthContext, id: string, input: SegmentUpdate): Promise<Segment> {
    return this.repo.transaction(async (trx) => {
      const row = await this.segment(auth.accountId, id, trx);
      if (this.eventOf(input) !== row.event_id) throw SegmentErrors.invalid('A segment cannot move to another event', { target: 'event.id' });
      await this.assertNameFree(auth.accountId, row.event_id, input.name, row.id, trx);
      await this.repo.update(auth.accountId, row.id, { name: input.name, description: input.description ?? null, ...auditStamp(auth, this.clock()).modified }, trx);
      return this.toApi(await this.segment(auth.accountId, row.id, trx));
    });
  }

  /** Marks the segment deleted (listable with `deleted eq 'true'`) and ends its memberships. */
  async delete(auth: AuthContext, id: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const row = await this.segment(auth.accountId, id, trx);
      await this.repo.deleteMembers(auth.accountId, row.id, trx);
      await this.repo.update(auth.accountId, row.id, { deleted: 1, ...auditStamp(auth, this.clock()).modified }, trx);
    });
  }

  // ---- Members ----

  private async attendee(accountId: string, id: string): Promise<{ id: string; eventId: string }> {
    const found = await this.uses.attendees.recipient(accountId, id.toLowerCase());
    if (!found) throw SegmentErrors.attendeeNotFound(undefined, { target: 'attendeeId' });
    return { id: id.toLowerCase(), eventId: found.eventId };
  }

  async members(accountId: string, segmentId: string, query: ListQuery & { includeDisassociated?: boolean }): Page<SegmentMember> {
    const row = await this.segment(accountId, segmentId, undefined, false);
    // A token names its list, and so whether it includes disassociated attendees.
    const all = query.token !== undefined ? tokenList(query.token)?.startsWith('segment-attendees-all:') === true : query.includeDisassociated === true;
    if (!all && query.token === undefined && query.filter !== undefined && query.filter.trim() !== '') {
      throw CommonErrors.badRequest('Invalid filter: disassociated needs includeDisassociated=true', { target: 'filter' });
    }
    const since = iso(new Date(this.clock().getTime() - DISASSOCIATED_DAYS * 86_400_000));
    return listPage(membersList(row.id, all), query, (spec) => this.repo.listMembers(accountId, row.id, spec, all, since), (m) => ({
      id: m.attendee_id, segment: { id: m.segment_id }, disassociated: m.disassociated === 1,
      created: m.created, createdBy: m.created_by, lastModified: m.last_modified, lastModifiedBy: m.last_modified_by,
    }), this.href(`audience-segments/${row.id}/attendees`));
  }

  /** Puts an attendee of the segment's event in it (again is harmless); another event's attendee is 422. */
  async associate(auth: AuthContext, segmentId: string, attendeeId: string): Promise<void> {
    // Read before the transaction: the attendees module reads on its own connection (SQLite has one writer).
    const segment = await this.segment(auth.accountId, segmentId);
    const attendee = await this.attendee(auth.accountId, attendeeId);
    await this.repo.transaction(async (trx) => {
      const row = await this.segment(auth.accountId, segment.id, trx);
      if (attendee.eventId !== row.event_id) throw SegmentErrors.unprocessable('The attendee is not an attendee of the segment\'s event', { target: 'attendeeId' });
      await this.repo.associate({ id: newId(), account_id: auth.accountId, segment_id: row.id, attendee_id: attendee.id, disassociated: 0, disassociated_at: null, ...auditStamp(auth, this.clock()).created }, trx);
    });
  }

  async disassociate(auth: AuthContext, segmentId: string, attendeeId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const row = await this.segment(auth.accountId, segmentId, trx);
      const stamp = auditStamp(auth, this.clock()).modified;
      if (await this.repo.disassociate(auth.accountId, attendeeId.toLowerCase(), row.id, stamp.last_modified, stamp.last_modified_by, trx) === 0) {
        throw SegmentErrors.memberNotFound(undefined, { target: 'attendeeId' });
      }
    });
  }

  /** DELETE /attendees/{attendeeId}/audience-segments: the attendee leaves every segment. */
  async disassociateAll(auth: AuthContext, attendeeId: string): Promise<void> {
    const attendee = await this.attendee(auth.accountId, attendeeId);
    const stamp = auditStamp(auth, this.clock()).modified;
    await this.repo.disassociate(auth.accountId, attendee.id, undefined, stamp.last_modified, stamp.last_modified_by);
  }

  /** For the attendees module's deletion (in its transaction): a deleted attendee leaves every segment. */
  forgetAttendee(accountId: string, attendeeId: string, trx: Transaction<Database>): Promise<void> {
    return this.repo.deleteAttendee(accountId, attendeeId, trx);
  }
}
