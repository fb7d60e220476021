import type { Insertable, Selectable, Updateable } from 'kysely';
import type { AuditColumns, OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';

export interface RegistrationTypesTable extends OwnedColumns, AuditColumns {
  event_id: string;
  name: string;
  code: string | null;
  description: string | null;
  virtual: number;
  open_for_registration: number;
  automatic_open_date: string | null;
  automatic_end_date: string | null;
  capacity_total: number; // -1: unlimited
}

// A registration type is the planner's catalogue (Member, Exhibitor, VIP): no personal data.
export const REGISTRATION_TYPES_TABLES = declareTables<Database>('registration-types', {
  registration_types: {
    id: 'none', account_id: 'none', event_id: 'none', name: 'none', code: 'none', description: 'none', automatic_open_date: 'none', automatic_end_date: 'none',
    created: 'none', last_modified: 'none', created_by: 'none', last_modified_by: 'none',
  },
});

export type RegistrationTypeRow = Selectable<RegistrationTypesTable>;
export type NewRegistrationTypeRow = Insertable<RegistrationTypesTable>;
export type RegistrationTypePatch = Updateable<RegistrationTypesTable>;
