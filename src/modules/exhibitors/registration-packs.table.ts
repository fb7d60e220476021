import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AuditColumns, OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';

export interface RegistrationPacksTable extends OwnedColumns, AuditColumns {
  event_id: string;
  exhibitor_id: string; // one pack per exhibitor (unique)
  capacities: string; // JSON: [{ registrationTypeId, reservedCapacity }]
}

// Ids and counts only.
export const REGISTRATION_PACKS_TABLES = declareTables<Database>('exhibitors', {
  registration_packs: {
    id: 'none', account_id: 'none', event_id: 'none', exhibitor_id: 'none', capacities: 'none',
    created: 'none', last_modified: 'none', created_by: 'none', last_modified_by: 'none',
  },
});

export type RegistrationPackRow = Selectable<RegistrationPacksTable>;
export type NewRegistrationPackRow = Insertable<RegistrationPacksTable>;
export type RegistrationPackPatch = Updateable<RegistrationPacksTable>;
