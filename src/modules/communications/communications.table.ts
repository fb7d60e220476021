import type { OwnedColumns } from '../../db/columns.js';
import type { Insertable, Selectable } from 'kysely';
import type { SentMail } from '../mail/index.js';
import type { MessageType } from './communications.schemas.js';
import type { SendEmailResponse } from './emails.schemas.js';
import { declareTables } from '../../db/declare.js';
import type { Database } from '../../db/types.js';

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
export const COMMUNICATIONS_TABLES = declareTables<Database>('communications', {
  communication_settings: { account_id: 'none', enabled_types: 'none', last_modified: 'none' },
  communication_messages: {
    id: 'none', account_id: 'none', type: 'none', created: 'none', event_id: 'none', contact_id: 'none', payload: 'free-text', tags: 'none', mail_id: 'none',
  },
  mail_outbox: {
    id: 'none', account_id: 'none', created: 'none', contact_id: 'none', recipient: 'replaced', subject: 'replaced', raw: 'replaced', transport: 'none',
  },
  communication_secrets: { purpose: 'none', kid: 'none', secret: 'none', created: 'none' },
  email_requests: {
    id: 'none', account_id: 'none', event_id: 'none', email_id: 'none', status: 'none', responses: 'none', created: 'none', created_by: 'none',
    last_modified: 'none', last_modified_by: 'none',
  },
  email_deliveries: { account_id: 'none', email_id: 'none', attendee_id: 'none', request_id: 'none', created: 'none' },
  session_chat_messages: {
    id: 'none', account_id: 'none', event_id: 'none', session_id: 'none', attendee_id: 'none', parent_id: 'none', text_html: 'free-text', created: 'none',
  },
  session_questions: {
    id: 'none', account_id: 'none', event_id: 'none', session_id: 'none', attendee_id: 'none', text: 'free-text', status: 'none', answer: 'free-text',
    created: 'none', last_modified: 'none',
  },
  event_communication_settings: { account_id: 'none', event_id: 'none', last_modified: 'none' },
});

// The rows the repositories read and write, in Kysely's Selectable / Insertable / Updateable forms.
export type CommunicationMessageRow = Selectable<CommunicationMessagesTable>;
export type NewCommunicationMessage = Insertable<CommunicationMessagesTable>;
export type NewMail = Insertable<MailOutboxTable>;
export type EmailRequestRow = Selectable<EmailRequestsTable>;
export type NewEmailRequest = Insertable<EmailRequestsTable>;
export type ChatMessageRow = Selectable<SessionChatMessagesTable>;
export type NewChatMessage = Insertable<SessionChatMessagesTable>;
export type QuestionRow = Selectable<SessionQuestionsTable>;
export type NewQuestion = Insertable<SessionQuestionsTable>;
