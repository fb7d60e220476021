import type { Transaction } from 'kysely';
import { actorName, auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { isUniqueViolation } from '../../db/constraints.js';
import { newId } from '../../db/ids.js';
import type { Notifier } from '../../notifications.js';
import type { Executor } from '../../db/repository.js';
import { inSavepoint } from '../../db/savepoint.js';
import { iso, type Clock } from '../../db/time.js';
import type { NewRow, Row } from '../../db/types.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import { contactDocument, type Contact, type ContactInput, type ContactsService, type ContactWrite } from '../contacts/index.js';
import type { FilesService, FileStore } from '../files/index.js';
import { ContactHistoryErrors } from './contact-history.errors.js';
import { historyList, relatedList } from './contact-history.filters.js';
import type { ContactHistoryRepository } from './contact-history.repository.js';
import { CREATED_FIELD, THROUGH, type ContactFile, type ContactFileInput, type HistoryEntry, type MergeInput } from './contact-history.schemas.js';

type Trx = Transaction<Database>;

/** What the contact-history module calls in other modules. */
export interface ContactHistoryUses {
  readonly contacts: Pick<ContactsService, 'find' | 'delete' | 'replaceIn' | 'onWritten' | 'checkNewContact' | 'documentOf'>;
  readonly files: FileStore & Pick<FilesService, 'signedUrl' | 'requireWebImage' | 'moveContact'>;
  /** Moves the merged contact's group memberships to the survivor (contact-groups module). */
  readonly groups: { moveMemberships(accountId: string, fromId: string, toId: string, trx: Executor): Promise<number> };
  /** A merge's registrations (attendees module). */
  readonly registrations: {
    registrationsOf(accountId: string, contactIds: readonly string[], trx: Trx): Promise<Array<{ id: string; eventId: string; contactId: string }>>;
    moveRegistration(accountId: string, attendeeId: string, toId: string, trx: Trx): Promise<void>;
  };
  /** A merge's custom-field answers (custom-fields module). */
  readonly answers: { moveContactAnswers(accountId: string, fromId: string, toId: string, trx: Trx): Promise<void> };
  /** Rows that follow a registration (activities, leads, survey respondents, video views): moved unless their registration stays. */
  readonly attendeeRows: ReadonlyArray<{ moveContact(accountId: string, fromId: string, toId: string, keptAttendees: readonly string[], trx: Trx): Promise<void> }>;
  /** Rows about the person (speakers, messages; files through `files`): all moved. */
  readonly personRows: ReadonlyArray<{ moveContact(accountId: string, fromId: string, toId: string, trx: Trx): Promise<void> }>;
}

type Page<T> = Promise<{ paging: Paging; data: T[] }>;

/** What a contact's profile picture is attached to in the files module. */
export const profileImageSlot = (contactId: string): string => `contact-profile-image:${contactId}`;

/** A contact document flattened to dotted field names and string values (arrays and other values as JSON). */
function flatten(doc: Record<string, unknown>, prefix = '', out: Map<string, string> = new Map()): Map<string, string> {
  for (const [key, value] of Object.entries(doc)) {
    if (value === undefined || value === null || value === '') continue;
    const name = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'object' && !Array.isArray(value)) flatten(value as Record<string, unknown>, name, out);
    else out.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return out;
}

/** The fields that differ between two stored contacts, with their values before and after (deletion as `deleted`). */
export function changedFields(before: Row<'contacts'> | undefined, after: Row<'contacts'>): Array<{ field: string; old: string | null; new: string | null }> {
  const a = before === undefined ? new Map<string, string>() : flatten(contactDocument(before));
  const b = flatten(contactDocument(after));
  const out: Array<{ field: string; old: string | null; new: string | null }> = [];
  for (const field of new Set([...a.keys(), ...b.keys()])) {
    const old = a.get(field) ?? null;
    const now = b.get(field) ?? null;
    if (old !== now) out.push({ field, old, new: now });
  }
  if (before !== undefined && before.deleted !== after.deleted) out.push({ field: 'deleted', old: String(before.deleted === 1), new: String(after.deleted === 1) });
  return out;
}

/**
 * A contact's change history (append-only, written in the transaction of each change by the contacts module's write
 * listener), its related contacts, its profile picture, and contact merges.
 */
export class ContactHistoryService {
  constructor(
    private readonly repo: ContactHistoryRepository,
    private readonly uses: ContactHistoryUses,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
    private readonly notifier?: Notifier,
  ) {}

  private href(rest: string): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}/${rest}`;
  }

  /** A contact of the account (404 otherwise); `live` also refuses a purged one. */
  private async contact(accountId: string, id: string, ex?: Executor, live = false, target = 'id'): Promise<Contact> {
    const contact = await this.uses.contacts.find(accountId, id, ex);
    if (!contact || (live && contact.purged === true)) throw ContactHistoryErrors.contactNotFound(undefined, { target });
    return contact;
  }

  // ---- History ----

  /** The contacts module's write listener: one history row per changed field, in the write's transaction. */
  async recordWrite(w: ContactWrite, ex: Executor): Promise<void> {
    const through = w.before === undefined ? THROUGH.created : THROUGH.modified;
    const updated = w.after.last_modified;
    // A creation is one entry: its values are the contact's own first state, and a bulk load of contacts must not
    // write a copy of every field (issue 37's load rate: a row per field cost ~200 µs a contact on SQLite).
    const changes = w.before === undefined ? [{ field: CREATED_FIELD, old: null, new: null }] : changedFields(w.before, w.after);
    await this.repo.appendHistory(changes.map((c) => ({
      id: newId(), account_id: w.accountId, contact_id: w.contactId, field: c.field, old_value: c.old, new_value: c.new, through, updated, updated_by: w.by,
    })), ex);
  }

  /**
   * Every contact merged into these ones, directly or through a chain of merges: obfuscating a survivor erases the
   * contacts merged into it too (a merged contact is kept, deleted, with the values it had).
   */
  async mergedContactsOf(accountId: string, ids: readonly string[], ex: Executor): Promise<string[]> {
    const seen = new Set(ids);
    const found: string[] = [];
    let frontier = [...ids];
    while (frontier.length > 0) {
      const next = (await this.repo.mergedInto(accountId, frontier, ex)).filter((id) => !seen.has(id));
      for (const id of next) seen.add(id);
      found.push(...next);
      frontier = next;
    }
    return found;
  }

  private entryToApi(r: Row<'contact_history'>): HistoryEntry {
    return {
      updatedFieldName: r.field, ...(r.old_value !== null ? { oldValue: r.old_value } : {}), ...(r.new_value !== null ? { newValue: r.new_value } : {}),
      updatedThroughName: r.through as HistoryEntry['updatedThroughName'], updatedDate: r.updated, updatedBy: r.updated_by,
    };
  }

  async listHistory(accountId: string, contactId: string, query: ListQuery): Page<HistoryEntry> {
    const contact = await this.contact(accountId, contactId, undefined, false, 'contactId');
    return listPage(historyList(contact.id), query, (spec) => this.repo.listHistory(accountId, contact.id, spec), (r) => this.entryToApi(r),
      this.href(`contacts/${contact.id}/history`));
  }

  // ---- Relationships ----

  async listRelated(accountId: string, contactId: string, query: ListQuery): Page<{ id: string }> {
    const contact = await this.contact(accountId, contactId);
    return listPage(relatedList(contact.id), query, (spec) => this.repo.listRelated(accountId, contact.id, spec), (r) => ({ id: r.related_contact_id }),
      this.href(`contacts/${contact.id}/related-contacts`));
  }

  private async insertPair(auth: AuthContext, a: string, b: string, trx: Executor): Promise<void> {
    const stamp = auditStamp(auth, this.clock()).created;
    for (const [from, to] of [[a, b], [b, a]] as const) {
      if (await this.repo.findRelationship(auth.accountId, from, to, trx)) continue;
      await this.repo.insertRelationship({ id: newId(), account_id: auth.accountId, contact_id: from, related_contact_id: to, created: stamp.created, created_by: stamp.created_by }, trx);
    }
  }

  /** Relates the two contacts (both ways); relating them again changes nothing; a contact is not related to itself (400). */
  async relate(auth: AuthContext, contactId: string, relatedId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const a = await this.contact(auth.accountId, contactId, trx, true);
      const b = await this.contact(auth.accountId, relatedId, trx, true, 'relatedContactId');
      if (a.id === b.id) throw ContactHistoryErrors.invalid('A contact cannot be related to itself', { target: 'relatedContactId' });
      try {
        await inSavepoint(trx, () => this.insertPair(auth, a.id, b.id, trx));
      } catch (err) {
        if (!isUniqueViolation(err)) throw err; // a concurrent PUT of the same pair: they are related
      }
    });
  }

  async unrelate(auth: AuthContext, contactId: string, relatedId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const a = await this.contact(auth.accountId, contactId, trx);
      const b = relatedId.toLowerCase();
      if (!(await this.repo.findRelationship(auth.accountId, a.id, b, trx))) throw ContactHistoryErrors.relationshipNotFound(undefined, { target: 'relatedContactId' });
      await this.repo.deleteRelationship(auth.accountId, a.id, b, trx);
    });
  }

  // ---- Profile picture ----

  /** Makes an uploaded JPEG, PNG or GIF the contact's profile picture, replacing the current one (which expires as unattached). */
  async setProfileImage(auth: AuthContext, contactId: string, input: ContactFileInput): Promise<ContactFile> {
    return this.repo.transaction(async (trx) => {
      const contact = await this.contact(auth.accountId, contactId, trx, true);
      const file = await this.uses.files.requireWebImage(auth.accountId, input.file.id.toLowerCase(), trx).catch((err: unknown) => {
        if (err instanceof Error && 'status' in err && err.status === 404) throw ContactHistoryErrors.invalid('Unknown file: upload it with POST /files', { target: 'file.id' });
        throw err;
      });
      const slot = profileImageSlot(contact.id);
      if (file.attachedTo !== null && file.attachedTo !== slot) {
        throw ContactHistoryErrors.invalid('The file is already in use elsewhere: upload the image again for this contact', { target: 'file.id' });
      }
      const current = await this.repo.findImage(auth.accountId, contact.id, trx);
      if (current && current.file_id !== file.id) await this.uses.files.attach(auth, current.file_id, { attachedTo: null }, trx).catch(() => undefined);
      await this.uses.files.attach(auth, file.id, { attachedTo: slot, contactId: contact.id }, trx);
      await this.repo.upsertImage({ id: newId(), account_id: auth.accountId, contact_id: contact.id, file_id: file.id, ...auditStamp(auth, this.clock()).created }, trx);
      return { file: { id: file.id }, href: this.uses.files.signedUrl(auth.accountId, file.id).href };
    });
  }

  async removeProfileImage(auth: AuthContext, contactId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const contact = await this.contact(auth.accountId, contactId, trx);
      const current = await this.repo.findImage(auth.accountId, contact.id, trx);
      if (!current) throw ContactHistoryErrors.imageNotFound();
      await this.uses.files.attach(auth, current.file_id, { attachedTo: null }, trx).catch(() => undefined);
      await this.repo.deleteImage(auth.accountId, contact.id, trx);
    });
  }

  // ---- Merge ----

  /**
   * Merges one or two contacts into the main one, in ONE transaction: the survivor gets their registrations (one per
   * event: on a conflict, the main contact's unless `conflictResolution.events` names another that can move), custom-field
   * answers to fields it has not answered, group memberships, relationships, history, profile picture (when it has
   * none) and every other row that points at them; the merged contacts are deleted, and both histories record the merge.
   */
  async merge(auth: AuthContext, mainId: string, input: MergeInput): Promise<Contact> {
    return this.repo.transaction(async (trx) => {
      const main = await this.contact(auth.accountId, mainId, trx);
      if (main.purged === true || main.deleted === true) throw ContactHistoryErrors.invalid('The main contact is deleted or obfuscated: it cannot take a merge', { target: 'id' });
      const ids = input.secondaryContacts.map((s) => s.toLowerCase());
      if (new Set(ids).size !== ids.length) throw ContactHistoryErrors.invalid('A contact is named twice in secondaryContacts', { target: 'secondaryContacts' });
      if (ids.includes(main.id)) throw ContactHistoryErrors.invalid('A contact cannot be merged into itself', { target: 'secondaryContacts' });
      const secondaries: Contact[] = [];
      for (const id of ids) {
        const s = await this.contact(auth.accountId, id, trx, false, 'secondaryContacts');
        if (s.purged === true || s.deleted === true) throw ContactHistoryErrors.invalid(`Contact ${s.id} is deleted or obfuscated: it cannot be merged`, { target: 'secondaryContacts' });
        secondaries.push(s);
      }
      const all = [main.id, ...ids];
      const named = (id: string, target: string): string => {
        const lower = id.toLowerCase();
        if (!all.includes(lower)) throw ContactHistoryErrors.invalid('Not one of the contacts being merged', { target });
        return lower;
      };
      const resolution = input.conflictResolution ?? {};
      const relatedFrom = resolution.relatedContacts === undefined ? undefined : named(resolution.relatedContacts, 'conflictResolution.relatedContacts');
      const picks = (resolution.contactFields ?? []).map((p) => ({ field: p.fieldName, from: named(p.contactId, 'conflictResolution.contactFields') }));
      const chosen = new Map((resolution.events ?? []).map((e) => [e.eventId.toLowerCase(), named(e.contactId, 'conflictResolution.events')]));

      // Registrations: one per event for the survivor.
      const attendees = await this.uses.registrations.registrationsOf(auth.accountId, all, trx);
      const byEvent = new Map<string, typeof attendees>();
      for (const a of attendees) byEvent.set(a.eventId, [...(byEvent.get(a.eventId) ?? []), a]);
      const kept = new Map<string, string[]>(ids.map((id) => [id, []]));
      const moves: Array<{ id: string }> = [];
      for (const [eventId, regs] of byEvent) {
        const want = chosen.get(eventId);
        const winner = want !== undefined ? regs.find((r) => r.contactId === want) : regs.find((r) => r.contactId === main.id) ?? regs.find((r) => r.contactId !== main.id);
        if (!winner) throw ContactHistoryErrors.invalid(`The chosen contact has no registration for event ${eventId}`, { target: 'conflictResolution.events' });
        const mainReg = regs.find((r) => r.contactId === main.id);
        if (winner.contactId !== main.id && mainReg) {
          throw ContactHistoryErrors.conflict(`The main contact keeps its own registration for event ${eventId}: merge into contact ${winner.contactId} to keep that one`,
            { target: 'conflictResolution.events' });
        }
        if (winner.contactId !== main.id) moves.push({ id: winner.id });
        for (const r of regs) if (r.id !== winner.id && r.contactId !== main.id) kept.get(r.contactId)?.push(r.id);
      }
      for (const [eventId] of chosen) {
        if (!byEvent.has(eventId)) throw ContactHistoryErrors.invalid(`None of the contacts is registered for event ${eventId}`, { target: 'conflictResolution.events' });
      }

      // The survivor's fields: its own, except those taken from a merged contact.
      const docs = new Map<string, Record<string, unknown>>();
      for (const c of [main, ...secondaries]) docs.set(c.id, await this.document(auth.accountId, c.id, trx));
      const doc = { ...(docs.get(main.id) ?? {}) };
      for (const p of picks) {
        const from = docs.get(p.from) ?? {};
        if (p.field === 'id' || !/^[A-Za-z][A-Za-z0-9]*$/.test(p.field)) throw ContactHistoryErrors.invalid(`Unknown contact field '${p.field}'`, { target: 'conflictResolution.contactFields' });
        if (from[p.field] === undefined) delete doc[p.field];
        else doc[p.field] = from[p.field];
      }
      const input2 = this.uses.contacts.checkNewContact(doc) as ContactInput;

      // Related contacts: all of theirs (or only those of the one named), never among themselves.
      const related = new Set<string>();
      for (const id of relatedFrom !== undefined ? [relatedFrom] : all) for (const r of await this.repo.relatedIds(auth.accountId, id, trx)) related.add(r);
      for (const id of all) related.delete(id);
      for (const id of all) await this.repo.deleteRelationshipsOf(auth.accountId, id, trx);
      for (const r of related) await this.insertPair(auth, main.id, r, trx);

      const now = iso(this.clock());
      const by = actorName(auth);
      const entries: Array<NewRow<'contact_history'>> = [];
      for (const s of secondaries) {
        for (const m of moves) if (attendees.find((a) => a.id === m.id)?.contactId === s.id) await this.uses.registrations.moveRegistration(auth.accountId, m.id, main.id, trx);
        await this.uses.answers.moveContactAnswers(auth.accountId, s.id, main.id, trx);
        await this.uses.groups.moveMemberships(auth.accountId, s.id, main.id, trx);
        for (const rows of this.uses.attendeeRows) await rows.moveContact(auth.accountId, s.id, main.id, kept.get(s.id) ?? [], trx);
        for (const rows of this.uses.personRows) await rows.moveContact(auth.accountId, s.id, main.id, trx);
        await this.uses.files.moveContact(auth.accountId, s.id, main.id, trx);
        await this.repo.moveHistory(auth.accountId, s.id, main.id, trx);
        const image = await this.repo.findImage(auth.accountId, s.id, trx);
        if (image && !(await this.repo.findImage(auth.accountId, main.id, trx))) {
          await this.repo.moveImage(auth.accountId, s.id, main.id, trx);
          await this.uses.files.attach(auth, image.file_id, { attachedTo: profileImageSlot(main.id), contactId: main.id }, trx);
        }
        // The merged contact is deleted (giving its email up), then the survivor takes the chosen fields.
        await this.uses.contacts.delete(auth, s.id, trx);
        entries.push({ id: newId(), account_id: auth.accountId, contact_id: s.id, field: 'mergedInto', old_value: null, new_value: main.id, through: THROUGH.modified, updated: now, updated_by: by });
      }
      entries.push({ id: newId(), account_id: auth.accountId, contact_id: main.id, field: 'mergedContacts', old_value: null, new_value: ids.join(','), through: THROUGH.modified, updated: now, updated_by: by });
      await this.repo.appendHistory(entries, trx);
      const merged = await this.uses.contacts.replaceIn(auth, main.id, input2, trx);
      await this.notifier?.notify(trx, auth.accountId, 'contact.merged', { ...merged, mergedContacts: secondaries.map((s) => ({ id: s.id })) });
      return merged;
    });
  }

  /** The contact's writable fields, as a PUT body. */
  private async document(accountId: string, id: string, trx: Executor): Promise<Record<string, unknown>> {
    return (await this.uses.contacts.documentOf(accountId, id, trx)) ?? {};
  }
}
