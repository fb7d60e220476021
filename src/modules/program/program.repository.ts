import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { NewRow, Row, RowPatch } from '../../db/types.js';
import { AccountRows, Repository, type Executor } from '../../db/repository.js';

/**
 * Session locations, categories and segments, program items and session documents; every statement names the account.
 * Inserts take many rows (an event copy writes an event's program in a few statements).
 */
export class ProgramRepository extends Repository {
  private readonly locations = new AccountRows('session_locations');
  private readonly categories = new AccountRows('session_categories');
  private readonly segments = new AccountRows('session_segments');
  private readonly items = new AccountRows('program_items');

  // ---- Locations ----

  listLocations(accountId: string, eventId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('session_locations').selectAll('session_locations')
      .where('session_locations.account_id', '=', accountId).where('session_locations.event_id', '=', eventId), spec);
  }

  async findLocation(accountId: string, eventId: string, id: string, ex: Executor = this.db): Promise<Row<'session_locations'> | undefined> {
    const row = await this.locations.get(ex, accountId, id);
    return row?.event_id === eventId ? row : undefined;
  }

  /** The event's locations, in creation order (for an event copy). */
  locationsOfEvent(accountId: string, eventId: string, ex: Executor = this.db): Promise<Array<Row<'session_locations'>>> {
    return ex.selectFrom('session_locations').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).orderBy('id').execute();
  }

  async insertLocations(rows: ReadonlyArray<NewRow<'session_locations'>>, ex: Executor = this.db): Promise<void> {
    if (rows.length > 0) await ex.insertInto('session_locations').values([...rows]).execute();
  }

  updateLocation(accountId: string, id: string, patch: RowPatch<'session_locations'>, ex: Executor = this.db): Promise<void> {
    return this.locations.update(ex, accountId, id, patch);
  }

  deleteLocation(accountId: string, id: string, ex: Executor = this.db): Promise<void> {
    return this.locations.delete(ex, accountId, id);
  }

  // ---- Categories ----

  listCategories(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('session_categories').selectAll('session_categories').where('session_categories.account_id', '=', accountId), spec);
  }

  findCategory(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'session_categories'> | undefined> {
    return this.categories.get(ex, accountId, id);
  }

  async insertCategories(rows: ReadonlyArray<NewRow<'session_categories'>>, ex: Executor = this.db): Promise<void> {
    if (rows.length > 0) await ex.insertInto('session_categories').values([...rows]).execute();
  }

  updateCategory(accountId: string, id: string, patch: RowPatch<'session_categories'>, ex: Executor = this.db): Promise<void> {
    return this.categories.update(ex, accountId, id, patch);
  }

  deleteCategory(accountId: string, id: string, ex: Executor = this.db): Promise<void> {
    return this.categories.delete(ex, accountId, id);
  }

  // ---- Segments ----

  listSegments(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('session_segments').selectAll('session_segments').where('session_segments.account_id', '=', accountId), spec);
  }

  findSegment(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'session_segments'> | undefined> {
    return this.segments.get(ex, accountId, id);
  }

  findSegmentPair(accountId: string, sessionId: string, segmentId: string, ex: Executor = this.db): Promise<Row<'session_segments'> | undefined> {
    return ex.selectFrom('session_segments').selectAll().where('account_id', '=', accountId).where('session_id', '=', sessionId).where('segment_id', '=', segmentId).executeTakeFirst();
  }

  /** The event's session segments (for an event copy). */
  segmentsOfEvent(accountId: string, eventId: string, ex: Executor = this.db): Promise<Array<Row<'session_segments'>>> {
    return ex.selectFrom('session_segments').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).orderBy('id').execute();
  }

  async insertSegments(rows: ReadonlyArray<NewRow<'session_segments'>>, ex: Executor = this.db): Promise<void> {
    if (rows.length > 0) await ex.insertInto('session_segments').values([...rows]).execute();
  }

  updateSegment(accountId: string, id: string, patch: RowPatch<'session_segments'>, ex: Executor = this.db): Promise<void> {
    return this.segments.update(ex, accountId, id, patch);
  }

  deleteSegment(accountId: string, id: string, ex: Executor = this.db): Promise<void> {
    return this.segments.delete(ex, accountId, id);
  }

  // ---- Program items ----

  listItems(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('program_items').selectAll('program_items').where('program_items.account_id', '=', accountId), spec);
  }

  findItem(accountId: string, id: string, ex: Executor = this.db): Promise<Row<'program_items'> | undefined> {
    return this.items.get(ex, accountId, id);
  }

  /** The event's program items, in creation order (for an event copy). */
  itemsOfEvent(accountId: string, eventId: string, ex: Executor = this.db): Promise<Array<Row<'program_items'>>> {
    return ex.selectFrom('program_items').selectAll().where('account_id', '=', accountId).where('event_id', '=', eventId).orderBy('id').execute();
  }

  itemIdsOfSession(accountId: string, sessionId: string, ex: Executor = this.db): Promise<string[]> {
    return ex.selectFrom('program_items').select('id').where('account_id', '=', accountId).where('session_id', '=', sessionId).execute().then((rows) => rows.map((r) => r.id));
  }

  async insertItems(rows: ReadonlyArray<NewRow<'program_items'>>, ex: Executor = this.db): Promise<void> {
    if (rows.length > 0) await ex.insertInto('program_items').values([...rows]).execute();
  }

  updateItem(accountId: string, id: string, patch: RowPatch<'program_items'>, ex: Executor = this.db): Promise<void> {
    return this.items.update(ex, accountId, id, patch);
  }

  /** Deletes the program item with its document relations (its speakers go first, by the speakers module's hook). */
  async deleteItem(accountId: string, id: string, ex: Executor = this.db): Promise<void> {
    await ex.deleteFrom('program_item_documents').where('account_id', '=', accountId).where('program_item_id', '=', id).execute();
    await this.items.delete(ex, accountId, id);
  }

  // ---- Session documents ----

  listSessionDocs(accountId: string, sessionId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('session_documents').selectAll('session_documents')
      .where('session_documents.account_id', '=', accountId).where('session_documents.session_id', '=', sessionId), spec);
  }

  findSessionDoc(accountId: string, sessionId: string, fileId: string, ex: Executor = this.db): Promise<Row<'session_documents'> | undefined> {
    return ex.selectFrom('session_documents').selectAll().where('account_id', '=', accountId).where('session_id', '=', sessionId).where('file_id', '=', fileId).executeTakeFirst();
  }

  sessionDocsOf(accountId: string, sessionId: string, ex: Executor = this.db): Promise<Array<Row<'session_documents'>>> {
    return ex.selectFrom('session_documents').selectAll().where('account_id', '=', accountId).where('session_id', '=', sessionId).execute();
  }

  /** Adding the same file twice is harmless (the unique pair decides). */
  async addSessionDoc(row: NewRow<'session_documents'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('session_documents').values(row).onConflict((oc) => oc.columns(['session_id', 'file_id']).doNothing()).execute();
  }

  /** Removes the document from the session and from its program items. */
  async removeSessionDoc(accountId: string, sessionId: string, fileId: string, ex: Executor = this.db): Promise<boolean> {
    await ex.deleteFrom('program_item_documents').where('account_id', '=', accountId).where('session_id', '=', sessionId).where('file_id', '=', fileId).execute();
    const r = await ex.deleteFrom('session_documents').where('account_id', '=', accountId).where('session_id', '=', sessionId).where('file_id', '=', fileId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  // ---- Program item documents ----

  listItemDocs(accountId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('program_item_documents').selectAll('program_item_documents').where('program_item_documents.account_id', '=', accountId), spec);
  }

  itemDocsOf(accountId: string, itemId: string, ex: Executor = this.db): Promise<Array<Row<'program_item_documents'>>> {
    return ex.selectFrom('program_item_documents').selectAll().where('account_id', '=', accountId).where('program_item_id', '=', itemId).orderBy('id').execute();
  }

  findItemDoc(accountId: string, itemId: string, fileId: string, ex: Executor = this.db): Promise<Row<'program_item_documents'> | undefined> {
    return ex.selectFrom('program_item_documents').selectAll().where('account_id', '=', accountId).where('program_item_id', '=', itemId).where('file_id', '=', fileId).executeTakeFirst();
  }

  async insertItemDoc(row: NewRow<'program_item_documents'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('program_item_documents').values(row).execute();
  }

  async removeItemDoc(accountId: string, itemId: string, fileId: string, ex: Executor = this.db): Promise<boolean> {
    const r = await ex.deleteFrom('program_item_documents').where('account_id', '=', accountId).where('program_item_id', '=', itemId).where('file_id', '=', fileId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  // ---- A deleted session ----

  /** What a deleted session leaves behind here, in its transaction: segments, documents (returned, to detach their files). */
  async clearSession(accountId: string, sessionId: string, trx: Transaction<Database>): Promise<Array<Row<'session_documents'>>> {
    const docs = await this.sessionDocsOf(accountId, sessionId, trx);
    await trx.deleteFrom('program_item_documents').where('account_id', '=', accountId).where('session_id', '=', sessionId).execute();
    await trx.deleteFrom('session_documents').where('account_id', '=', accountId).where('session_id', '=', sessionId).execute();
    await trx.deleteFrom('session_segments').where('account_id', '=', accountId).where('session_id', '=', sessionId).execute();
    return docs;
  }
}
