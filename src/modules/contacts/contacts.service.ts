import type { Config } from '../../config/index.js';
import { uniqueViolationTarget } from '../../db/constraints.js';
import { newId } from '../../db/ids.js';
import { inSavepoint } from '../../db/savepoint.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { actorName, type AuthContext } from '../../actor.js';
import { ApiError } from '../../errors.js';
import { listPage, parseFilter, tokenList, type FilterNode, type ListQuery, type Paging } from '../../lists/index.js';
import { ContactErrors } from './contacts.errors.js';
import { CONTACTS_LIST, CONTACTS_PURGED_LIST } from './contacts.filters.js';
import { erasureSubject, type ContactErasureSubject } from './contacts.erasers.js';
import { contactDocument, mergePatch, parseProfile, toColumns, toContact, type ContactColumns } from './contacts.mapping.js';
import type { ContactsRepository, Executor } from './contacts.repository.js';
import {
  ContactInputSchema, ContactPatchItemSchema, ContactUpdateItemSchema,
  type Contact, type ContactBulkItem, type ContactInput, type ContactPatchInput,
} from './contacts.schemas.js';
import type { Row } from '../../db/types.js';
import { itemValidator } from '../../items.js';

function mentions(node: FilterNode, field: string): boolean {
  return node.kind === 'cmp' ? node.field === field : mentions(node.left, field) || mentions(node.right, field);
}

/** One item of a 207 answer for an error: the contract's error shape under `data`. */
export function bulkError(err: ApiError): { status: number; message: string; data: { code: number; message: string; target?: string; details?: Array<{ code: number; message: string; target?: string }> } } {
  const { target, details } = err.options;
  return {
    status: err.status, message: err.message,
    data: { code: err.status, message: err.message, ...(target ? { target } : {}), ...(details && details.length > 0 ? { details } : {}) },
  };
}

/** A new contact's fields, which an attendee item may carry instead of a contact id. */
export type NewContactFields = ContactInput;

/** A contact created or updated through the API: POST /contacts (and its upsert), or a new contact in POST /attendees. */
export interface ContactChange {
  readonly accountId: string;
  readonly contactId: string;
  readonly kind: 'created' | 'updated';
}
/** Runs inside the transaction that wrote the contact (`ex`); throwing rolls the contact back. */
export type ContactChangeListener = (change: ContactChange, ex: Executor) => Promise<void>;

/** Every write of a contact row (create, update, patch, delete, identification, merge): the row before and after, and who wrote it. */
export interface ContactWrite {
  readonly accountId: string;
  readonly contactId: string;
  readonly before: Row<'contacts'> | undefined;
  readonly after: Row<'contacts'>;
  readonly by: string;
}
/** Runs inside the transaction of the write (the change history is written with the change); throwing rolls it back. */
export type ContactWriteListener = (write: ContactWrite, ex: Executor) => Promise<void>;

/** The plain text fields an identification service may fill in (contact hooks). */
export const IDENTIFIABLE_FIELDS = [
  'email', 'firstName', 'lastName', 'middleName', 'company', 'title', 'prefix', 'nickname', 'designation', 'workPhone', 'mobilePhone', 'homePhone',
] as const satisfies ReadonlyArray<keyof ContactInput>;
export type IdentifiableField = (typeof IDENTIFIABLE_FIELDS)[number];
export type IdentifiedFields = Partial<Record<IdentifiableField, string>>;

export class ContactsService {
  private readonly checkInput = itemValidator(ContactInputSchema, 'contact');
  private readonly checkUpdateItem = itemValidator(ContactUpdateItemSchema, 'contact');
  private readonly checkPatchItem = itemValidator(ContactPatchItemSchema, 'contact');
  private readonly listeners: ContactChangeListener[] = [];
  private readonly writeListeners: ContactWriteListener[] = [];

  constructor(
    private readonly repo: ContactsRepository,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock = systemClock,
  ) {}

  list(accountId: string, query: ListQuery & { includePurged?: boolean }): Promise<{ paging: Paging; data: Contact[] }> {
    // A token overrides every other paging parameter, includePurged included: it names its list.
    const purged = query.token !== undefined ? tokenList(query.token) === CONTACTS_PURGED_LIST.name : query.includePurged === true;
    const def = purged ? CONTACTS_PURGED_LIST : CONTACTS_LIST;
    return listPage(def, query, (spec, req) => this.repo.list(accountId, spec, {
      includePurged: purged,
      // Deleted contacts are left out unless the filter asks about `deleted` itself.
      includeDeleted: req.filter !== undefined && mentions(parseFilter(req.filter, def.filters), 'deleted'),
    }), toContact, `${this.config.publicUrl}/${this.config.apiVersion}/contacts`);
  }

  private async row(accountId: string, id: string, ex?: Executor): Promise<Row<'contacts'>> {
    const row = await this.repo.find(accountId, id.toLowerCase(), ex);
    if (!row) throw ContactErrors.contactNotFound();
    return row;
  }

  /** One contact of the account, or a 404 ApiError; with its custom-field answers, once the custom-fields module is wired. */
  async get(accountId: string, id: string): Promise<Contact> {
    const row = await this.row(accountId, id);
    const contact = toContact(row);
    const answers = row.purged === 1 || this.customFields === undefined ? [] : await this.customFields(accountId, row.id);
    return answers.length > 0 ? { ...contact, customFields: answers } : contact;
  }

  private customFields?: (accountId: string, contactId: string) => Promise<NonNullable<Contact['customFields']>>;

  /** The custom-fields module hands over how to read a contact's answers (it depends on contacts, so it calls this when wired). */
  useCustomFields(answersOf: (accountId: string, contactId: string) => Promise<NonNullable<Contact['customFields']>>): void {
    this.customFields = answersOf;
  }

  /** The account's contacts with these ids (others' ids and unknown ids are left out), for embedding. */
  async findByIds(accountId: string, ids: readonly string[], ex?: Executor): Promise<Contact[]> {
    const rows = await this.repo.findMany(accountId, [...new Set(ids.map((i) => i.toLowerCase()))], ex);
    return rows.map(toContact);
  }

  // The unique indexes settle races; these reads give the precise 409 first.
  private async assertUnique(accountId: string, cols: Pick<ContactColumns, 'email' | 'source_id'>, selfId: string | undefined, ex?: Executor): Promise<void> {
    if (cols.email !== null) {
      const other = await this.repo.findActiveByEmail(accountId, cols.email, ex);
      if (other && other.id !== selfId) throw ContactErrors.duplicateEmail(undefined, { target: 'email' });
    }
    if (cols.source_id !== null) {
      const other = await this.repo.findActiveBySourceId(accountId, cols.source_id, ex);
      if (other && other.id !== selfId) throw ContactErrors.duplicateSourceId(undefined, { target: 'sourceId' });
    }
  }

  // The unique index that refused the write says which field is taken (a race past assertUnique, or a creation,
  // which leaves the check to the index: a bulk load then costs one statement less per contact).
  private async uniqueGuard<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      const target = uniqueViolationTarget(err);
      if (target === undefined) throw err;
      if (target.includes('email')) throw ContactErrors.duplicateEmail(undefined, { target: 'email' });
      if (target.includes('source')) throw ContactErrors.duplicateSourceId(undefined, { target: 'sourceId' });
      throw ContactErrors.duplicateContact();
    }
  }

  /**
   * Another module follows contacts created or updated through the API (the
   * contact hooks call their identification service). The listener runs inside
   * the transaction that writes the contact, so what it records commits or
   * rolls back with the contact.
   */
  onChanged(listener: ContactChangeListener): void {
    this.listeners.push(listener);
  }

  private async changed(change: ContactChange, ex: Executor): Promise<void> {
    for (const listener of this.listeners) await listener(change, ex);
  }

  /** Follows every write of a contact row, inside its transaction (the contact-history module records the changed fields). */
  onWritten(listener: ContactWriteListener): void {
    this.writeListeners.push(listener);
  }

  private async written(before: Row<'contacts'> | undefined, after: Row<'contacts'>, by: string, ex: Executor): Promise<void> {
    for (const listener of this.writeListeners) await listener({ accountId: after.account_id, contactId: after.id, before, after, by }, ex);
  }

  private async insert(auth: AuthContext, input: ContactInput, ex?: Executor): Promise<Row<'contacts'>> {
    const now = iso(this.clock());
    const row: Row<'contacts'> = {
      id: newId(), account_id: auth.accountId, ...toColumns(input, undefined, now),
      deleted: 0, purged: 0, created: now, last_modified: now, created_by: actorName(auth), last_modified_by: actorName(auth),
    };
    const run = async (trx: Executor): Promise<Row<'contacts'>> => {
      await this.uniqueGuard(() => this.repo.insert(row, trx));
      await this.written(undefined, row, row.created_by, trx);
      await this.changed({ accountId: auth.accountId, contactId: row.id, kind: 'created' }, trx);
      return row;
    };
    return ex ? run(ex) : this.repo.transaction(run);
  }

  /** Replaces the writable fields of a stored contact with a validated full contact; `by` goes into last_modified_by. */
  private async write(by: string, row: Row<'contacts'>, input: ContactInput, ex?: Executor): Promise<Row<'contacts'>> {
    if (row.purged === 1) throw ContactErrors.purged();
    const now = iso(this.clock());
    const cols = toColumns(input, parseProfile(row.profile), now);
    // Deleted contacts have given their email and sourceId up (partial unique indexes).
    if (row.deleted === 0) await this.assertUnique(row.account_id, cols, row.id, ex);
    const patch = { ...cols, last_modified: now, last_modified_by: by };
    const run = async (trx: Executor): Promise<Row<'contacts'>> => {
      await this.uniqueGuard(() => this.repo.update(row.account_id, row.id, patch, trx));
      await this.written(row, { ...row, ...patch }, by, trx);
      return { ...row, ...patch };
    };
    return ex ? run(ex) : this.repo.transaction(run);
  }

  /** A stored contact's writable fields, in the shape of a PUT body (a merge picks fields from it), or undefined. */
  async documentOf(accountId: string, id: string, ex: Executor): Promise<Record<string, unknown> | undefined> {
    const row = await this.repo.find(accountId, id.toLowerCase(), ex);
    return row ? contactDocument(row) : undefined;
  }

  /** Replaces a contact's writable fields inside the caller's transaction (a merge's surviving contact). */
  async replaceIn(auth: AuthContext, id: string, input: ContactInput, ex: Executor): Promise<Contact> {
    return toContact(await this.write(actorName(auth), await this.row(auth.accountId, id, ex), input, ex));
  }

  private async patchRow(auth: AuthContext, row: Row<'contacts'>, patch: Record<string, unknown>, ex?: Executor): Promise<Row<'contacts'>> {
    if (row.purged === 1) throw ContactErrors.purged();
    const { id: _id, ...fields } = patch;
    const merged = this.checkInput(mergePatch(contactDocument(row), fields));
    return this.write(actorName(auth), row, merged, ex);
  }

  private checkBodyId(pathId: string, bodyId: unknown): void {
    if (typeof bodyId === 'string' && bodyId.toLowerCase() !== pathId.toLowerCase()) throw ContactErrors.idMismatch(undefined, { target: 'id' });
  }

  async update(auth: AuthContext, id: string, input: ContactInput & { id?: string }): Promise<Contact> {
    this.checkBodyId(id, input.id);
    return toContact(await this.write(actorName(auth), await this.row(auth.accountId, id), input));
  }

  async patch(auth: AuthContext, id: string, input: ContactPatchInput): Promise<Contact> {
    this.checkBodyId(id, input.id);
    return toContact(await this.patchRow(auth, await this.row(auth.accountId, id), input));
  }

  /** Soft delete: the data is kept and the contact stays on its events, but it no longer holds its email. */
  async delete(auth: AuthContext, id: string, ex?: Executor): Promise<void> {
    const run = async (trx: Executor): Promise<void> => {
      const row = await this.row(auth.accountId, id, trx);
      if (row.purged === 1) throw ContactErrors.purged();
      if (row.deleted === 1) return;
      const patch = { deleted: 1, last_modified: iso(this.clock()), last_modified_by: actorName(auth) };
      await this.repo.update(auth.accountId, row.id, patch, trx);
      await this.written(row, { ...row, ...patch }, patch.last_modified_by, trx);
    };
    await (ex ? run(ex) : this.repo.transaction(run));
  }

  // Multi-status: the items are written in one transaction (one commit), each
  // in its own savepoint, so a bad item changes nothing and the others land.
  private each(items: readonly unknown[], fn: (item: unknown, trx: Executor) => Promise<{ status: number; row: Row<'contacts'> }>): Promise<ContactBulkItem[]> {
    return this.repo.transaction(async (trx) => {
      const out: ContactBulkItem[] = [];
      for (const item of items) {
        try {
          const { status, row } = await inSavepoint(trx, () => fn(item, trx));
          out.push({ status, data: toContact(row) });
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          out.push(bulkError(err));
        }
      }
      return out;
    });
  }

  createMany(auth: AuthContext, items: readonly unknown[], upsert: boolean): Promise<ContactBulkItem[]> {
    return this.each(items, async (item, trx) => {
      const input = this.checkInput(item);
      if (upsert) {
        const existing = await this.repo.findActiveByEmail(auth.accountId, input.email, trx);
        // An upsert changes only the fields it sends, like a PATCH without removals.
        if (existing) {
          const updated = await this.patchRow(auth, existing, input, trx);
          await this.changed({ accountId: auth.accountId, contactId: existing.id, kind: 'updated' }, trx);
          return { status: 200, row: updated };
        }
      }
      return { status: 201, row: await this.insert(auth, input, trx) };
    });
  }

  updateMany(auth: AuthContext, items: readonly unknown[]): Promise<ContactBulkItem[]> {
    return this.each(items, async (item, trx) => {
      const { id, ...input } = this.checkUpdateItem(item);
      return { status: 200, row: await this.write(actorName(auth), await this.row(auth.accountId, id, trx), input, trx) };
    });
  }

  patchMany(auth: AuthContext, items: readonly unknown[]): Promise<ContactBulkItem[]> {
    return this.each(items, async (item, trx) => {
      const patch = this.checkPatchItem(item);
      return { status: 200, row: await this.patchRow(auth, await this.row(auth.accountId, patch.id, trx), patch, trx) };
    });
  }

  /** Checks new-contact fields (e.g. inside an attendee item); a 400 ApiError aimed at the field otherwise. */
  checkNewContact(value: unknown): ContactInput {
    return this.checkInput(value);
  }

  /** Creates a validated contact; `ex` lets the attendees module create one inside its own transaction. */
  async create(auth: AuthContext, input: ContactInput, ex?: Executor): Promise<Contact> {
    return toContact(await this.insert(auth, input, ex));
  }

  /** The account's active contact with this email, if any (case-insensitive). */
  async findActiveByEmail(accountId: string, email: string, ex?: Executor): Promise<Contact | undefined> {
    const row = await this.repo.findActiveByEmail(accountId, email, ex);
    return row ? toContact(row) : undefined;
  }

  /** One contact of the account (deleted and purged ones too), or undefined; `ex` reads inside the caller's transaction. */
  async find(accountId: string, id: string, ex?: Executor): Promise<Contact | undefined> {
    const row = await this.repo.find(accountId, id.toLowerCase(), ex);
    return row ? toContact(row) : undefined;
  }

  /**
   * Merges what an identification service answered (contact hooks): each given
   * field overwrites the contact's, nothing else changes. It does not notify the
   * change listeners, so an answer never calls the hook again. Runs in the
   * caller's transaction. Returns the fields that changed (none: nothing
   * written); undefined when the contact is unknown, deleted or purged. A value
   * the contact cannot take (a bad email, an email another contact holds) is a
   * 400 or 409 ApiError naming the field, never the value.
   */
  async mergeIdentified(accountId: string, contactId: string, fields: IdentifiedFields, by: string, ex: Executor): Promise<IdentifiableField[] | undefined> {
    const row = await this.repo.find(accountId, contactId.toLowerCase(), ex);
    if (!row || row.purged === 1 || row.deleted === 1) return undefined;
    const before = contactDocument(row);
    const merged = this.checkInput(mergePatch(before, fields));
    const changed = IDENTIFIABLE_FIELDS.filter((f) => fields[f] !== undefined && before[f] !== merged[f]);
    if (changed.length > 0) await this.write(by, row, merged, ex);
    return changed;
  }

  /**
   * The account's contacts for another module to join, so that its filters and
   * sorts on contact fields run in SQL (id, names, email, company, title, deleted, last_modified).
   */
  joinable(accountId: string) {
    return this.repo.joinable(accountId);
  }

  /** Whether the contact with this id is purged, in whichever account it is (an operator's proof of obfuscation); null when unknown. */
  async isPurged(id: string): Promise<boolean | null> {
    const row = await this.repo.findInAnyAccount(id.toLowerCase());
    return row ? row.purged === 1 : null;
  }

  /** What obfuscation needs of the contact (read inside the erasure's transaction), or undefined when unknown. */
  /** What obfuscation needs of each of these contacts (deleted and purged ones too), by lower-case id; unknown ids are absent. */
  async erasureSubjects(accountId: string, ids: readonly string[], ex?: Executor): Promise<Map<string, ContactErasureSubject>> {
    const rows = await this.repo.findMany(accountId, [...new Set(ids.map((i) => i.toLowerCase()))], ex);
    return new Map(rows.map((r) => [r.id, erasureSubject(r)]));
  }

  async erasureSubject(accountId: string, id: string, ex?: Executor): Promise<ContactErasureSubject | undefined> {
    const row = await this.repo.find(accountId, id.toLowerCase(), ex);
    return row ? erasureSubject(row) : undefined;
  }
}
