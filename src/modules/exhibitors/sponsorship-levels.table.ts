import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AuditColumns, OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';

export interface SponsorshipLevelsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  name: string;
  rank: number | null; // the order sponsors appear in a list
}

// Gold, Silver, Bronze: the planner's catalogue, no personal data.
export const SPONSORSHIP_LEVELS_TABLES = declareTables<Database>('exhibitors', {
  sponsorship_levels: {
    id: 'none', account_id: 'none', event_id: 'none', name: 'none', created: 'none', last_modified: 'none', created_by: 'none', last_modified_by: 'none',
  },
});

export type SponsorshipLevelRow = Selectable<SponsorshipLevelsTable>;
export type NewSponsorshipLevelRow = Insertable<SponsorshipLevelsTable>;
export type SponsorshipLevelPatch = Updateable<SponsorshipLevelsTable>;
