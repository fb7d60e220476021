// Rows of the compliance-communications module (migration 0008).
// No column has a database default: every insert names every column.

import type { Insertable, Selectable } from 'kysely';
import type { SentMail } from '../mail/index.js';
import type { MessageType } from './communications.schemas.js';
import type { SendEmailResponse } from './emails.schemas.js';

// The rows the repository reads and writes, in Kysely's Selectable/Insertable forms.
export type CommunicationMessageRow = Selectable<CommunicationMessagesTable>;
export type NewCommunicationMessage = Insertable<CommunicationMessagesTable>;
export type NewMail = Insertable<MailOutboxTable>;
export type EmailRequestRow = Selectable<EmailRequestsTable>;
export type NewEmailRequest = Insertable<EmailRequestsTable>;
export type ChatMessageRow = Selectable<SessionChatMessagesTable>;
export type NewChatMessage = Insertable<SessionChatMessagesTable>;
export type QuestionRow = Selectable<SessionQuestionsTable>;
export type NewQuestion = Insertable<SessionQuestionsTable>;

export interface CommunicationSettingsTable {
  account_id: string;
  /** JSON array of enabled message types. */
  enabled_types: string;
  last_modified: string;
}

export interface CommunicationMessagesTable {
  id: string;
  account_id: string;
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

export interface MailOutboxTable {
  id: string;
  account_id: string;
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

export interface EmailRequestsTable {
  id: string;
  account_id: string;
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

export interface SessionChatMessagesTable {
  id: string;
  account_id: string;
  event_id: string;
  session_id: string;
  attendee_id: string;
  parent_id: string | null;
  text_html: string;
  created: string;
}

export type QuestionStatus = 'open' | 'answered';

export interface SessionQuestionsTable {
  id: string;
  account_id: string;
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
