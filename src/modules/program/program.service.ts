import type { Transaction } from 'kysely';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import type { Clock } from '../../db/time.js';
import type { Row } from '../../db/types.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { EventsService } from '../events/index.js';
import type { FileInfo, FilesService, FileStore } from '../files/index.js';
import type { SessionsService } from '../sessions/index.js';
import { ProgramErrors } from './program.errors.js';
import {
  PROGRAM_ITEM_DOCUMENTS_LIST, PROGRAM_ITEMS_LIST, SESSION_CATEGORIES_LIST, SESSION_SEGMENTS_LIST, sessionDocsList, sessionLocationsList,
} from './program.filters.js';
import type { ProgramRepository } from './program.repository.js';
import {
  MAX_ITEM_DOCUMENTS, type ProgramItem, type ProgramItemDocument, type ProgramItemInput, type SessionCategory, type SessionCategoryInput, type SessionFile,
  type SessionLocation, type SessionLocationInput, type SessionSegment, type SessionSegmentInput,
} from './program.schemas.js';

/** What the program module calls in other modules. */
export interface ProgramUses {
  readonly events: Pick<EventsService, 'find'>;
  readonly sessions: Pick<SessionsService, 'find' | 'countUsing' | 'relabel'>;
  readonly files: FileStore & Pick<FilesService, 'signedUrl'>;
}

/** Runs inside a program item's deletion (or its session's), before the row goes: the speakers module unlinks its speakers. */
export type ProgramItemDeleteHook = (accountId: string, programItemId: string, trx: Transaction<Database>) => Promise<void>;

/** Whether an audience segment is the account's: answered by the segments module when it is wired (useSegments). */
export type SegmentCheck = (accountId: string, segmentId: string, trx?: Transaction<Database>) => Promise<boolean>;

type Page<T> = Promise<{ paging: Paging; data: T[] }>;

/** What a session's documents are attached to in the files module. */
export const sessionDocumentSlot = (sessionId: string): string => `session-document:${sessionId}`;

const audit = (r: { created: string; created_by: string; last_modified: string; last_modified_by: string }) =>
  ({ created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by });

/**
 * The program of an event (issue 29): its session locations, the account's session categories, which audience
 * segments see a session, program items (breaks, meals, receptions inside a session) and the documents of sessions
 * and program items (files from POST /files).
 */
export class ProgramService {
  private readonly itemDeleteHooks: ProgramItemDeleteHook[] = [];
  private segmentCheck: SegmentCheck | undefined;

  constructor(
    private readonly repo: ProgramRepository,
    private readonly uses: ProgramUses,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  private href(rest: string): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}/${rest}`;
  }

  private stamp(auth: AuthContext) {
    return auditStamp(auth, this.clock());
  }

  /** Registers work to run inside every program item deletion's transaction (the speakers module's links). */
  onItemDelete(hook: ProgramItemDeleteHook): void {
    this.itemDeleteHooks.push(hook);
  }

  /** The segments module answers whether a segment is the account's; until one is wired, any segment id is taken as given. */
  useSegments(check: SegmentCheck): void {
    this.segmentCheck = check;
  }

  private async event(accountId: string, id: string, trx?: Transaction<Database>) {
    const event = await this.uses.events.find(accountId, id.toLowerCase(), trx);
    if (!event) throw ProgramErrors.eventNotFound(undefined, { target: 'id' });
    return event;
  }

  private async session(accountId: string, id: string, target: string, notFound: 'invalid' | 'missing', trx?: Transaction<Database>) {
    const session = await this.uses.sessions.find(accountId, id.toLowerCase(), trx);
    if (!session) throw notFound === 'invalid' ? ProgramErrors.invalid('Unknown session', { target }) : ProgramErrors.sessionNotFound(undefined, { target });
    return session;
  }

  // ---- Locations ----

  private locationToApi(r: Row<'session_locations'>): SessionLocation {
    return { id: r.id, code: r.code, name: r.name };
  }

  private async location(accountId: string, eventId: string, id: string, trx?: Transaction<Database>): Promise<Row<'session_locations'>> {
    const row = await this.repo.findLocation(accountId, eventId, id.toLowerCase(), trx);
    if (!row) throw ProgramErrors.locationNotFound(undefined, { target: 'locationId' });
    return row;
  }

  /** For the sessions module: the code and name of a location of the event, or undefined. */
  async findLocation(accountId: string, eventId: string, id: string, trx?: Transaction<Database>): Promise<{ code: string; name: string } | undefined> {
    return this.repo.findLocation(accountId, eventId, id.toLowerCase(), trx);
  }

  async listLocations(accountId: string, eventId: string, query: ListQuery): Page<SessionLocation> {
    const event = await this.event(accountId, eventId);
    return listPage(sessionLocationsList(event.id), query, (spec) => this.repo.listLocations(accountId, event.id, spec), (r) => this.locationToApi(r),
      this.href(`events/${event.id}/session-locations`));
  }

  async getLocation(accountId: string, eventId: string, id: string): Promise<SessionLocation> {
    const event = await this.event(accountId, eventId);
    return this.locationToApi(await this.location(accountId, event.id, id));
  }

  async createLocation(auth: AuthContext, eventId: string, input: SessionLocationInput): Promise<SessionLocation> {
    const event = await this.event(auth.accountId, eventId);
    const row: Row<'session_locations'> = { id: newId(), account_id: auth.accountId, event_id: event.id, code: input.code, name: input.name, ...this.stamp(auth).created };
    await this.repo.insertLocations([row]);
    return this.locationToApi(row);
  }

  /** Replaces the code and name; the event's sessions in the location show the new ones. */
  async updateLocation(auth: AuthContext, eventId: string, id: string, input: SessionLocationInput): Promise<SessionLocation> {
    return this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      const row = await this.location(auth.accountId, event.id, id, trx);
      await this.repo.updateLocation(auth.accountId, row.id, { code: input.code, name: input.name, ...this.stamp(auth).modified }, trx);
      await this.uses.sessions.relabel(auth.accountId, { locationId: row.id, code: input.code, name: input.name }, trx);
      return this.locationToApi({ ...row, code: input.code, name: input.name });
    });
  }

  /** Deletes the location; 409 while a session is in it (move or delete those sessions first). */
  async deleteLocation(auth: AuthContext, eventId: string, id: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      const row = await this.location(auth.accountId, event.id, id, trx);
      const using = await this.uses.sessions.countUsing(auth.accountId, { locationId: row.id }, trx);
      if (using > 0) throw ProgramErrors.inUse(`The location is the location of ${using} session(s): move them first`, { target: 'locationId' });
      await this.repo.deleteLocation(auth.accountId, row.id, trx);
    });
  }

  // ---- Categories ----

  private categoryToApi(r: Row<'session_categories'>): SessionCategory {
    return { id: r.id, name: r.name, ...(r.description !== null && r.description !== '' ? { description: r.description } : {}) };
  }

  private async category(accountId: string, id: string, trx?: Transaction<Database>): Promise<Row<'session_categories'>> {
    const row = await this.repo.findCategory(accountId, id.toLowerCase(), trx);
    if (!row) throw ProgramErrors.categoryNotFound(undefined, { target: 'id' });
    return row;
  }

  /** For the sessions module: the name of a category of the account, or undefined. */
  async findCategory(accountId: string, id: string, trx?: Transaction<Database>): Promise<{ name: string } | undefined> {
    return this.repo.findCategory(accountId, id.toLowerCase(), trx);
  }

  async listCategories(accountId: string, query: ListQuery): Page<SessionCategory> {
    return listPage(SESSION_CATEGORIES_LIST, query, (spec) => this.repo.listCategories(accountId, spec), (r) => this.categoryToApi(r), this.href('session-categories'));
  }

  async getCategory(accountId: string, id: string): Promise<SessionCategory> {
    return this.categoryToApi(await this.category(accountId, id));
  }

  async createCategory(auth: AuthContext, input: SessionCategoryInput): Promise<SessionCategory> {
    const row: Row<'session_categories'> = { id: newId(), account_id: auth.accountId, name: input.name, description: input.description ?? null, ...this.stamp(auth).created };
    await this.repo.insertCategories([row]);
    return this.categoryToApi(row);
  }

  /** Replaces the name and description (an omitted description becomes blank); sessions under it show the new name. */
  async updateCategory(auth: AuthContext, id: string, input: SessionCategoryInput): Promise<SessionCategory> {
    return this.repo.transaction(async (trx) => {
      const row = await this.category(auth.accountId, id, trx);
      const patch = { name: input.name, description: input.description ?? null };
      await this.repo.updateCategory(auth.accountId, row.id, { ...patch, ...this.stamp(auth).modified }, trx);
      await this.uses.sessions.relabel(auth.accountId, { categoryId: row.id, name: input.name }, trx);
      return this.categoryToApi({ ...row, ...patch });
    });
  }

  /** Deletes the category; 409 while a session is under it. */
  async deleteCategory(auth: AuthContext, id: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const row = await this.category(auth.accountId, id, trx);
      const using = await this.uses.sessions.countUsing(auth.accountId, { categoryId: row.id }, trx);
      if (using > 0) throw ProgramErrors.inUse(`The category is the category of ${using} session(s): change them first`, { target: 'id' });
      await this.repo.deleteCategory(auth.accountId, row.id, trx);
    });
  }

  // ---- Segments ----

  private segmentToApi(r: Row<'session_segments'>): SessionSegment {
    return { id: r.id, event: { id: r.event_id }, session: { id: r.session_id }, segment: { id: r.segment_id }, active: r.active === 1, ...audit(r) };
  }

  private async segmentRow(accountId: string, id: string, trx?: Transaction<Database>): Promise<Row<'session_segments'>> {
    const row = await this.repo.findSegment(accountId, id.toLowerCase(), trx);
    if (!row) throw ProgramErrors.segmentNotFound(undefined, { target: 'id' });
    return row;
  }

  private async checkSegment(accountId: string, segmentId: string, trx: Transaction<Database>): Promise<void> {
    if (this.segmentCheck !== undefined && !(await this.segmentCheck(accountId, segmentId, trx))) {
      throw ProgramErrors.invalid('Unknown audience segment', { target: 'segment.id' });
    }
  }

  async listSegments(accountId: string, query: ListQuery): Page<SessionSegment> {
    return listPage(SESSION_SEGMENTS_LIST, query, (spec) => this.repo.listSegments(accountId, spec), (r) => this.segmentToApi(r), this.href('session-segments'));
  }

  /** Shows the session to the segment; 409 when it already is. */
  async createSegment(auth: AuthContext, input: SessionSegmentInput): Promise<SessionSegment> {
    return this.repo.transaction(async (trx) => {
      const session = await this.session(auth.accountId, input.session.id, 'session.id', 'invalid', trx);
      if (input.event?.id !== undefined && input.event.id.toLowerCase() !== session.event.id) throw ProgramErrors.invalid('The session is not of this event', { target: 'event.id' });
      const segmentId = input.segment.id.toLowerCase();
      await this.checkSegment(auth.accountId, segmentId, trx);
      if (await this.repo.findSegmentPair(auth.accountId, session.id, segmentId, trx)) {
        throw ProgramErrors.conflict('The session is already associated with this segment', { target: 'segment.id' });
      }
      const row: Row<'session_segments'> = {
        id: newId(), account_id: auth.accountId, event_id: session.event.id, session_id: session.id, segment_id: segmentId, active: input.active === false ? 0 : 1,
        ...this.stamp(auth).created,
      };
      await this.repo.insertSegments([row], trx);
      return this.segmentToApi(row);
    });
  }

  /** Changes `active` (and the segment); the session cannot change (400). */
  async updateSegment(auth: AuthContext, id: string, input: SessionSegmentInput): Promise<SessionSegment> {
    return this.repo.transaction(async (trx) => {
      const row = await this.segmentRow(auth.accountId, id, trx);
      if (input.session.id.toLowerCase() !== row.session_id) throw ProgramErrors.invalid('A session segment cannot move to another session', { target: 'session.id' });
      const segmentId = input.segment.id.toLowerCase();
      if (segmentId !== row.segment_id) {
        await this.checkSegment(auth.accountId, segmentId, trx);
        if (await this.repo.findSegmentPair(auth.accountId, row.session_id, segmentId, trx)) {
          throw ProgramErrors.invalid('The session is already associated with this segment', { target: 'segment.id' });
        }
      }
      const patch = { segment_id: segmentId, active: input.active === false ? 0 : 1, ...this.stamp(auth).modified };
      await this.repo.updateSegment(auth.accountId, row.id, patch, trx);
      return this.segmentToApi({ ...row, ...patch });
    });
  }

  async deleteSegment(auth: AuthContext, id: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const row = await this.segmentRow(auth.accountId, id, trx);
      await this.repo.deleteSegment(auth.accountId, row.id, trx);
    });
  }

  // ---- Program items ----

  private itemToApi(r: Row<'program_items'>): ProgramItem {
    return {
      id: r.id, event: { id: r.event_id }, session: { id: r.session_id }, name: r.name, duration: r.duration,
      ...(r.description !== null ? { description: r.description } : {}), ...(r.rte_description !== null ? { rteDescription: r.rte_description } : {}), ...audit(r),
    };
  }

  private async itemRow(accountId: string, id: string, trx?: Transaction<Database>): Promise<Row<'program_items'>> {
    const row = await this.repo.findItem(accountId, id.toLowerCase(), trx);
    if (!row) throw ProgramErrors.programItemNotFound(undefined, { target: 'programItemId' });
    return row;
  }

  /** For the speakers module: a program item of the account (its event and session), or undefined. */
  async findItem(accountId: string, id: string, trx?: Transaction<Database>): Promise<{ id: string; eventId: string; sessionId: string } | undefined> {
    const row = await this.repo.findItem(accountId, id.toLowerCase(), trx);
    return row ? { id: row.id, eventId: row.event_id, sessionId: row.session_id } : undefined;
  }

  async listItems(accountId: string, query: ListQuery): Page<ProgramItem> {
    return listPage(PROGRAM_ITEMS_LIST, query, (spec) => this.repo.listItems(accountId, spec), (r) => this.itemToApi(r), this.href('program-items'));
  }

  /** Adds a program item to a session of the account (400 when unknown, or when `event.id` is not the session's event). */
  async createItem(auth: AuthContext, input: ProgramItemInput): Promise<ProgramItem> {
    return this.repo.transaction(async (trx) => {
      const session = await this.session(auth.accountId, input.session.id, 'session.id', 'invalid', trx);
      if (input.event.id.toLowerCase() !== session.event.id) throw ProgramErrors.invalid('The session is not of this event', { target: 'event.id' });
      const row: Row<'program_items'> = {
        id: newId(), account_id: auth.accountId, event_id: session.event.id, session_id: session.id, name: input.name, duration: input.duration ?? 0,
        description: input.description ?? null, rte_description: input.rteDescription ?? null, ...this.stamp(auth).created,
      };
      await this.repo.insertItems([row], trx);
      return this.itemToApi(row);
    });
  }

  /** Replaces the writable fields (omitted ones become blank); the event and session cannot change (400). */
  async updateItem(auth: AuthContext, id: string, input: ProgramItemInput): Promise<ProgramItem> {
    return this.repo.transaction(async (trx) => {
      const row = await this.itemRow(auth.accountId, id, trx);
      if (input.session.id.toLowerCase() !== row.session_id) throw ProgramErrors.invalid('A program item cannot move to another session', { target: 'session.id' });
      if (input.event.id.toLowerCase() !== row.event_id) throw ProgramErrors.invalid('A program item cannot move to another event', { target: 'event.id' });
      const patch = { name: input.name, duration: input.duration ?? 0, description: input.description ?? null, rte_description: input.rteDescription ?? null };
      await this.repo.updateItem(auth.accountId, row.id, { ...patch, ...this.stamp(auth).modified }, trx);
      return this.itemToApi({ ...row, ...patch, ...this.stamp(auth).modified });
    });
  }

  /** Deletes the program item with its speakers and document relations (the documents stay the session's). */
  async deleteItem(auth: AuthContext, id: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const row = await this.itemRow(auth.accountId, id, trx);
      await this.removeItem(auth.accountId, row.id, trx);
    });
  }

  private async removeItem(accountId: string, itemId: string, trx: Transaction<Database>): Promise<void> {
    for (const hook of this.itemDeleteHooks) await hook(accountId, itemId, trx);
    await this.repo.deleteItem(accountId, itemId, trx);
  }

  /** A deleted session (the sessions module's hook, in its transaction): its program items, segments and documents go; the files expire unattached. */
  async clearSession(accountId: string, sessionId: string, trx: Transaction<Database>): Promise<void> {
    for (const itemId of await this.repo.itemIdsOfSession(accountId, sessionId, trx)) await this.removeItem(accountId, itemId, trx);
    const docs = await this.repo.clearSession(accountId, sessionId, trx);
    const auth = { accountId, userId: null, clientId: 'session-deleted' };
    for (const doc of docs) await this.uses.files.attach(auth, doc.file_id, { attachedTo: null }, trx).catch(() => undefined);
  }

  // ---- Session documents ----

  private fileToApi(accountId: string, file: FileInfo): SessionFile {
    return {
      file: { id: file.id }, href: this.uses.files.signedUrl(accountId, file.id).href, friendlyName: file.friendlyName, type: file.contentType, size: file.fileSize,
      displayEnabled: true,
    };
  }

  async listSessionDocs(accountId: string, sessionId: string, query: ListQuery): Page<SessionFile> {
    const session = await this.session(accountId, sessionId, 'id', 'missing');
    const page = await listPage(sessionDocsList(session.id), query, (spec) => this.repo.listSessionDocs(accountId, session.id, spec), (r) => r.file_id,
      this.href(`sessions/${session.id}/docs`));
    const data: SessionFile[] = [];
    for (const fileId of page.data) data.push(this.fileToApi(accountId, await this.uses.files.info(accountId, fileId)));
    return { paging: page.paging, data };
  }

  async getSessionDoc(accountId: string, sessionId: string, fileId: string): Promise<SessionFile> {
    const session = await this.session(accountId, sessionId, 'id', 'missing');
    const doc = await this.repo.findSessionDoc(accountId, session.id, fileId.toLowerCase());
    if (!doc) throw ProgramErrors.documentNotFound(undefined, { target: 'fileId' });
    return this.fileToApi(accountId, await this.uses.files.info(accountId, doc.file_id));
  }

  /** Makes an uploaded file a document of the session; again changes nothing; a file in use elsewhere is `invalid` (400) or `conflict` (409). */
  private async attachSessionDoc(auth: AuthContext, session: { id: string; event: { id: string } }, fileId: string, inUse: 'invalid' | 'conflict', trx: Transaction<Database>): Promise<FileInfo> {
    const file = await this.uses.files.info(auth.accountId, fileId.toLowerCase(), trx);
    const slot = sessionDocumentSlot(session.id);
    if (file.attachedTo !== null && file.attachedTo !== slot) {
      throw ProgramErrors[inUse]('The file is already in use elsewhere: upload it again for this session', { target: 'fileId' });
    }
    const attached = await this.uses.files.attach(auth, file.id, { attachedTo: slot }, trx);
    await this.repo.addSessionDoc({ id: newId(), account_id: auth.accountId, event_id: session.event.id, session_id: session.id, file_id: file.id, ...this.stamp(auth).created }, trx);
    return attached;
  }

  async addSessionDoc(auth: AuthContext, sessionId: string, fileId: string): Promise<SessionFile> {
    return this.repo.transaction(async (trx) => {
      const session = await this.session(auth.accountId, sessionId, 'id', 'missing', trx);
      // The reference documents no 400 or 409 here: a file in use elsewhere is not found for this session.
      const file = await this.uses.files.info(auth.accountId, fileId.toLowerCase(), trx);
      if (file.attachedTo !== null && file.attachedTo !== sessionDocumentSlot(session.id)) {
        throw ProgramErrors.documentNotFound('The file is in use elsewhere: upload it again for this session', { target: 'fileId' });
      }
      return this.fileToApi(auth.accountId, await this.attachSessionDoc(auth, session, file.id, 'invalid', trx));
    });
  }

  /** Removes the document from the session and its program items (404 when it is not one); the file expires unattached. */
  async removeSessionDoc(auth: AuthContext, sessionId: string, fileId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const session = await this.session(auth.accountId, sessionId, 'id', 'missing', trx);
      if (!(await this.repo.removeSessionDoc(auth.accountId, session.id, fileId.toLowerCase(), trx))) throw ProgramErrors.documentNotFound(undefined, { target: 'fileId' });
      await this.uses.files.attach(auth, fileId.toLowerCase(), { attachedTo: null }, trx).catch(() => undefined);
    });
  }

  // ---- Program item documents ----

  private itemDocToApi(r: Row<'program_item_documents'>): ProgramItemDocument {
    return { id: r.id, event: { id: r.event_id }, session: { id: r.session_id }, document: { id: r.file_id }, programItem: { id: r.program_item_id }, ...audit(r) };
  }

  async itemDocs(accountId: string, itemId: string): Promise<{ data: ProgramItemDocument[] }> {
    const item = await this.itemRow(accountId, itemId);
    return { data: (await this.repo.itemDocsOf(accountId, item.id)).map((r) => this.itemDocToApi(r)) };
  }

  async filterItemDocs(accountId: string, query: ListQuery): Page<ProgramItemDocument> {
    return listPage(PROGRAM_ITEM_DOCUMENTS_LIST, query, (spec) => this.repo.listItemDocs(accountId, spec), (r) => this.itemDocToApi(r), this.href('program-items/docs/filter'));
  }

  async getItemDoc(accountId: string, itemId: string, fileId: string): Promise<ProgramItemDocument> {
    const item = await this.itemRow(accountId, itemId);
    const doc = await this.repo.findItemDoc(accountId, item.id, fileId.toLowerCase());
    if (!doc) throw ProgramErrors.itemDocumentNotFound(undefined, { target: 'fileId' });
    return this.itemDocToApi(doc);
  }

  /**
   * Relates a document of the program item's session to the item; an uploaded file not yet the session's becomes its
   * document too. Again answers the same relation. A file in use elsewhere, or an eleventh document, is 409.
   */
  async relateItemDoc(auth: AuthContext, itemId: string, fileId: string): Promise<ProgramItemDocument> {
    return this.repo.transaction(async (trx) => {
      const item = await this.itemRow(auth.accountId, itemId, trx);
      const existing = await this.repo.findItemDoc(auth.accountId, item.id, fileId.toLowerCase(), trx);
      if (existing) return this.itemDocToApi(existing);
      if ((await this.repo.itemDocsOf(auth.accountId, item.id, trx)).length >= MAX_ITEM_DOCUMENTS) {
        throw ProgramErrors.conflict(`A program item holds at most ${MAX_ITEM_DOCUMENTS} documents`, { target: 'fileId' });
      }
      const file = await this.attachSessionDoc(auth, { id: item.session_id, event: { id: item.event_id } }, fileId, 'conflict', trx);
      const row: Row<'program_item_documents'> = {
        id: newId(), account_id: auth.accountId, event_id: item.event_id, session_id: item.session_id, program_item_id: item.id, file_id: file.id, ...this.stamp(auth).created,
      };
      await this.repo.insertItemDoc(row, trx);
      return this.itemDocToApi(row);
    });
  }

  /** Removes the relation (404 when there is none); the file stays a document of the session. */
  async removeItemDoc(auth: AuthContext, itemId: string, fileId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const item = await this.itemRow(auth.accountId, itemId, trx);
      if (!(await this.repo.removeItemDoc(auth.accountId, item.id, fileId.toLowerCase(), trx))) throw ProgramErrors.itemDocumentNotFound(undefined, { target: 'fileId' });
    });
  }
}
