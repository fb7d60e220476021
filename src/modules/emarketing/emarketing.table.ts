import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables, ownOnly } from '../../db/declare.js';

/** An e-marketing campaign of the account (the reference lists them; eventline's extension creates them). */
export interface EmarketingCampaignsTable extends OwnedColumns, AuditColumns {
  name: string;
  active: number; // 0 | 1
  click_tracking: number; // 0 | 1
  company_name: string | null;
  from_name: string | null;
}

/** An email template of a campaign: what a send mails. */
export interface EmarketingTemplatesTable extends OwnedColumns, AuditColumns {
  campaign_id: string;
  name: string;
  active: number; // 0 | 1
  subject: string;
  from_name: string | null;
  from_email: string | null;
  plaintext_body: string;
  html_body: string | null;
  locale: string;
  click_tracking: number; // 0 | 1
  reply_to_name: string | null;
  reply_to_email: string | null;
}

/** One send of a template to recipients (POST /emarketing/emails). */
export interface EmarketingRequestsTable extends OwnedColumns, AuditColumns {
  template_id: string;
  campaign_id: string;
  recipients: number;
  refused: string; // JSON: the recipients no delivery was queued for, with why
}

/** One email of a send to one recipient (a contact), delivered by a durable job: the email history and bounces. */
export interface EmarketingDeliveriesTable extends OwnedColumns {
  request_id: string;
  template_id: string;
  campaign_id: string;
  contact_id: string;
  event_id: string | null; // e-marketing mail goes to contacts: always null (GET /emails filters on it)
  attendee_id: string | null; // likewise
  recipient: string; // the address mailed
  subject: string;
  product_line: string; // E_MARKETING
  email_type: string; // Custom
  status: string; // queued | sent | bounced | failed
  outcome: string | null; // the history's status: Sent | Failed (bounced or failed); null while queued
  smtp_code: number | null;
  smtp_response: string | null; // the relay's reply to a refused mail (may quote the address)
  attempts: number;
  mail_id: string | null; // the communications module's stored mail, once sent
  sent: string | null;
  bounced: string | null;
  created: string;
  last_modified: string;
}

// A campaign's sender, a template's texts, sender and reply-to are the planner's free text that may quote a person:
// the emarketing erasers redact an erased contact's values there. A delivery's address is the recipient's own value
// (replaced in their rows); its subject (a copy of the template's) and the relay's reply are free text.
export const EMARKETING_TABLES = declareTables('emarketing', {
  emarketing_campaigns: { personal: { from_name: 'free-text', company_name: 'free-text' }, none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'name'] },
  emarketing_templates: {
    personal: {
      subject: 'free-text', from_name: 'free-text', from_email: 'free-text', plaintext_body: 'free-text', html_body: 'free-text',
      reply_to_name: 'free-text', reply_to_email: 'free-text',
    },
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'campaign_id', 'name', 'locale'],
  },
  emarketing_requests: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'template_id', 'campaign_id', 'refused'] },
  emarketing_deliveries: {
    personal: {
      recipient: ownOnly('replaced', 'eventline copies it from the recipient contact\'s own email at send time; no client writes it'),
      subject: 'free-text', smtp_response: 'free-text',
    },
    none: [...OWNED_COLUMNS, 'request_id', 'template_id', 'campaign_id', 'contact_id', 'event_id', 'attendee_id', 'product_line', 'email_type', 'status', 'outcome', 'mail_id', 'sent', 'bounced', 'created', 'last_modified'],
  },
});
