import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

// The reference's lead-qualification-question type enum, in its order.
export const QUESTION_TYPES = ['MultiChoice', 'SingleChoice', 'Rating', 'OpenEndedTextOneLine', 'OpenEndedTextCommentBox', 'OpenEndedDateTime'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
// The reference's existing-lead enums.
export const LEAD_TYPES = ['leadcapture', 'inbound', 'appointment'] as const;
export const LEAD_APPLICATIONS = ['leadcapture', 'attendeehub_mobile', 'attendeehub_web', 'appointment_app'] as const;
export const LEAD_SOURCES = ['scanned', 'manual', 'business_card_scanned', 'ulc_scanned', 'inbound', 'appointment'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];
export type LeadApplication = (typeof LEAD_APPLICATIONS)[number];
export type LeadSource = (typeof LEAD_SOURCES)[number];

export interface LeadQualificationQuestionsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  exhibitor_id: string;
  type: QuestionType;
  text: string;
  code: string | null;
  choices: string; // JSON: [{ id, text, label? }]
  not_applicable_text: string | null; // the reference's notApplicableAnswer.text: set when "not applicable" may be answered
  other_text: string | null; // the reference's otherAnswers.text: set when "other" may be answered
  required: number;
}

export interface LeadsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  exhibitor_id: string;
  attendee_id: string;
  contact_id: string | null; // the attendee's contact at the scan (erasure finds the lead by it)
  booth_staff_id: string | null;
  device_id: string | null;
  device_name: string | null;
  // A copy of the attendee's contact details at the scan: what the exhibitor took away.
  title: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  company: string | null;
  mobile_phone: string | null;
  home_address: string | null; // JSON: the reference's lead-address
  home_phone: string | null;
  work_address: string | null; // JSON: the reference's lead-address
  work_phone: string | null;
  type: LeadType;
  application: LeadApplication;
  source: LeadSource;
  deleted: number;
  qualified: number;
  comments: string | null; // the booth staff's notes
  license_code: string | null;
}

export interface LeadQualificationAnswersTable extends OwnedColumns, AuditColumns {
  event_id: string;
  exhibitor_id: string;
  lead_id: string;
  question_id: string;
  answers: string; // JSON: [{ type, value?, choice?: { id } }]
}

export interface EliteratureRequestsTable extends OwnedColumns, AuditColumns {
  event_id: string;
  exhibitor_id: string;
  lead_id: string;
  documents: string; // JSON: [{ id, displayName, type }]
}

// A lead copies its attendee's contact: those values are cleared with the
// contact. Notes, free-text answers and what a device was named may mention anyone.
export const LEADS_TABLES = declareTables('exhibitors', {
  lead_qualification_questions: {
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'exhibitor_id', 'type', 'text', 'code', 'choices', 'not_applicable_text', 'other_text'],
  },
  leads: {
    personal: { device_name: 'free-text', title: 'cleared', first_name: 'cleared', last_name: 'cleared', email: 'cleared', company: 'cleared',
      mobile_phone: 'cleared', home_address: 'cleared', home_phone: 'cleared', work_address: 'cleared', work_phone: 'cleared', comments: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'exhibitor_id', 'attendee_id', 'contact_id', 'booth_staff_id', 'device_id', 'type',
      'application', 'source', 'license_code'],
  },
  lead_qualification_answers: {
    personal: { answers: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'exhibitor_id', 'lead_id', 'question_id'],
  },
  eliterature_requests: { personal: { documents: 'free-text' }, none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'exhibitor_id', 'lead_id'] },
});
