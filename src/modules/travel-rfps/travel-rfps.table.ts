import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';

export interface TravelProgramsTable extends OwnedColumns, AuditColumns {
  name: string;
  contract_period: number | null;
  type: string;
  format: string;
  status: string;
  travel_account_id: string | null;
  stay_type: string | null;
  start_date: string | null;
  end_date: string | null;
  due_date: string | null;
  closeout_date: string | null;
}

export interface TravelProgramQuestionsTable extends OwnedColumns, AuditColumns {
  program_id: string;
  text: string;
  required: number;
  response_type: string; // single | choice
  response_data_type: string;
  response_format: string | null;
  response_choices: string; // JSON string[]
  section: string;
  sequence: number;
}

export interface TravelProposalsTable extends OwnedColumns, AuditColumns {
  program_id: string;
  supplier_property_id: string;
  contract_period: number | null;
  status: string;
  deleted: number;
  rate_review_status: string | null;
  business_type: string | null;
  format: string | null;
  document_read: number;
  reject_reason_code: string | null;
  reject_comment: string | null;
  submit_date: string | null;
  negotiation_round: number | null;
  negotiation_due_date: string | null;
  room_night_consumption: number | null;
  draft: number;
  group_and_meeting: string | null; // JSON, as given (rates and amenities)
  disposition: string | null; // JSON, as given
}

export interface TravelProposalAnswersTable extends OwnedColumns {
  proposal_id: string;
  question_id: string;
  answer: string;
}

export interface TravelBidsTable extends OwnedColumns, AuditColumns {
  proposal_id: string;
  name: string | null;
  stay_type: string;
  sort_order: number;
  status: string;
  rate_level: string | null;
  rate_type: string | null;
  plan_code: string | null;
  tier: string | null;
  market_code: string | null;
  currency_code: string | null;
  weekend_days: string; // JSON string[]
  lra: number;
  nlra: number;
  fair_date_lra: number;
  internal_note: string | null;
  details: string; // JSON: comments, roomTypes, seasons, discounts, fairSeasons, amenities, policies, taxesAndFees
}

export interface ProposalDraftsTable extends OwnedColumns, AuditColumns {
  name: string | null;
  event_id: string | null;
  rfp_id: string | null;
  status: string;
  proposal_code: string;
  version: number;
  body: string; // JSON: the draft as given (its contacts are people)
}

// The sourcing side is suppliers' and planners' business data; the people in it are a draft's contacts (names, emails,
// phones), a proposal's answers and reject comment, and a bid's notes and comments (free text that may name someone).
export const TRAVEL_RFPS_TABLES = declareTables('travel-rfps', {
  travel_programs: {
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'name', 'type', 'format', 'status', 'travel_account_id', 'stay_type', 'start_date', 'end_date', 'due_date', 'closeout_date'],
  },
  travel_program_questions: {
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'program_id', 'text', 'response_type', 'response_data_type', 'response_format', 'response_choices', 'section'],
  },
  travel_proposals: {
    personal: { reject_comment: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'program_id', 'supplier_property_id', 'status', 'rate_review_status', 'business_type', 'format', 'reject_reason_code',
      'submit_date', 'negotiation_due_date', 'group_and_meeting', 'disposition'],
  },
  travel_proposal_answers: { personal: { answer: 'free-text' }, none: [...OWNED_COLUMNS, 'proposal_id', 'question_id'] },
  travel_bids: {
    personal: { internal_note: 'free-text', details: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'proposal_id', 'name', 'stay_type', 'status', 'rate_level', 'rate_type', 'plan_code', 'tier', 'market_code',
      'currency_code', 'weekend_days'],
  },
  proposal_drafts: {
    personal: { body: 'free-text' },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'name', 'event_id', 'rfp_id', 'status', 'proposal_code'],
  },
});
