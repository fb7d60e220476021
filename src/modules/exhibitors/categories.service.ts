import type { Transaction } from 'kysely';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import type { Clock } from '../../db/time.js';
import { defineList, listPage, type FilterFields, type ListQuery, type Paging } from '../../lists/index.js';
import type { CategoriesRepository } from './categories.repository.js';
import type { Category, CategoryBanner, CategoryInput } from './categories.schemas.js';
import type { Row } from '../../db/types.js';
import { ExhibitorErrors } from './exhibitors.errors.js';
import { idList } from './exhibitors.filters.js';
import type { IdItem } from './exhibitors.schemas.js';
import { sameEvent, type ExhibitorFiles, type ExhibitorScope } from './exhibitors.service.js';
import { audit } from './team.common.js';

/** An event's exhibitor categories take no filter. */
export const CATEGORY_FILTER_FIELDS: FilterFields = {};
const categoriesList = (eventId: string) => defineList<Row<'exhibitor_categories'>>({
  name: `exhibitor-categories:${eventId}`,
  filters: CATEGORY_FILTER_FIELDS,
  order: [{ column: 'exhibitor_categories.sort_order', value: (r) => r.sort_order }, { column: 'exhibitor_categories.id', value: (r) => r.id }],
});
const bannerSlot = (categoryId: string): string => `exhibitor-category-banner:${categoryId}`;

/** Exhibitor categories (Automobile, Software...): CRUD, a banner, and which exhibitors are in each. */
export class CategoriesService {
  constructor(
    private readonly repo: CategoriesRepository,
    private readonly scope: ExhibitorScope,
    private readonly files: ExhibitorFiles,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  private toApi(r: Row<'exhibitor_categories'>): Category {
    return {
      id: r.id, event: { id: r.event_id }, name: r.name, ...(r.description !== null ? { description: r.description } : {}), order: r.sort_order, type: r.type,
      ...(r.banner_file_id !== null ? { bannerId: r.banner_file_id, bannerUrl: this.files.signedUrl(r.account_id, r.banner_file_id).href } : {}),
      ...audit(r),
    };
  }

  private href(eventId: string, rest: string): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}/events/${eventId}/${rest}`;
  }

  private async category(accountId: string, eventId: string, categoryId: string, trx?: Transaction<Database>): Promise<Row<'exhibitor_categories'>> {
    const event = await this.scope.event(accountId, eventId, trx);
    const row = await this.repo.find(accountId, event, categoryId.toLowerCase(), trx);
    if (!row) throw ExhibitorErrors.categoryNotFound();
    return row;
  }

  async list(accountId: string, eventId: string, query: ListQuery): Promise<{ paging: Paging; data: Category[] }> {
    const event = await this.scope.event(accountId, eventId);
    return listPage(categoriesList(event), query, (spec) => this.repo.list(accountId, event, spec), (r) => this.toApi(r), this.href(event, 'exhibitor-categories'));
  }

  async create(auth: AuthContext, eventId: string, input: CategoryInput): Promise<Category> {
    const event = await this.scope.event(auth.accountId, eventId);
    sameEvent(input.event.id, event);
    const stamp = auditStamp(auth, this.clock());
    const row: Row<'exhibitor_categories'> = {
      id: newId(), account_id: auth.accountId, event_id: event, name: input.name, description: input.description ?? null, sort_order: input.order, type: input.type,
      banner_file_id: null, ...stamp.created,
    };
    await this.repo.insert(row);
    return this.toApi(row);
  }

  async update(auth: AuthContext, eventId: string, categoryId: string, input: CategoryInput): Promise<Category> {
    const row = await this.category(auth.accountId, eventId, categoryId);
    sameEvent(input.event.id, row.event_id);
    const patch = {
      name: input.name, description: input.description ?? null, sort_order: input.order, type: input.type, ...auditStamp(auth, this.clock()).modified,
    };
    await this.repo.update(auth.accountId, row.id, patch);
    return this.toApi({ ...row, ...patch });
  }

  /** Deletes the category and its memberships (the exhibitors stay); its banner expires as an unattached file. */
  async delete(auth: AuthContext, eventId: string, categoryId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const row = await this.category(auth.accountId, eventId, categoryId, trx);
      if (row.banner_file_id !== null) await this.files.attach(auth, row.banner_file_id, { attachedTo: null }, trx).catch(() => undefined);
      await this.repo.delete(auth.accountId, row.id, trx);
    });
  }

  async setBanner(auth: AuthContext, eventId: string, categoryId: string, fileId: string): Promise<CategoryBanner> {
    return this.repo.transaction(async (trx) => {
      const row = await this.category(auth.accountId, eventId, categoryId, trx);
      const file = await this.files.requireWebImage(auth.accountId, fileId.toLowerCase(), trx);
      const slot = bannerSlot(row.id);
      if (file.attachedTo !== null && file.attachedTo !== slot) {
        throw ExhibitorErrors.invalid('The file is already in use elsewhere: upload the image again for this category', { target: 'fileId' });
      }
      if (row.banner_file_id !== null && row.banner_file_id !== file.id) await this.files.attach(auth, row.banner_file_id, { attachedTo: null }, trx).catch(() => undefined);
      await this.files.attach(auth, file.id, { attachedTo: slot }, trx);
      await this.repo.update(auth.accountId, row.id, { banner_file_id: file.id, ...auditStamp(auth, this.clock()).modified }, trx);
      return { file: { id: file.id }, href: this.files.signedUrl(auth.accountId, file.id).href };
    });
  }

  async removeBanner(auth: AuthContext, eventId: string, categoryId: string, fileId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const row = await this.category(auth.accountId, eventId, categoryId, trx);
      if (row.banner_file_id !== fileId.toLowerCase()) throw ExhibitorErrors.fileNotAssigned('The file is not the category\'s banner', { target: 'fileId' });
      await this.files.attach(auth, row.banner_file_id, { attachedTo: null }, trx).catch(() => undefined);
      await this.repo.update(auth.accountId, row.id, { banner_file_id: null, ...auditStamp(auth, this.clock()).modified }, trx);
    });
  }

  async exhibitors(accountId: string, eventId: string, categoryId: string, query: ListQuery): Promise<{ paging: Paging; data: IdItem[] }> {
    const row = await this.category(accountId, eventId, categoryId);
    return listPage(idList(`exhibitor-category-members:${row.id}`, 'exhibitor_category_members.exhibitor_id'), query,
      (spec) => this.repo.exhibitorIds(accountId, row.id, spec), (r) => ({ id: r.id }), this.href(row.event_id, `exhibitor-categories/${row.id}/exhibitors`));
  }

  async ofExhibitor(accountId: string, eventId: string, exhibitorId: string, query: ListQuery): Promise<{ paging: Paging; data: IdItem[] }> {
    const exhibitor = await this.scope.exhibitor(accountId, eventId, exhibitorId);
    return listPage(idList(`exhibitor-categories-of:${exhibitor.id}`, 'exhibitor_category_members.category_id'), query,
      (spec) => this.repo.categoryIds(accountId, exhibitor.id, spec), (r) => ({ id: r.id }), this.href(exhibitor.event_id, `exhibitors/${exhibitor.id}/exhibitor-categories`));
  }

  /** PUT: puts the exhibitor in the category (again is harmless). */
  async addExhibitor(auth: AuthContext, eventId: string, categoryId: string, exhibitorId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const row = await this.category(auth.accountId, eventId, categoryId, trx);
      const exhibitor = await this.scope.exhibitor(auth.accountId, row.event_id, exhibitorId, trx);
      const stamp = auditStamp(auth, this.clock());
      await this.repo.addMember({
        id: newId(), account_id: auth.accountId, event_id: row.event_id, category_id: row.id, exhibitor_id: exhibitor.id,
        ...stamp.created,
      }, trx);
    });
  }

  /** DELETE: takes the exhibitor out of the category; 404 when it was not in it. */
  async removeExhibitor(auth: AuthContext, eventId: string, categoryId: string, exhibitorId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const row = await this.category(auth.accountId, eventId, categoryId, trx);
      const exhibitor = await this.scope.exhibitor(auth.accountId, row.event_id, exhibitorId, trx);
      if (!(await this.repo.removeMember(auth.accountId, row.id, exhibitor.id, trx))) {
        throw ExhibitorErrors.exhibitorNotFound('The exhibitor is not in this category', { target: 'exhibitorId' });
      }
    });
  }
}
