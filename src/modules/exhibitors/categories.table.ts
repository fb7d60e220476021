import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

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
export const CATEGORIES_TABLES = declareTables('exhibitors', {
  exhibitor_categories: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'name', 'description', 'type', 'banner_file_id'] },
  exhibitor_category_members: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'category_id', 'exhibitor_id'] },
});
