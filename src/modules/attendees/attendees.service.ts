import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Config } from '../../config/index.js';
import { isUniqueViolation } from '../../db/constraints.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { actorName, type AuthContext } from '../../actor.js';
import { ApiError } from '../../errors.js';
import { itemValidator } from '../../items.js';
import type { Notifier } from '../../notifications.js';
import { listPage, type ListQuery, type PageResult, type Paging } from '../../lists/index.js';
import { bulkError, type Contact, type ContactsService, type NewContactFields } from '../contacts/index.js';
import type { EventsService } from '../events/index.js';
import { AttendeeErrors } from './attendees.errors.js';
import { ATTENDEES_LIST } from './attendees.filters.js';
import { parseExtra, toAttendee, type AttendeeExtra } from './attendees.mapping.js';
import type { AttendeesRepository, JoinedAttendeeRow } from './attendees.repository.js';
import {
  AttendeeAddItemSchema, type Attendee, type AttendeeAddBulkItem, type AttendeeStatus, type AttendeeUpdate,
} from './attendees.schemas.js';
import type { NewRow } from '../../db/types.js';

// The reference's supported status changes (AttendeeUpdateStatus); keeping the same status is always allowed.
const TRANSITIONS: Readonly<Partial<Record<AttendeeStatus, readonly AttendeeStatus[]>>> = {
  'No Response': ['Visited', 'Accepted', 'Declined', 'Pending Approval'],
  Cancelled: ['Accepted', 'Pending Approval'],
  Visited: ['Accepted', 'Pending Approval'],
  Declined: ['Accepted', 'Pending Approval'],
  Accepted: ['Cancelled'],
  'Pending Approval': ['Accepted', 'Denied Approval'],
  'Denied Approval': ['Pending Approval'],
};

function confirmationNumber(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(11);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}

/** The same error aimed at a field inside `prefix` (e.g. a new contact's email → contact.email). */
function within(prefix: string, err: ApiError): ApiError {
  const at = (t: string | undefined) => (t && t !== 'body' ? `${prefix}.${t}` : prefix);
  const { target, details, headers } = err.options;
  return new ApiError(err.name, err.status, err.message.replace(/: (\S+)/, (_m, t: string) => `: ${at(t)}`), {
    target: at(target),
    ...(details ? { details: details.map((d) => ({ ...d, message: d.message.replace(/^\S+/, (t) => at(t)), target: at(d.target) })) } : {}),
    ...(headers ? { headers } : {}),
  });
}

export class AttendeesService {
  private readonly checkItem = itemValidator(AttendeeAddItemSchema, 'attendee');

  constructor(
    private readonly repo: AttendeesRepository,
    private readonly contacts: ContactsService,
    private readonly events: EventsService,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock = systemClock,
    private readonly notifier?: Notifier,
  ) {}

  list(accountId: string, query: ListQuery): Promise<{ paging: Paging; data: Attendee[] }> {
    return listPage(ATTENDEES_LIST, query, async (spec) => this.withContacts(accountId, await this.repo.list(accountId, spec)),
      (r) => toAttendee(r, r.contact), `${this.config.publicUrl}/${this.config.apiVersion}/attendees`);
  }

  /** A page of attendees with their contacts, read through the contacts module (the page's filters and order ran in SQL). */
  private async withContacts(accountId: string, page: PageResult<JoinedAttendeeRow>): Promise<PageResult<JoinedAttendeeRow & { contact?: Contact }>> {
    const contacts = new Map((await this.contacts.findByIds(accountId, page.rows.map((r) => r.contact_id))).map((c) => [c.id, c]));
    return { ...page, rows: page.rows.map((r) => ({ ...r, contact: contacts.get(r.contact_id) })) };
  }

  /** Inside a transaction, pass it: the contact is read on the same connection (SQLite has one; another would wait forever). */
  private async toAttendee(row: JoinedAttendeeRow, trx?: Transaction<Database>): Promise<Attendee> {
    return toAttendee(row, await this.contacts.find(row.account_id, row.contact_id, trx));
  }

  /** One attendee of the account, or a 404 ApiError. */
  async get(accountId: string, id: string): Promise<Attendee> {
    const row = await this.repo.find(accountId, id.toLowerCase());
    if (!row) throw AttendeeErrors.attendeeNotFound();
    return this.toAttendee(row);
  }

  /** The attendee if it belongs to this event of the account; undefined otherwise (the caller picks the error). Pass `trx` inside a transaction. */
  async findInEvent(accountId: string, eventId: string, attendeeId: string, trx?: Transaction<Database>): Promise<Attendee | undefined> {
    const row = await this.repo.findInEvent(accountId, eventId.toLowerCase(), attendeeId.toLowerCase(), trx);
    return row ? this.toAttendee(row, trx) : undefined;
  }

  /**
   * The ids of a contact's attendees, in a subquery (`attendee_id in (...)`), for
   * the erasers of modules that keep rows per attendee.
   */
  idsOfContact(accountId: string, contactId: string) {
    return this.repo.idsOfContact(accountId, contactId);
  }

  /** The ids of the contacts' attendees: for the erasers of modules that keep records per attendee. */
  contactAttendeeIds(accountId: string, contactIds: readonly string[], trx: Transaction<Database>): Promise<string[]> {
    return this.repo.contactAttendeeIds(accountId, contactIds, trx);
  }

  /** The registration types' consumed capacity: how many of the event's live registrations hold each (the registration-types module). */
  async registrationTypeCounts(accountId: string, eventId: string): Promise<Map<string, number>> {
    return new Map((await this.repo.countByRegistrationType(accountId, eventId)).map((r) => [r.id, r.n]));
  }

  private async eventExists(accountId: string, eventId: string): Promise<boolean> {
    try {
      await this.events.get(accountId, eventId);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return false;
      throw err;
    }
  }

  /**
   * POST /attendees: each item is checked and written in its own transaction
   * (a new contact and its attendee commit together), so a bad item changes
   * nothing and a later failure loses nothing already added.
   */
  async addMany(auth: AuthContext, items: readonly unknown[]): Promise<AttendeeAddBulkItem[]> {
    const events = new Map<string, boolean>();
    const out: AttendeeAddBulkItem[] = [];
    for (const item of items) {
      try {
        const id = await this.addOne(auth, item, events);
        out.push({ status: 201, data: { id } });
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        const { data, ...rest } = bulkError(err);
        out.push({ ...rest, data: { id: null, ...data } });
      }
    }
    return out;
  }

  private async addOne(auth: AuthContext, raw: unknown, events: Map<string, boolean>): Promise<string> {
    const item = this.checkItem(raw);
    const accountId = auth.accountId;
    const eventId = item.event.id.toLowerCase();
    let exists = events.get(eventId);
    if (exists === undefined) {
      exists = await this.eventExists(accountId, eventId);
      events.set(eventId, exists);
    }
    if (!exists) throw AttendeeErrors.eventNotFound(undefined, { target: 'event.id' });
    const contactId = item.contact.id?.toLowerCase();
    let newContact: NewContactFields | undefined;
    if (contactId === undefined) {
      try {
        newContact = this.contacts.checkNewContact(item.contact);
      } catch (err) {
        throw err instanceof ApiError ? within('contact', err) : err;
      }
    }
    const primaryId = item.primaryId?.toLowerCase();
    const now = iso(this.clock());
    const status = item.status ?? 'No Response';

    return this.repo.transaction(async (trx) => {
      let contact: Contact | undefined;
      if (contactId !== undefined) {
        contact = await this.contacts.find(accountId, contactId, trx);
        if (!contact) throw AttendeeErrors.contactNotFound(undefined, { target: 'contact.id' });
        if (contact.deleted === true || contact.purged) throw AttendeeErrors.contactInactive(undefined, { target: 'contact.id' });
      } else if (newContact) {
        try {
          contact = (await this.contacts.findActiveByEmail(accountId, newContact.email, trx)) ?? (await this.contacts.create(auth, newContact, trx));
        } catch (err) {
          throw err instanceof ApiError ? within('contact', err) : err;
        }
      } else {
        throw AttendeeErrors.invalid('contact needs an id or a new contact\'s fields', { target: 'contact' });
      }
      if (await this.repo.existsForContact(accountId, eventId, contact.id, trx)) throw AttendeeErrors.duplicate(undefined, { target: 'contact' });
      if (primaryId !== undefined && !(await this.repo.findInEvent(accountId, eventId, primaryId, trx))) {
        throw AttendeeErrors.primaryNotFound(undefined, { target: 'primaryId' });
      }
      const extra: AttendeeExtra = {
        ...(item.administrator ? { administrator: { id: item.administrator.id.toLowerCase() } } : {}),
        ...(item.admissionItem ? { admissionItem: { id: item.admissionItem.id.toLowerCase() } } : {}),
      };
      const registered = status === 'Accepted' ? now : null;
      const row: NewRow<'attendees'> = {
        id: newId(), account_id: accountId, event_id: eventId, contact_id: contact.id, confirmation_number: confirmationNumber(), status,
        checked_in: 0, check_in: null, check_out: null, duration: null,
        reference_id: item.referenceId ?? null, note: item.note ?? null, guest: item.guest ? 1 : 0, visibility: item.visibility ?? null,
        invited_by: item.invitedBy ?? 'API Invited', response_method: item.responseMethod ?? (status === 'No Response' ? 'No Response' : 'API-Responded'),
        registered_at: registered, extra: JSON.stringify(extra),
        created: now, last_modified: now, attendee_last_modified: now, created_by: actorName(auth), last_modified_by: actorName(auth),
        registration_path_id: item.registrationPath?.id.toLowerCase() ?? null,
        invitation_list_id: item.invitationList?.id.toLowerCase() ?? null,
        registration_type_id: item.registrationType?.id.toLowerCase() ?? null,
        primary_id: primaryId ?? null, unsubscribed: 0, registration_last_modified: registered,
      };
      try {
        await this.repo.insert(row, trx);
      } catch (err) {
        // Two requests adding the same contact at once: the unique (event, contact) index decides.
        if (isUniqueViolation(err)) throw AttendeeErrors.duplicate(undefined, { target: 'contact' });
        throw err;
      }
      await this.notifier?.notify(trx, accountId, 'attendee.registered', () => this.findInEvent(accountId, eventId, row.id, trx));
      return row.id;
    });
  }

  /** PUT /attendees/{id}: replaces the writable fields; event and contact cannot change; status moves only where the reference allows. */
  async update(auth: AuthContext, id: string, input: AttendeeUpdate): Promise<Attendee> {
    const row = await this.repo.find(auth.accountId, id.toLowerCase());
    if (!row) throw AttendeeErrors.attendeeNotFound();
    if (input.event.id.toLowerCase() !== row.event_id) throw AttendeeErrors.mismatch('The attendee\'s event cannot be changed', { target: 'event.id' });
    if (input.contact.id !== undefined && input.contact.id.toLowerCase() !== row.contact_id) {
      throw AttendeeErrors.mismatch('The attendee\'s contact cannot be changed', { target: 'contact.id' });
    }
    const from = row.status;
    const to = input.status;
    if (from !== to && !(TRANSITIONS[from] ?? []).includes(to)) {
      throw AttendeeErrors.transition(`The status cannot change from '${from}' to '${to}'`, { target: 'status' });
    }
    const now = iso(this.clock());
    const previous = parseExtra(row.extra);
    const extra: AttendeeExtra = {
      ...(input.administrator ? { administrator: { id: input.administrator.id.toLowerCase() } } : {}),
      ...(input.admissionItem ? { admissionItem: { id: input.admissionItem.id.toLowerCase() } } : {}),
      ...(to === 'Cancelled' && from !== 'Cancelled' ? { registrationCancelledAt: now }
        : to === 'Cancelled' && previous.registrationCancelledAt ? { registrationCancelledAt: previous.registrationCancelledAt } : {}),
    };
    const changed = from !== to;
    await this.repo.transaction(async (trx) => {
      await this.repo.update(auth.accountId, row.id, {
        status: to,
        note: input.note ?? null,
        reference_id: input.referenceId ?? null,
        visibility: input.visibility ?? null,
        invitation_list_id: input.invitationList?.id.toLowerCase() ?? null,
        registration_type_id: input.registrationType?.id.toLowerCase() ?? null,
        extra: JSON.stringify(extra),
        ...(to === 'Accepted' && row.registered_at === null ? { registered_at: now } : {}),
        ...(changed ? { registration_last_modified: now } : {}),
        last_modified: now, attendee_last_modified: now, last_modified_by: actorName(auth),
      }, trx);
      await this.notifier?.notify(trx, auth.accountId, changed && to === 'Cancelled' ? 'attendee.cancelled' : 'attendee.updated', () => this.findInEvent(auth.accountId, row.event_id, row.id, trx));
    });
    return this.get(auth.accountId, row.id);
  }

  /** The attendee's event and contact with the contact's address, in one read (the communications module's mail and chat). */
  async recipient(accountId: string, attendeeId: string): Promise<{ eventId: string; contactId: string; email: string | null; deleted: boolean } | undefined> {
    const row = await this.repo.find(accountId, attendeeId);
    return row && { eventId: row.event_id, contactId: row.contact_id, email: row.c_email, deleted: row.c_deleted === 1 };
  }

  /** A contact merge (issue 30, contact-history module): the registrations of these contacts, in id order. */
  registrationsOf(accountId: string, contactIds: readonly string[], trx: Transaction<Database>): Promise<Array<{ id: string; eventId: string; contactId: string }>> {
    return this.repo.registrationsOf(accountId, contactIds, trx).then((rows) => rows.map((r) => ({ id: r.id, eventId: r.event_id, contactId: r.contact_id })));
  }

  /** A contact merge: the registration becomes the surviving contact's, in the merge's transaction. */
  moveRegistration(accountId: string, attendeeId: string, toId: string, trx: Transaction<Database>): Promise<void> {
    return this.repo.moveRegistration(accountId, attendeeId, toId, trx);
  }
}
