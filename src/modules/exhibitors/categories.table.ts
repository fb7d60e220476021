import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AuditColumns, OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';

export const CATEGORY_TYPES = ['BANNER', 'LOGO'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

export interface ExhibitorCategoriesTable extends OwnedColumns, AuditColumns {
  event_id: string;
  name: string;
  description: string | null;
  sort_order: number; // the reference's `order`
  type: CategoryType;
  banner_file_id: string | null; // a file of the files module, attached as 'exhibitor-category-banner:<id>'
}

export interface ExhibitorCategoryMembersTable extends OwnedColumns, AuditColumns {
  event_id: string;
  category_id: string;
  exhibitor_id: string;
}

// Categories are the planner's catalogue (Automobile, Software): no personal data.
export const CATEGORIES_TABLES = declareTables<Database>('exhibitors', {
  exhibitor_categories: {
    id: 'none', account_id: 'none', event_id: 'none', name: 'none', description: 'none', type: 'none', banner_file_id: 'none',
    created: 'none', last_modified: 'none', created_by: 'none', last_modified_by: 'none',
  },
  exhibitor_category_members: {
    id: 'none', account_id: 'none', event_id: 'none', category_id: 'none', exhibitor_id: 'none',
    created: 'none', last_modified: 'none', created_by: 'none', last_modified_by: 'none',
  },
});

export type CategoryRow = Selectable<ExhibitorCategoriesTable>;
export type NewCategoryRow = Insertable<ExhibitorCategoriesTable>;
export type CategoryPatch = Updateable<ExhibitorCategoriesTable>;
export type NewCategoryMemberRow = Insertable<ExhibitorCategoryMembersTable>;
