import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

export interface RegistrationPacksTable extends OwnedColumns, AuditColumns {
  event_id: string;
  exhibitor_id: string; // one pack per exhibitor (unique)
  capacities: string; // JSON: [{ registrationTypeId, reservedCapacity }]
}

// Ids and counts only.
export const REGISTRATION_PACKS_TABLES = declareTables('exhibitors', {
  registration_packs: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'exhibitor_id', 'capacities'] },
});
