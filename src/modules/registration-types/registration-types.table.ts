import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

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
export const REGISTRATION_TYPES_TABLES = declareTables('registration-types', {
  registration_types: {
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'name', 'code', 'description', 'automatic_open_date', 'automatic_end_date'],
  },
});
