import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

/** One changed field of one write of a contact (append-only): what it was, what it became, through what and by whom. */
export interface ContactHistoryTable extends OwnedColumns {
  contact_id: string;
  field: string; // the reference's field name, dotted for nested fields (homeAddress.city)
  old_value: string | null;
  new_value: string | null;
  through: string; // the reference's updatedThroughName
  updated: string;
  updated_by: string;
}

/** Two related contacts; each relationship is two rows, one per direction. */
export interface ContactRelationshipsTable extends OwnedColumns {
  contact_id: string;
  related_contact_id: string;
  created: string;
  created_by: string;
}

/** A contact's profile picture: a file from POST /files, attached as 'contact-profile-image:<contact id>'. */
export interface ContactProfileImagesTable extends OwnedColumns, AuditColumns {
  contact_id: string;
  file_id: string;
}

// A history row's old and new values are the contact's own values: cleared with the contact. Another contact's
// history may hold them too (an assistant's email typed into someone's profile): redacted where they appear.
export const CONTACT_HISTORY_TABLES = declareTables('contact-history', {
  contact_history: {
    personal: { old_value: 'cleared', new_value: 'cleared' },
    none: [...OWNED_COLUMNS, 'contact_id', 'field', 'through', 'updated', 'updated_by'],
  },
  contact_relationships: { none: [...OWNED_COLUMNS, 'contact_id', 'related_contact_id', 'created', 'created_by'] },
  contact_profile_images: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'contact_id', 'file_id'] },
});
