import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { NewRow, Row, RowPatch } from '../../db/types.js';
import { AccountRows, Repository, type Executor } from '../../db/repository.js';
import { mayHoldAny } from '../privacy/index.js';
import type { SpeakerListRow } from './speakers.filters.js';

/** Speakers, their categories, documents and session links; every statement names the account. */
export class SpeakersRepository extends Repository {
  private readonly speakers = new AccountRows('speakers');
  private readonly categories = new AccountRows('speaker_categories');

  private speakersWithCategory(ex: Executor, accountId: string) {
    return ex.selectFrom('speakers').leftJoin('speaker_categories', 'speaker_categories.id', 'speakers.category_id')
      .selectAll('speakers').select('speaker_categories.name as category_name').where('speakers.account_id', '=', accountId);
  }

  list(accountId: string, spec: ListSpec) {
    return fetchPage(this.speakersWithCategory(this.db, accountId), spec);
  }

  find(accountId: string, id: string, ex: Executor = this.db): Promise<SpeakerListRow | undefined> {
    return this.speakersWithCategory(ex, accountId).where('speakers.id', '=', id).executeTakeFirst();
  }

  insert(row: NewRow<'speakers'>, ex: Executor = this.db): Promise<void> {
    return this.speakers.insert(ex, row);
  }

  update(accountId: string, id: string, patch: RowPatch<'speakers'>, ex: Executor = this.db): Promise<void> {
    return this.speakers.update(ex, accountId, id, patch);
  }

  /** The next `order` in the event: one more than its highest. */
  async nextOrder(accountId: string, eventId: string, ex: Executor = this.db): Promise<number> {
    const r = await ex.selectFrom('speakers').select((eb) => eb.fn.max('sort_order').as('n'))
      .where('account_id', '=', accountId).where('event_id', '=', eventId).executeTakeFirst();
    return Math.min(Number(r?.n ?? 0) + 1, 32767);
  }

  /** Deletes the speaker with its documents and session links. */
  async delete(accountId: string, id: string, ex: Executor = this.db): Promise<void> {
    await ex.deleteFrom('session_speakers').where('account_id', '=', accountId).where('speaker_id', '=', id).execute();
    await ex.deleteFrom('program_item_speakers').where('account_id', '=', accountId).where('speaker_id', '=', id).execute();
    await ex.deleteFrom('speaker_documents').where('account_id', '=', accountId).where('speaker_id', '=', id).execute();
    await this.speakers.delete(ex, accountId, id);
  }

  // ---- Categories ----

  listCategories(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('speaker_categories').selectAll('speaker_categories').where('speaker_categories.account_id', '=', accountId), spec);
  }

  findCategory(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'speaker_categories'> | undefined> {
    return this.categories.get(ex, accountId, id);
  }

  insertCategory(row: NewRow<'speaker_categories'>, ex: Executor = this.db): Promise<void> {
    return this.categories.insert(ex, row);
  }

  // ---- Documents ----

  listDocuments(accountId: string, speakerId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('speaker_documents').selectAll('speaker_documents')
      .where('speaker_documents.account_id', '=', accountId).where('speaker_documents.speaker_id', '=', speakerId), spec);
  }

  findDocument(accountId: string, speakerId: string, fileId: string, ex: Executor = this.db): Promise<Row<'speaker_documents'> | undefined> {
    return ex.selectFrom('speaker_documents').selectAll().where('account_id', '=', accountId).where('speaker_id', '=', speakerId).where('file_id', '=', fileId).executeTakeFirst();
  }

  documentsOf(accountId: string, speakerIds: readonly string[], ex: Executor = this.db): Promise<Array<Row<'speaker_documents'>>> {
    if (speakerIds.length === 0) return Promise.resolve([]);
    return ex.selectFrom('speaker_documents').selectAll().where('account_id', '=', accountId).where('speaker_id', 'in', speakerIds).execute();
  }

  /** Adding the same file twice is harmless (the unique pair decides). */
  async addDocument(row: NewRow<'speaker_documents'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('speaker_documents').values(row).onConflict((oc) => oc.columns(['speaker_id', 'file_id']).doNothing()).execute();
  }

  async removeDocument(accountId: string, speakerId: string, fileId: string, ex: Executor = this.db): Promise<boolean> {
    const r = await ex.deleteFrom('speaker_documents').where('account_id', '=', accountId).where('speaker_id', '=', speakerId).where('file_id', '=', fileId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  // ---- Session links ----

  private links(accountId: string) {
    return this.db.selectFrom('session_speakers').leftJoin('speaker_categories', 'speaker_categories.id', 'session_speakers.category_id')
      .selectAll('session_speakers').select('speaker_categories.name as category_name').where('session_speakers.account_id', '=', accountId);
  }

  speakersOfSession(accountId: string, sessionId: string, spec: ListSpec) {
    return fetchPage(this.links(accountId).where('session_speakers.session_id', '=', sessionId), spec);
  }

  sessionsOfSpeaker(accountId: string, speakerId: string, spec: ListSpec) {
    return fetchPage(this.links(accountId).where('session_speakers.speaker_id', '=', speakerId), spec);
  }

  /** Puts the speaker on the session, or changes its category and order there. */
  async link(row: NewRow<'session_speakers'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('session_speakers').values(row).onConflict((oc) => oc.columns(['session_id', 'speaker_id']).doUpdateSet({
      category_id: row.category_id ?? null, sort_order: row.sort_order ?? null, last_modified: row.last_modified, last_modified_by: row.last_modified_by,
    })).execute();
  }

  async unlink(accountId: string, sessionId: string, speakerId: string, ex: Executor = this.db): Promise<boolean> {
    const r = await ex.deleteFrom('session_speakers').where('account_id', '=', accountId).where('session_id', '=', sessionId).where('speaker_id', '=', speakerId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** A deleted session loses its speakers (the sessions module's delete hook, in its transaction). */
  async unlinkSession(accountId: string, sessionId: string, trx: Transaction<Database>): Promise<void> {
    await trx.deleteFrom('session_speakers').where('account_id', '=', accountId).where('session_id', '=', sessionId).execute();
  }

  // ---- Program item links ----

  listProgramItemLinks(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('program_item_speakers').selectAll('program_item_speakers').where('program_item_speakers.account_id', '=', accountId), spec);
  }

  findProgramItemLink(accountId: string, programItemId: string, speakerId: string, ex: Executor = this.db): Promise<Row<'program_item_speakers'> | undefined> {
    return ex.selectFrom('program_item_speakers').selectAll().where('account_id', '=', accountId).where('program_item_id', '=', programItemId)
      .where('speaker_id', '=', speakerId).executeTakeFirst();
  }

  /** The event's program-item links in id (assignment) order (for an event copy). */
  programItemLinksOfEvent(accountId: string, eventId: string, ex: Executor = this.db): Promise<Array<Row<'program_item_speakers'>>> {
    return ex.selectFrom('program_item_speakers').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).orderBy('id').execute();
  }

  /** Many links at once (an event copy writes an event's links in one statement). */
  async insertProgramItemLinks(rows: ReadonlyArray<NewRow<'program_item_speakers'>>, ex: Executor = this.db): Promise<void> {
    if (rows.length > 0) await ex.insertInto('program_item_speakers').values([...rows]).execute();
  }

  async unlinkProgramItemSpeaker(accountId: string, programItemId: string, speakerId: string, ex: Executor = this.db): Promise<boolean> {
    const r = await ex.deleteFrom('program_item_speakers').where('account_id', '=', accountId).where('program_item_id', '=', programItemId)
      .where('speaker_id', '=', speakerId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** A deleted program item loses its speakers (the program module's delete hook, in its transaction). */
  async unlinkProgramItem(accountId: string, programItemId: string, trx: Transaction<Database>): Promise<void> {
    await trx.deleteFrom('program_item_speakers').where('account_id', '=', accountId).where('program_item_id', '=', programItemId).execute();
  }

  // ---- Event copy ----

  /** The event's speakers in id (creation) order. */
  speakersOfEvent(accountId: string, eventId: string, ex: Executor = this.db): Promise<Array<Row<'speakers'>>> {
    return ex.selectFrom('speakers').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).orderBy('id').execute();
  }

  /** The event's session links in id (assignment) order. */
  linksOfEvent(accountId: string, eventId: string, ex: Executor = this.db): Promise<Array<Row<'session_speakers'>>> {
    return ex.selectFrom('session_speakers').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).orderBy('id').execute();
  }

  // ---- Erasure ----

  /**
   * The account's speakers an erasure may change: linked to one of the contacts, or holding one of the forms in a
   * personal column (a superset, found by SQL: the eraser confirms each).
   */
  erasureCandidates(trx: Transaction<Database>, accountId: string, contactIds: readonly string[], columns: readonly string[], forms: readonly string[]): Promise<Array<Row<'speakers'>>> {
    return trx.selectFrom('speakers').selectAll().where('account_id', '=', accountId)
      .where((eb) => eb.or([
        ...(contactIds.length > 0 ? [eb('contact_id', 'in', contactIds)] : []),
        mayHoldAny(columns, forms),
      ]))
      .execute();
  }

  async clearDocuments(trx: Transaction<Database>, accountId: string, speakerId: string): Promise<void> {
    await trx.deleteFrom('speaker_documents').where('account_id', '=', accountId).where('speaker_id', '=', speakerId).execute();
  }

  /** A contact merge (issue 30): the merged contact's rows become the survivor's, in the merge's transaction. */
  async moveContact(accountId: string, fromId: string, toId: string, ex: Executor): Promise<void> {
    await ex.updateTable('speakers').set({ contact_id: toId }).where('account_id', '=', accountId).where('contact_id', '=', fromId).execute();
  }
}
