import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

/** A process form of the account: its questions (JSON: id, name, type, choices). */
export interface ProcessFormsTable extends OwnedColumns, AuditColumns {
  name: string;
  questions: string;
}

/** A process form submitted for an event: its status and answers (JSON: question id and values). */
export interface ProcessFormSubmissionsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  form_id: string;
  status: string;
  answers: string;
}

// Forms are the planners' catalogue; answers are free text that may name anyone (redacted by the eraser).
export const PROCESS_FORMS_TABLES = declareTables('process-forms', {
  process_forms: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'name', 'questions'] },
  process_form_submissions: { personal: { answers: 'free-text' }, none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'form_id', 'status'] },
});
