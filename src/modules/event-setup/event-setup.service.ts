import type { Transaction } from 'kysely';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import type { Clock } from '../../db/time.js';
import type { Row } from '../../db/types.js';
import { ApiError } from '../../errors.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { Event, EventCopyContext, EventsService } from '../events/index.js';
import type { FilesService, FileStore } from '../files/index.js';
import { EventSetupErrors } from './event-setup.errors.js';
import { eventEmailsList, invitationListsList, planningDocumentsList, registrationPathsList } from './event-setup.filters.js';
import type { EventSetupRepository } from './event-setup.repository.js';
import type {
  EventEmail, EventEmailInput, InvitationList, InvitationListInput, PlanningDocument, PlanningDocumentInput, RegistrationPath, RegistrationPathInput,
} from './event-setup.schemas.js';

/** What the event-setup module calls in other modules. */
export interface EventSetupUses {
  readonly events: Pick<EventsService, 'find' | 'registerCopyStep'>;
  readonly files: FileStore & Pick<FilesService, 'signedUrl'>;
}

type Page<T> = Promise<{ paging: Paging; data: T[] }>;

/** What a planning document's file is attached to in the files module. */
export const planningSlot = (eventId: string): string => `planning-document:${eventId}`;

const opt = <K extends string, V>(key: K, value: V | null | undefined): { [P in K]?: V } =>
  (value === null || value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
const text = (v: string | undefined): string | null => (v === undefined || v.trim() === '' ? null : v);

/**
 * What planners set up around an event that the reference only lists: planning documents (files from POST /files),
 * registration paths, invitation lists and the event's emails. eventline's create operations (DESIGN rule 11) fill them.
 */
export class EventSetupService {
  constructor(
    private readonly repo: EventSetupRepository,
    private readonly uses: EventSetupUses,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  private href(eventId: string, rest: string): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}/events/${eventId}/${rest}`;
  }

  private async event(accountId: string, id: string, trx?: Transaction<Database>): Promise<Event> {
    const event = await this.uses.events.find(accountId, id.toLowerCase(), trx);
    if (!event) throw EventSetupErrors.eventNotFound(undefined, { target: 'id' });
    return event;
  }

  /**
   * The registration step of event copy (events.copy.ts): registration paths, invitation lists (a copy into an event
   * that has a default list keeps that one as its default) and emails, pointing at the copied lists. Planning documents
   * are files, which are not copied.
   */
  async copyToEvent(ctx: EventCopyContext): Promise<void> {
    const stamp = { created: ctx.now, last_modified: ctx.now, created_by: ctx.actor, last_modified_by: ctx.actor };
    for (const r of await this.repo.pathsOfEvent(ctx.accountId, ctx.fromEventId, ctx.trx)) {
      await this.repo.insertPath({ ...r, id: newId(), event_id: ctx.toEventId, ...stamp }, ctx.trx);
    }
    const hasDefault = (await this.repo.invitationListsOfEvent(ctx.accountId, ctx.toEventId, ctx.trx)).some((l) => l.is_default === 1);
    for (const r of await this.repo.invitationListsOfEvent(ctx.accountId, ctx.fromEventId, ctx.trx)) {
      const id = newId();
      await this.repo.insertInvitationList({ ...r, id, event_id: ctx.toEventId, is_default: hasDefault ? 0 : r.is_default, ...stamp }, ctx.trx);
      ctx.copied('invitation-lists', r.id, id);
    }
    for (const r of await this.repo.emailsOfEvent(ctx.accountId, ctx.fromEventId, ctx.trx)) {
      const list = r.invitation_list_id === null ? null : ctx.copyOf('invitation-lists', r.invitation_list_id) ?? null;
      await this.repo.insertEmail({ ...r, id: newId(), event_id: ctx.toEventId, invitation_list_id: list, ...stamp }, ctx.trx);
    }
  }

  // ---- Planning documents ----

  private documentToApi(r: Row<'planning_documents'>): PlanningDocument {
    const url = this.uses.files.signedUrl(r.account_id, r.file_id);
    return {
      id: r.id, name: r.name, size: r.size, uploaded: r.uploaded, uploadedBy: r.uploaded_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
      event: { id: r.event_id }, ...opt('category', r.category), mimeType: r.mime_type, ...opt('description', r.description), secured: true,
      referenceLink: { url: url.href, expiration: new Date(url.expires * 1000).toISOString() },
    };
  }

  async listDocuments(accountId: string, eventId: string, query: ListQuery): Page<PlanningDocument> {
    const event = await this.event(accountId, eventId);
    return listPage(planningDocumentsList(event.id), query, (spec) => this.repo.listDocuments(accountId, event.id, spec), (r) => this.documentToApi(r),
      this.href(event.id, 'planning-documents'));
  }

  /** Keeps an uploaded file as a planning document of the event; a file in use elsewhere, or unknown, is 400. */
  async addDocument(auth: AuthContext, eventId: string, input: PlanningDocumentInput): Promise<PlanningDocument> {
    return this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      const file = await this.uses.files.info(auth.accountId, input.file.id.toLowerCase(), trx).catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 404) throw EventSetupErrors.invalid('Unknown file: upload it with POST /files', { target: 'file.id' });
        throw err;
      });
      if (file.attachedTo !== null) throw EventSetupErrors.invalid('The file is already in use elsewhere: upload it again for this event', { target: 'file.id' });
      await this.uses.files.attach(auth, file.id, { attachedTo: planningSlot(event.id) }, trx);
      const stamp = auditStamp(auth, this.clock()).created;
      const row: Row<'planning_documents'> = {
        id: newId(), account_id: auth.accountId, event_id: event.id, file_id: file.id, name: input.name ?? file.friendlyName, category: text(input.category),
        description: text(input.description), mime_type: file.contentType, size: file.fileSize, uploaded: stamp.created, uploaded_by: stamp.created_by, ...stamp,
      };
      await this.repo.insertDocument(row, trx);
      return this.documentToApi(row);
    });
  }

  /** Removes the document; its file expires as an unattached file. */
  async removeDocument(auth: AuthContext, eventId: string, documentId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      const doc = await this.repo.findDocument(auth.accountId, event.id, documentId.toLowerCase(), trx);
      if (!doc) throw EventSetupErrors.documentNotFound(undefined, { target: 'documentId' });
      await this.uses.files.attach(auth, doc.file_id, { attachedTo: null }, trx).catch(() => undefined);
      await this.repo.deleteDocument(auth.accountId, doc.id, trx);
    });
  }

  // ---- Registration paths ----

  private pathToApi(r: Row<'registration_paths'>): RegistrationPath {
    return { id: r.id, name: r.name, code: r.code, ...opt('description', r.description) };
  }

  async listPaths(accountId: string, eventId: string, query: ListQuery): Page<RegistrationPath> {
    const event = await this.event(accountId, eventId);
    return listPage(registrationPathsList(event.id), query, (spec) => this.repo.listPaths(accountId, event.id, spec), (r) => this.pathToApi(r),
      this.href(event.id, 'registration-paths'));
  }

  async createPath(auth: AuthContext, eventId: string, input: RegistrationPathInput): Promise<RegistrationPath> {
    const event = await this.event(auth.accountId, eventId);
    const code = input.code ?? (input.name.toUpperCase().replace(/[^A-Z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 50) || 'PATH');
    const row: Row<'registration_paths'> = {
      id: newId(), account_id: auth.accountId, event_id: event.id, name: input.name, code, description: text(input.description), ...auditStamp(auth, this.clock()).created,
    };
    await this.repo.insertPath(row);
    return this.pathToApi(row);
  }

  // ---- Invitation lists ----

  private invitationListToApi(r: Row<'invitation_lists'>): InvitationList {
    return {
      id: r.id, name: r.name, locale: r.locale, default: r.is_default === 1,
      created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
    };
  }

  async listInvitationLists(accountId: string, eventId: string, query: ListQuery): Page<InvitationList> {
    const event = await this.event(accountId, eventId);
    return listPage(invitationListsList(event.id), query, (spec) => this.repo.listInvitationLists(accountId, event.id, spec), (r) => this.invitationListToApi(r),
      this.href(event.id, 'invitation-lists'));
  }

  async createInvitationList(auth: AuthContext, eventId: string, input: InvitationListInput): Promise<InvitationList> {
    return this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      const row: Row<'invitation_lists'> = {
        id: newId(), account_id: auth.accountId, event_id: event.id, name: input.name, locale: input.locale ?? event.defaultLocale,
        is_default: input.default === true ? 1 : 0, ...auditStamp(auth, this.clock()).created,
      };
      await this.repo.insertInvitationList(row, trx);
      return this.invitationListToApi(row);
    });
  }

  // ---- Event emails ----

  private emailToApi(r: Row<'event_emails'>): EventEmail {
    return {
      id: r.id, active: r.active === 1, name: r.name, subject: r.subject, ...opt('fromName', r.from_name), ...opt('fromEmail', r.from_email),
      ...opt('replyToName', r.reply_to_name), ...opt('replyToEmail', r.reply_to_email), ...opt('plaintextBody', r.plaintext_body), ...opt('htmlBody', r.html_body),
      locale: r.locale, clickTrackingEnabled: r.click_tracking === 1, ...(r.invitation_list_id !== null ? { invitationList: { id: r.invitation_list_id } } : {}),
      created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
    };
  }

  async listEmails(accountId: string, eventId: string, query: ListQuery): Page<EventEmail> {
    const event = await this.event(accountId, eventId);
    return listPage(eventEmailsList(event.id), query, (spec) => this.repo.listEmails(accountId, event.id, spec), (r) => this.emailToApi(r), this.href(event.id, 'emails'));
  }

  async createEmail(auth: AuthContext, eventId: string, input: EventEmailInput): Promise<EventEmail> {
    return this.repo.transaction(async (trx) => {
      const event = await this.event(auth.accountId, eventId, trx);
      let listId: string | null = null;
      if (input.invitationList !== undefined) {
        const list = await this.repo.findInvitationList(auth.accountId, event.id, input.invitationList.id.toLowerCase(), trx);
        if (!list) throw EventSetupErrors.invalid('Unknown invitation list of this event', { target: 'invitationList.id' });
        listId = list.id;
      }
      const row: Row<'event_emails'> = {
        id: newId(), account_id: auth.accountId, event_id: event.id, invitation_list_id: listId, name: input.name, active: input.active === false ? 0 : 1,
        subject: input.subject, from_name: text(input.fromName), from_email: text(input.fromEmail), reply_to_name: text(input.replyToName),
        reply_to_email: text(input.replyToEmail), plaintext_body: text(input.plaintextBody), html_body: text(input.htmlBody),
        locale: input.locale ?? event.defaultLocale, click_tracking: input.clickTrackingEnabled === true ? 1 : 0, ...auditStamp(auth, this.clock()).created,
      };
      await this.repo.insertEmail(row, trx);
      return this.emailToApi(row);
    });
  }
}

