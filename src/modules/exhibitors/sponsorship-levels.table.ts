import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

export interface SponsorshipLevelsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  name: string;
  rank: number | null; // the order sponsors appear in a list
}

// Gold, Silver, Bronze: the planner's catalogue, no personal data.
export const SPONSORSHIP_LEVELS_TABLES = declareTables('exhibitors', {
  sponsorship_levels: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'name'] },
});
