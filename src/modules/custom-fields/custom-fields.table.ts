import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

export interface CustomFieldsTable extends OwnedColumns, AuditColumns {
  category: string; // the reference's CustomFieldCategory: Contact, Session, Event, ...
  name: string;
  code: string;
  code_key: string; // the code lower-cased: codes are unique in the account whatever their case
  type: string; // the reference's CustomFieldType: 'Open Ended Text - One Line', 'Choice - Single Answer', ...
  required: number; // 0 | 1
  details: string; // JSON: the type's settings besides choices (answerFormat, minimum, maximum, from, to, format...)
  display_type: string | null; // a choice field's displayType
  help_text: string | null;
  display_in_data_tag: string;
  default_tag_text: string | null;
  consent_field: number;
  active: number;
  display_in_event_creation_wizard: number;
  page_visibility: string | null; // JSON
  advanced_logic: string | null; // JSON: the reference's advanced-logic object
  sort_order: number; // the reference's read-only `order`: rank of creation in its category
}

export interface CustomFieldChoicesTable extends OwnedColumns, AuditColumns {
  custom_field_id: string;
  text: string;
  sort_order: number;
}

export interface CustomFieldTranslationsTable extends OwnedColumns, AuditColumns {
  custom_field_id: string;
  language: string;
  name_translation: string | null;
  help_text_translation: string | null;
  choice_translations: string; // JSON: [{ choiceId, translatedText }]
}

export interface CustomFieldAnswersTable extends OwnedColumns, AuditColumns {
  custom_field_id: string;
  subject: string; // 'Contact' | 'Event' | 'Session': what the answer is about
  subject_id: string;
  value: string; // JSON array of strings; choice ids for choice fields
}

// Definitions are the planners' catalogue. Answers are written about contacts, events and sessions; a contact's
// answers are that person's data (free text: a value may also name someone else), so the eraser deletes the erased
// contacts' answers and redacts their values in every other answer of the account.
export const CUSTOM_FIELDS_TABLES = declareTables('custom-fields', {
  custom_fields: {
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'category', 'name', 'code', 'code_key', 'type', 'details', 'display_type', 'help_text', 'display_in_data_tag',
      'default_tag_text', 'page_visibility', 'advanced_logic'],
  },
  custom_field_choices: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'custom_field_id', 'text'] },
  custom_field_translations: {
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'custom_field_id', 'language', 'name_translation', 'help_text_translation', 'choice_translations'],
  },
  custom_field_answers: { personal: { value: 'free-text' }, none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'custom_field_id', 'subject', 'subject_id'] },
});
