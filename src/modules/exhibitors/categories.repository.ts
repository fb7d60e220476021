import { fetchPage, type ListSpec } from '../../lists/index.js';
import type { NewRow } from '../../db/types.js';
import { ScopedRepository, ScopedRows, type Executor } from '../../db/repository.js';

/** Exhibitor categories and their members; every read names the account. */
export class CategoriesRepository extends ScopedRepository<'exhibitor_categories', 'event_id'> {
  protected override readonly rows = new ScopedRows('exhibitor_categories', 'event_id');

  list(accountId: string, eventId: string, spec: ListSpec) {
    const base = this.db.selectFrom('exhibitor_categories').selectAll('exhibitor_categories')
      .where('exhibitor_categories.account_id', '=', accountId).where('exhibitor_categories.event_id', '=', eventId);
    return fetchPage(base, spec);
  }

  async delete(accountId: string, id: string, ex: Executor = this.db): Promise<void> {
    await ex.deleteFrom('exhibitor_category_members').where('account_id', '=', accountId).where('category_id', '=', id).execute();
    await this.rows.delete(ex, accountId, id);
  }

  /** The live exhibitors of a category, as ids. */
  exhibitorIds(accountId: string, categoryId: string, spec: ListSpec) {
    const base = this.db.selectFrom('exhibitor_category_members')
      .innerJoin('exhibitors', 'exhibitors.id', 'exhibitor_category_members.exhibitor_id')
      .select('exhibitor_category_members.exhibitor_id as id')
      .where('exhibitor_category_members.account_id', '=', accountId).where('exhibitor_category_members.category_id', '=', categoryId)
      .where('exhibitors.deleted', '=', 0);
    return fetchPage(base, spec);
  }

  /** The categories of an exhibitor, as ids. */
  categoryIds(accountId: string, exhibitorId: string, spec: ListSpec) {
    const base = this.db.selectFrom('exhibitor_category_members').select('exhibitor_category_members.category_id as id')
      .where('exhibitor_category_members.account_id', '=', accountId).where('exhibitor_category_members.exhibitor_id', '=', exhibitorId);
    return fetchPage(base, spec);
  }

  /** Adds the exhibitor to the category; adding it twice is harmless (the unique pair decides). */
  async addMember(row: NewRow<'exhibitor_category_members'>, ex: Executor = this.db): Promise<void> {
    await ex.insertInto('exhibitor_category_members').values(row).onConflict((oc) => oc.columns(['category_id', 'exhibitor_id']).doNothing()).execute();
  }

  /** False when the exhibitor was not in the category. */
  async removeMember(accountId: string, categoryId: string, exhibitorId: string, ex: Executor = this.db): Promise<boolean> {
    const r = await ex.deleteFrom('exhibitor_category_members').where('account_id', '=', accountId)
      .where('category_id', '=', categoryId).where('exhibitor_id', '=', exhibitorId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** A deleted exhibitor leaves every category. */
  async removeExhibitor(accountId: string, exhibitorId: string, ex: Executor = this.db): Promise<void> {
    await ex.deleteFrom('exhibitor_category_members').where('account_id', '=', accountId).where('exhibitor_id', '=', exhibitorId).execute();
  }
}
