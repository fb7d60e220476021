import { AUDIT_COLUMNS, OWNED_COLUMNS, type OwnedColumns } from '../../db/columns.js';
import type { SentMail } from '../mail/index.js';
import type { MessageType } from './communications.schemas.js';
import type { SendEmailResponse } from './emails.schemas.js';
import { declareTables } from '../../db/declare.js';

// Rows of the compliance-communications module (migration 0008).
// No column has a database default: every insert names every column.

export interface CommunicationSettingsTable {
  account_id: string;
  /** JSON array of enabled message types. */
  enabled_types: string;
  last_modified: string;
}

export interface CommunicationMessagesTable extends OwnedColumns {
  type: MessageType;
  created: string;
  event_id: string | null;
  /** The contact the message names (sender or recipient), for erasure. */
  contact_id: string | null;
  /** JSON of the `message` object (for email: {} — the link is minted per listing). */
  payload: string;
  /** JSON object of tags. */
  tags: string;
  /** For email: the stored RFC 822 message in mail_outbox. */
  mail_id: string | null;
}

export interface MailOutboxTable extends OwnedColumns {
  created: string;
  contact_id: string | null;
  recipient: string;
  subject: string;
  /** The complete RFC 822 message, byte for byte what was sent. */
  raw: string;
  /** 'outbox' (kept here only) or 'smtp' (also relayed). */
  transport: SentMail['transport'];
}

export interface CommunicationSecretsTable {
  purpose: string;
  kid: string;
  secret: string;
  created: string;
}

export interface EmailRequestsTable extends OwnedColumns {
  event_id: string;
  email_id: string;
  resend: number;
  status: SendEmailResponse['status'];
  /** JSON array of { id, status, errorMessage? }. */
  responses: string;
  created: string;
  created_by: string;
  last_modified: string;
  last_modified_by: string;
}

export interface EmailDeliveriesTable {
  account_id: string;
  email_id: string;
  attendee_id: string;
  request_id: string;
  created: string;
}

export interface SessionChatMessagesTable extends OwnedColumns {
  event_id: string;
  session_id: string;
  attendee_id: string;
  parent_id: string | null;
  text_html: string;
  created: string;
}

export type QuestionStatus = 'open' | 'answered';

export interface SessionQuestionsTable extends OwnedColumns {
  event_id: string;
  session_id: string;
  attendee_id: string;
  text: string;
  anonymous: number;
  status: QuestionStatus;
  answer: string | null;
  created: string;
  last_modified: string;
}

export interface EventCommunicationSettingsTable {
  account_id: string;
  event_id: string;
  /** 1: creating an attendee link emails the attendee their personal join link. */
  join_link_emails: number;
  last_modified: string;
}

// Per communications.erasers.ts: message payloads, chat text and questions have
// the contact's values scrubbed; an outbox row's recipient, subject and raw
// message are overwritten whole with a stand-in.
export const COMMUNICATIONS_TABLES = declareTables('communications', {
  communication_settings: { none: ['account_id', 'enabled_types', 'last_modified'] },
  communication_messages: {
    personal: { payload: 'free-text' },
    none: [...OWNED_COLUMNS, 'type', 'created', 'event_id', 'contact_id', 'tags', 'mail_id'],
  },
  mail_outbox: {
    personal: { recipient: 'replaced', subject: 'replaced', raw: 'replaced' },
    none: [...OWNED_COLUMNS, 'created', 'contact_id', 'transport'],
  },
  communication_secrets: { none: ['purpose', 'kid', 'secret', 'created'] },
  email_requests: { none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'event_id', 'email_id', 'status', 'responses'] },
  email_deliveries: { none: ['account_id', 'email_id', 'attendee_id', 'request_id', 'created'] },
  session_chat_messages: {
    personal: { text_html: 'free-text' },
    none: [...OWNED_COLUMNS, 'event_id', 'session_id', 'attendee_id', 'parent_id', 'created'],
  },
  session_questions: {
    personal: { text: 'free-text', answer: 'free-text' },
    none: [...OWNED_COLUMNS, 'event_id', 'session_id', 'attendee_id', 'status', 'created', 'last_modified'],
  },
  event_communication_settings: { none: ['account_id', 'event_id', 'last_modified'] },
});
