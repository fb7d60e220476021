import { compiledInsert } from '../../db/compiled.js';
import { Repository, type Executor } from '../../db/repository.js';
import type { NewRow, Row } from '../../db/types.js';
import { fetchPage, type ListSpec } from '../../lists/index.js';

const insertHistoryEntry = compiledInsert('contact_history');

/** A contact's history, relationships and profile picture; every statement names the account. */
export class ContactHistoryRepository extends Repository {
  listHistory(accountId: string, contactId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('contact_history').selectAll('contact_history')
      .where('contact_history.account_id', '=', accountId).where('contact_history.contact_id', '=', contactId), spec);
  }

  async appendHistory(rows: ReadonlyArray<NewRow<'contact_history'>>, ex: Executor): Promise<void> {
    // One entry (a created contact, a one-field change): the statement compiled once, as a bulk load writes it.
    if (rows.length === 1) await insertHistoryEntry(ex, rows[0]!);
    else if (rows.length > 0) await ex.insertInto('contact_history').values([...rows]).execute();
  }

  /** The contacts merged into these ones (each merged contact keeps a `mergedInto` entry naming its survivor). */
  async mergedInto(accountId: string, ids: readonly string[], ex: Executor): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await ex.selectFrom('contact_history').select('contact_id').where('account_id', '=', accountId)
      .where('field', '=', 'mergedInto').where('new_value', 'in', [...ids]).execute();
    return rows.map((r) => r.contact_id);
  }

  /** A merge: the merged contact's history becomes the survivor's. */
  async moveHistory(accountId: string, fromId: string, toId: string, ex: Executor): Promise<void> {
    await ex.updateTable('contact_history').set({ contact_id: toId }).where('account_id', '=', accountId).where('contact_id', '=', fromId).execute();
  }

  listRelated(accountId: string, contactId: string, spec: ListSpec) {
    return fetchPage(this.db.selectFrom('contact_relationships').selectAll('contact_relationships')
      .where('contact_relationships.account_id', '=', accountId).where('contact_relationships.contact_id', '=', contactId), spec);
  }

  async relatedIds(accountId: string, contactId: string, ex: Executor = this.db): Promise<string[]> {
    const rows = await ex.selectFrom('contact_relationships').select('related_contact_id').where('account_id', '=', accountId).where('contact_id', '=', contactId)
      .orderBy('id').execute();
    return rows.map((r) => r.related_contact_id);
  }

  findRelationship(accountId: string, contactId: string, relatedId: string, ex: Executor = this.db): Promise<Row<'contact_relationships'> | undefined> {
    return ex.selectFrom('contact_relationships').selectAll().where('account_id', '=', accountId).where('contact_id', '=', contactId)
      .where('related_contact_id', '=', relatedId).executeTakeFirst();
  }

  async insertRelationship(row: NewRow<'contact_relationships'>, ex: Executor): Promise<void> {
    await ex.insertInto('contact_relationships').values(row).execute();
  }

  /** Both directions of the relationship between the two contacts. */
  async deleteRelationship(accountId: string, a: string, b: string, ex: Executor): Promise<void> {
    await ex.deleteFrom('contact_relationships').where('account_id', '=', accountId)
      .where((w) => w.or([w.and([w('contact_id', '=', a), w('related_contact_id', '=', b)]), w.and([w('contact_id', '=', b), w('related_contact_id', '=', a)])]))
      .execute();
  }

  /** Every relationship of the contact, both directions. */
  async deleteRelationshipsOf(accountId: string, contactId: string, ex: Executor): Promise<void> {
    await ex.deleteFrom('contact_relationships').where('account_id', '=', accountId)
      .where((w) => w.or([w('contact_id', '=', contactId), w('related_contact_id', '=', contactId)])).execute();
  }

  findImage(accountId: string, contactId: string, ex: Executor = this.db): Promise<Row<'contact_profile_images'> | undefined> {
    return ex.selectFrom('contact_profile_images').selectAll().where('account_id', '=', accountId).where('contact_id', '=', contactId).executeTakeFirst();
  }

  async upsertImage(row: Row<'contact_profile_images'>, ex: Executor): Promise<void> {
    await ex.deleteFrom('contact_profile_images').where('account_id', '=', row.account_id).where('contact_id', '=', row.contact_id).execute();
    await ex.insertInto('contact_profile_images').values(row).execute();
  }

  async deleteImage(accountId: string, contactId: string, ex: Executor): Promise<void> {
    await ex.deleteFrom('contact_profile_images').where('account_id', '=', accountId).where('contact_id', '=', contactId).execute();
  }

  async moveImage(accountId: string, fromId: string, toId: string, ex: Executor): Promise<void> {
    await ex.updateTable('contact_profile_images').set({ contact_id: toId }).where('account_id', '=', accountId).where('contact_id', '=', fromId).execute();
  }
}
