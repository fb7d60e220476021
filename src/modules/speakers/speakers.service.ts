import type { Transaction } from 'kysely';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import type { Clock } from '../../db/time.js';
import type { Row } from '../../db/types.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { ContactsService } from '../contacts/index.js';
import type { EventCopyContext, EventsService } from '../events/index.js';
import type { FileInfo, FilesService, FileStore } from '../files/index.js';
import type { ProgramService } from '../program/index.js';
import type { SessionsService } from '../sessions/index.js';
import { SpeakerErrors } from './speakers.errors.js';
import { PROGRAM_ITEM_SPEAKERS_LIST, SPEAKER_CATEGORIES_LIST, SPEAKERS_LIST, sessionLinksList, speakerDocsList, type SpeakerListRow } from './speakers.filters.js';
import type { SpeakersRepository } from './speakers.repository.js';
import type {
  ProfileImageInput, SessionSpeaker, SessionSpeakerAssignment, Speaker, SpeakerCategory, SpeakerCategoryInput, SpeakerFile, SpeakerInput, SpeakerProgramItem, SpeakerSession,
} from './speakers.schemas.js';

/** What the speakers module calls in other modules. */
export interface SpeakersUses {
  readonly events: Pick<EventsService, 'find'>;
  readonly sessions: Pick<SessionsService, 'find'>;
  readonly contacts: Pick<ContactsService, 'findActiveByEmail'>;
  readonly files: FileStore & Pick<FilesService, 'signedUrl'>;
  readonly program: Pick<ProgramService, 'findItem'>;
}

type Page<T> = Promise<{ paging: Paging; data: T[] }>;

/** What a speaker's documents and profile picture are attached to in the files module. */
export const documentSlot = (speakerId: string): string => `speaker-document:${speakerId}`;
export const imageSlot = (speakerId: string): string => `speaker-profile-image:${speakerId}`;

const opt = <K extends string, V>(key: K, value: V | null | undefined): { [P in K]?: V } =>
  (value === null || value === undefined || value === '' ? {} : { [key]: value }) as { [P in K]?: V };

/** Speakers of the account's events (the reference's Speakers tag), their categories, documents, profile pictures and sessions. */
export class SpeakersService {
  constructor(
    private readonly repo: SpeakersRepository,
    private readonly uses: SpeakersUses,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  private href(rest: string): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}/${rest}`;
  }

  private toApi(r: SpeakerListRow): Speaker {
    const link = (href: string | null) => (href !== null ? { href } : undefined);
    const links = {
      ...opt('twitterUrl', link(r.twitter_url)), ...opt('facebookUrl', link(r.facebook_url)), ...opt('linkedInUrl', link(r.linkedin_url)),
      ...(r.profile_image_file_id !== null ? { profilePicture: { href: this.uses.files.signedUrl(r.account_id, r.profile_image_file_id).href } } : {}),
    };
    return {
      id: r.id, order: r.sort_order, ...(r.contact_id !== null ? { contact: { id: r.contact_id } } : {}), event: { id: r.event_id },
      firstName: r.first_name, lastName: r.last_name, ...opt('code', r.code), ...opt('email', r.email), ...opt('prefix', r.prefix),
      ...opt('designation', r.designation), ...opt('company', r.company), ...opt('title', r.title),
      visibility: r.visibility === 1, ...opt('biography', r.biography), ...opt('internalNote', r.internal_note), featured: r.featured === 1,
      ...(r.category_id !== null ? { category: { id: r.category_id, ...opt('name', r.category_name) } } : {}),
      links,
      created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
    };
  }

  private async speaker(accountId: string, id: string, trx?: Transaction<Database>): Promise<SpeakerListRow> {
    const row = await this.repo.find(accountId, id.toLowerCase(), trx);
    if (!row) throw SpeakerErrors.speakerNotFound(undefined, { target: 'id' });
    return row;
  }

  /** The writable columns of an input; the category must be the account's (400), the contact is the one of the same email. */
  private async columns(accountId: string, input: SpeakerInput, trx?: Transaction<Database>) {
    let categoryId: string | null = null;
    if (input.category !== undefined) {
      const category = await this.repo.findCategory(accountId, input.category.id.toLowerCase(), trx);
      if (!category) throw SpeakerErrors.invalid('Unknown speaker category', { target: 'category.id' });
      categoryId = category.id;
    }
    const email = input.email?.trim() ?? '';
    const contact = email !== '' ? await this.uses.contacts.findActiveByEmail(accountId, email, trx) : undefined;
    const text = (v: string | undefined): string | null => (v === undefined || v === '' ? null : v);
    return {
      category_id: categoryId, contact_id: contact?.id ?? null,
      first_name: input.firstName, last_name: input.lastName, code: text(input.code), email: text(email), prefix: text(input.prefix),
      designation: text(input.designation), company: input.company ?? '', title: input.title ?? '',
      twitter_url: input.links?.twitterUrl?.href ?? null, facebook_url: input.links?.facebookUrl?.href ?? null, linkedin_url: input.links?.linkedInUrl?.href ?? null,
      visibility: input.visibility === false ? 0 : 1, biography: text(input.biography), internal_note: text(input.internalNote), featured: input.featured === true ? 1 : 0,
    };
  }

  async list(accountId: string, query: ListQuery): Page<Speaker> {
    return listPage(SPEAKERS_LIST, query, (spec) => this.repo.list(accountId, spec), (r) => this.toApi(r), this.href('speakers'));
  }

  async create(auth: AuthContext, input: SpeakerInput): Promise<Speaker> {
    return this.repo.transaction(async (trx) => {
      const event = await this.uses.events.find(auth.accountId, input.event.id.toLowerCase(), trx);
      if (!event) throw SpeakerErrors.invalid('Unknown event', { target: 'event.id' });
      const id = newId();
      await this.repo.insert({
        id, account_id: auth.accountId, event_id: event.id, ...(await this.columns(auth.accountId, input, trx)),
        sort_order: await this.repo.nextOrder(auth.accountId, event.id, trx), profile_image_file_id: null, ...auditStamp(auth, this.clock()).created,
      }, trx);
      return this.toApi(await this.speaker(auth.accountId, id, trx));
    });
  }

  /** Replaces the writable fields (omitted ones become blank); the event cannot change, the profile picture and documents stay. */
  async update(auth: AuthContext, id: string, input: SpeakerInput): Promise<Speaker> {
    return this.repo.transaction(async (trx) => {
      const row = await this.speaker(auth.accountId, id, trx);
      if (input.event.id.toLowerCase() !== row.event_id) throw SpeakerErrors.invalid('A speaker cannot move to another event', { target: 'event.id' });
      const cols = await this.columns(auth.accountId, input, trx);
      await this.repo.update(auth.accountId, row.id, { ...cols, ...auditStamp(auth, this.clock()).modified }, trx);
      // The speaker's files follow the contact it is now linked to, so the contact's obfuscation deletes them.
      if (cols.contact_id !== row.contact_id) await this.reattachFiles(auth, row, cols.contact_id, trx);
      return this.toApi(await this.speaker(auth.accountId, row.id, trx));
    });
  }

  private async reattachFiles(auth: AuthContext, row: Row<'speakers'>, contactId: string | null, trx: Transaction<Database>): Promise<void> {
    for (const doc of await this.repo.documentsOf(auth.accountId, [row.id], trx)) {
      await this.uses.files.attach(auth, doc.file_id, { attachedTo: documentSlot(row.id), contactId }, trx).catch(() => undefined);
    }
    if (row.profile_image_file_id !== null) {
      await this.uses.files.attach(auth, row.profile_image_file_id, { attachedTo: imageSlot(row.id), contactId }, trx).catch(() => undefined);
    }
  }

  /** Deletes the speaker, its documents and session links; its files expire as unattached files. */
  async delete(auth: AuthContext, id: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const row = await this.speaker(auth.accountId, id, trx);
      for (const doc of await this.repo.documentsOf(auth.accountId, [row.id], trx)) {
        await this.uses.files.attach(auth, doc.file_id, { attachedTo: null }, trx).catch(() => undefined);
      }
      if (row.profile_image_file_id !== null) await this.uses.files.attach(auth, row.profile_image_file_id, { attachedTo: null }, trx).catch(() => undefined);
      await this.repo.delete(auth.accountId, row.id, trx);
    });
  }

  /**
   * The speakers step of event copy (events.copy.ts): each speaker of the source event again in the target (the same
   * person: contact, category and order kept; no documents or picture, files are not copied), then their assignments to
   * the sessions that were copied, with the same category and order there.
   */
  async copyToEvent(ctx: EventCopyContext): Promise<void> {
    for (const r of await this.repo.speakersOfEvent(ctx.accountId, ctx.fromEventId, ctx.trx)) {
      const id = newId();
      await this.repo.insert({
        ...r, id, event_id: ctx.toEventId, profile_image_file_id: null, created: ctx.now, last_modified: ctx.now, created_by: ctx.actor, last_modified_by: ctx.actor,
      }, ctx.trx);
      ctx.copied('speakers', r.id, id);
    }
    for (const l of await this.repo.linksOfEvent(ctx.accountId, ctx.fromEventId, ctx.trx)) {
      const sessionId = ctx.copyOf('sessions', l.session_id);
      const speakerId = ctx.copyOf('speakers', l.speaker_id);
      if (sessionId === undefined || speakerId === undefined) continue;
      await this.repo.link({
        ...l, id: newId(), event_id: ctx.toEventId, session_id: sessionId, speaker_id: speakerId,
        created: ctx.now, last_modified: ctx.now, created_by: ctx.actor, last_modified_by: ctx.actor,
      }, ctx.trx);
    }
  }

  /** Event copy: the speakers' assignments to program items, where both the item and the speaker were copied. */
  async copyProgramItemLinks(ctx: EventCopyContext): Promise<void> {
    const links = (await this.repo.programItemLinksOfEvent(ctx.accountId, ctx.fromEventId, ctx.trx)).flatMap((l) => {
      const programItemId = ctx.copyOf('program-items', l.program_item_id);
      const speakerId = ctx.copyOf('speakers', l.speaker_id);
      const sessionId = ctx.copyOf('sessions', l.session_id);
      if (programItemId === undefined || speakerId === undefined || sessionId === undefined) return [];
      return [{
        ...l, id: newId(), event_id: ctx.toEventId, session_id: sessionId, program_item_id: programItemId, speaker_id: speakerId,
        created: ctx.now, last_modified: ctx.now, created_by: ctx.actor, last_modified_by: ctx.actor,
      }];
    });
    await this.repo.insertProgramItemLinks(links, ctx.trx);
  }

  // ---- Categories ----

  private categoryToApi(r: Row<'speaker_categories'>): SpeakerCategory {
    return { id: r.id, name: r.name, active: r.active === 1 };
  }

  async listCategories(accountId: string, query: ListQuery): Page<SpeakerCategory> {
    return listPage(SPEAKER_CATEGORIES_LIST, query, (spec) => this.repo.listCategories(accountId, spec), (r) => this.categoryToApi(r), this.href('speaker-categories'));
  }

  async createCategory(auth: AuthContext, input: SpeakerCategoryInput): Promise<SpeakerCategory> {
    const row: Row<'speaker_categories'> = { id: newId(), account_id: auth.accountId, name: input.name, active: 1, ...auditStamp(auth, this.clock()).created };
    await this.repo.insertCategory(row);
    return this.categoryToApi(row);
  }

  // ---- Documents and profile picture ----

  private fileToApi(accountId: string, file: FileInfo, displayEnabled?: boolean): SpeakerFile {
    return {
      file: { id: file.id }, href: this.uses.files.signedUrl(accountId, file.id).href, friendlyName: file.friendlyName, type: file.contentType, size: file.fileSize,
      ...(displayEnabled !== undefined ? { displayEnabled } : {}),
    };
  }

  async listDocuments(accountId: string, id: string, query: ListQuery): Page<SpeakerFile> {
    const row = await this.speaker(accountId, id);
    const page = await listPage(speakerDocsList(row.id), query, (spec) => this.repo.listDocuments(accountId, row.id, spec), (r) => r.file_id, this.href(`speakers/${row.id}/docs`));
    const data: SpeakerFile[] = [];
    for (const fileId of page.data) data.push(this.fileToApi(accountId, await this.uses.files.info(accountId, fileId), true));
    return { paging: page.paging, data };
  }

  async getDocument(accountId: string, id: string, fileId: string): Promise<SpeakerFile> {
    const row = await this.speaker(accountId, id);
    const doc = await this.repo.findDocument(accountId, row.id, fileId.toLowerCase());
    if (!doc) throw SpeakerErrors.documentNotFound(undefined, { target: 'fileId' });
    return this.fileToApi(accountId, await this.uses.files.info(accountId, doc.file_id), true);
  }

  /** Attaches an uploaded file (any type) as the speaker's document; again is harmless; a file in use elsewhere is 400. */
  async addDocument(auth: AuthContext, id: string, fileId: string): Promise<SpeakerFile> {
    return this.repo.transaction(async (trx) => {
      const row = await this.speaker(auth.accountId, id, trx);
      const file = await this.uses.files.info(auth.accountId, fileId.toLowerCase(), trx);
      const slot = documentSlot(row.id);
      if (file.attachedTo !== null && file.attachedTo !== slot) {
        throw SpeakerErrors.invalid('The file is already in use elsewhere: upload it again for this speaker', { target: 'fileId' });
      }
      const attached = await this.uses.files.attach(auth, file.id, { attachedTo: slot, contactId: row.contact_id }, trx);
      await this.repo.addDocument({ id: newId(), account_id: auth.accountId, speaker_id: row.id, file_id: file.id, ...auditStamp(auth, this.clock()).created }, trx);
      return this.fileToApi(auth.accountId, attached, true);
    });
  }

  async removeDocument(auth: AuthContext, id: string, fileId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const row = await this.speaker(auth.accountId, id, trx);
      if (!(await this.repo.removeDocument(auth.accountId, row.id, fileId.toLowerCase(), trx))) throw SpeakerErrors.documentNotFound(undefined, { target: 'fileId' });
      await this.uses.files.attach(auth, fileId.toLowerCase(), { attachedTo: null }, trx).catch(() => undefined);
    });
  }

  /** Makes an uploaded JPEG, PNG or GIF the speaker's profile picture, replacing the current one (which expires as unattached). */
  async setProfileImage(auth: AuthContext, id: string, input: ProfileImageInput): Promise<SpeakerFile> {
    return this.repo.transaction(async (trx) => {
      const row = await this.speaker(auth.accountId, id, trx);
      const file = await this.uses.files.requireWebImage(auth.accountId, input.file.id.toLowerCase(), trx);
      const slot = imageSlot(row.id);
      if (file.attachedTo !== null && file.attachedTo !== slot) {
        throw SpeakerErrors.invalid('The file is already in use elsewhere: upload the image again for this speaker', { target: 'file.id' });
      }
      if (row.profile_image_file_id !== null && row.profile_image_file_id !== file.id) {
        await this.uses.files.attach(auth, row.profile_image_file_id, { attachedTo: null }, trx).catch(() => undefined);
      }
      const attached = await this.uses.files.attach(auth, file.id, { attachedTo: slot, contactId: row.contact_id }, trx);
      await this.repo.update(auth.accountId, row.id, { profile_image_file_id: file.id, ...auditStamp(auth, this.clock()).modified }, trx);
      return this.fileToApi(auth.accountId, attached);
    });
  }

  async removeProfileImage(auth: AuthContext, id: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const row = await this.speaker(auth.accountId, id, trx);
      if (row.profile_image_file_id === null) throw SpeakerErrors.imageNotFound();
      await this.uses.files.attach(auth, row.profile_image_file_id, { attachedTo: null }, trx).catch(() => undefined);
      await this.repo.update(auth.accountId, row.id, { profile_image_file_id: null, ...auditStamp(auth, this.clock()).modified }, trx);
    });
  }

  // ---- Sessions ----

  private async session(accountId: string, id: string, trx?: Transaction<Database>) {
    const session = await this.uses.sessions.find(accountId, id.toLowerCase(), trx);
    if (!session) throw SpeakerErrors.sessionNotFound(undefined, { target: 'id' });
    return session;
  }

  async speakersOfSession(accountId: string, sessionId: string, query: ListQuery): Page<SessionSpeaker> {
    const session = await this.session(accountId, sessionId);
    return listPage(sessionLinksList(`session-speakers:${session.id}`), query, (spec) => this.repo.speakersOfSession(accountId, session.id, spec), (r) => ({
      id: r.speaker_id, session: { id: r.session_id },
      ...(r.category_id !== null ? { category: { id: r.category_id, ...opt('name', r.category_name) } } : {}),
      ...(r.sort_order !== null ? { order: r.sort_order } : {}),
    }), this.href(`sessions/${session.id}/speakers`));
  }

  async sessionsOfSpeaker(accountId: string, speakerId: string, query: ListQuery): Page<SpeakerSession> {
    const row = await this.speaker(accountId, speakerId);
    return listPage(sessionLinksList(`speaker-sessions:${row.id}`), query, (spec) => this.repo.sessionsOfSpeaker(accountId, row.id, spec), (r) => ({
      id: r.session_id, speaker: { id: r.speaker_id },
      ...(r.category_id !== null ? { category: { id: r.category_id, ...opt('name', r.category_name) } } : {}),
    }), this.href(`speakers/${row.id}/sessions`));
  }

  /** PUT: the speaker speaks at the session (with a category and an order there); again replaces those. Both must be of one event (400). */
  async addToSession(auth: AuthContext, sessionId: string, speakerId: string, input: SessionSpeakerAssignment | undefined): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const session = await this.session(auth.accountId, sessionId, trx);
      const row = await this.speaker(auth.accountId, speakerId, trx);
      if (row.event_id !== session.event.id) throw SpeakerErrors.invalid('The speaker is not a speaker of the session\'s event', { target: 'speakerId' });
      let categoryId: string | null = null;
      if (input?.speakerCategory !== undefined) {
        const category = await this.repo.findCategory(auth.accountId, input.speakerCategory.id.toLowerCase(), trx);
        if (!category) throw SpeakerErrors.invalid('Unknown speaker category', { target: 'speakerCategory.id' });
        categoryId = category.id;
      }
      await this.repo.link({
        id: newId(), account_id: auth.accountId, event_id: row.event_id, session_id: session.id, speaker_id: row.id, category_id: categoryId,
        sort_order: input?.order ?? null, ...auditStamp(auth, this.clock()).created,
      }, trx);
    });
  }

  async removeFromSession(auth: AuthContext, sessionId: string, speakerId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const session = await this.session(auth.accountId, sessionId, trx);
      const row = await this.speaker(auth.accountId, speakerId, trx);
      if (!(await this.repo.unlink(auth.accountId, session.id, row.id, trx))) throw SpeakerErrors.linkNotFound(undefined, { target: 'speakerId' });
    });
  }
  // ---- Program items ----

  private programLinkToApi(r: Row<'program_item_speakers'>): SpeakerProgramItem {
    return {
      id: r.id, event: { id: r.event_id }, session: { id: r.session_id }, speaker: { id: r.speaker_id }, programItem: { id: r.program_item_id },
      created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
    };
  }

  private async programItem(accountId: string, id: string, trx?: Transaction<Database>) {
    const item = await this.uses.program.findItem(accountId, id, trx);
    if (!item) throw SpeakerErrors.programItemNotFound(undefined, { target: 'programItemId' });
    return item;
  }

  async listProgramItemSpeakers(accountId: string, query: ListQuery): Page<SpeakerProgramItem> {
    return listPage(PROGRAM_ITEM_SPEAKERS_LIST, query, (spec) => this.repo.listProgramItemLinks(accountId, spec), (r) => this.programLinkToApi(r), this.href('program-items/speakers'));
  }

  async getProgramItemSpeaker(accountId: string, programItemId: string, speakerId: string): Promise<SpeakerProgramItem> {
    const item = await this.programItem(accountId, programItemId);
    const link = await this.repo.findProgramItemLink(accountId, item.id, speakerId.toLowerCase());
    if (!link) throw SpeakerErrors.programItemLinkNotFound(undefined, { target: 'id' });
    return this.programLinkToApi(link);
  }

  /** PUT: the speaker speaks at the program item; again answers the same link. Another event's speaker is 409 (the reference documents no 400 here). */
  async addToProgramItem(auth: AuthContext, programItemId: string, speakerId: string): Promise<SpeakerProgramItem> {
    return this.repo.transaction(async (trx) => {
      const item = await this.programItem(auth.accountId, programItemId, trx);
      const row = await this.speaker(auth.accountId, speakerId, trx);
      if (row.event_id !== item.eventId) throw SpeakerErrors.conflict('The speaker is not a speaker of the program item\'s event', { target: 'id' });
      const existing = await this.repo.findProgramItemLink(auth.accountId, item.id, row.id, trx);
      if (existing) return this.programLinkToApi(existing);
      const link: Row<'program_item_speakers'> = {
        id: newId(), account_id: auth.accountId, event_id: item.eventId, session_id: item.sessionId, program_item_id: item.id, speaker_id: row.id,
        ...auditStamp(auth, this.clock()).created,
      };
      await this.repo.insertProgramItemLinks([link], trx);
      return this.programLinkToApi(link);
    });
  }

  async removeFromProgramItem(auth: AuthContext, programItemId: string, speakerId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const item = await this.programItem(auth.accountId, programItemId, trx);
      if (!(await this.repo.unlinkProgramItemSpeaker(auth.accountId, item.id, speakerId.toLowerCase(), trx))) throw SpeakerErrors.programItemLinkNotFound(undefined, { target: 'id' });
    });
  }

  /** A contact merge (issue 30, contact-history module): the merged contact's rows become the survivor's, in the merge's transaction. */
  moveContact(accountId: string, fromId: string, toId: string, trx: Transaction<Database>): Promise<void> {
    return this.repo.moveContact(accountId, fromId, toId, trx);
  }
}
