import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

// The reference's schemas of the Campaigns and Emails tags (campaign-data, email-template-data, send-email-request,
// send-email-response, send-email-emarketing-response, email-history, email-send-status, bounce-details):
// field names, enums and lengths as it gives them.

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const opt = Type.Optional;
const DateTime = (description: string) => Type.String({ format: 'date-time', description });

const Audit = {
  created: DateTime('The ISO 8601 zoned date time when this record was created.'),
  createdBy: Type.String({ description: 'The identifier of the user that created this record.' }),
  lastModified: DateTime('The ISO 8601 zoned date time when this record was updated.'),
  lastModifiedBy: Type.String({ description: 'The identifier of the user that last updated this record.' }),
};

const { limit, token, filter, after, before } = listQuerySchema().properties;
const Window = {
  after: opt(Type.String({ format: 'date-time', description: 'Only records last modified after this time.' })),
  before: opt(Type.String({ format: 'date-time', description: 'Only records last modified before this time.' })),
};
export const WindowedQuerySchema = Type.Object({ limit, token, filter, ...Window }, { additionalProperties: false });
export const BouncesQuerySchema = Type.Object({
  limit, token, filter,
  after: opt(Type.String({ format: 'date-time', description: 'Only bounces after this time.' })),
  before: opt(Type.String({ format: 'date-time', description: 'Only bounces before this time.' })),
}, { additionalProperties: false });
void after;
void before;

export const CampaignParamsSchema = Type.Object({ campaignId: Uuid('The unique ID of a campaign.') });
export const RequestParamsSchema = Type.Object({ emailRequestId: Uuid('The email request (POST /emarketing/emails answers its id).') });

// ---- Campaigns ----

export const CampaignInputSchema = Type.Object({
  campaignName: Type.String({ minLength: 1, maxLength: 200, description: 'Name of the campaign.' }),
  active: opt(Type.Boolean({ default: true, description: 'True indicates the campaign is active (an inactive campaign sends nothing).' })),
  clickTrackingEnabled: opt(Type.Boolean({ default: false, description: 'True indicates click tracking is enabled in the campaign.' })),
  companyName: opt(Type.String({ minLength: 1, maxLength: 200, description: 'Name of the company who is organising the campaign.' })),
  fromName: opt(Type.String({ minLength: 1, maxLength: 200, description: 'The name of the person on whose behalf the email will be sent.' })),
  campaignId: opt(Uuid('Read-only: ignored.')),
}, { title: 'Campaign Data', additionalProperties: false });
export type CampaignInput = Static<typeof CampaignInputSchema>;
export const CampaignSchema = Type.Object({
  campaignId: Uuid('Unique ID of a campaign.'),
  campaignName: Type.String({ description: 'Name of the campaign.' }),
  active: Type.Boolean({ description: 'True indicates the campaign is active.' }),
  clickTrackingEnabled: Type.Boolean({ description: 'True indicates click tracking is enabled in the campaign.' }),
  companyName: opt(Type.String()),
  fromName: opt(Type.String()),
  ...Audit,
}, { title: 'Campaign Data' });
export type Campaign = Static<typeof CampaignSchema>;
export const CampaignPageSchema = paginated(CampaignSchema, 'Campaign List Paginated Response');

// ---- Templates ----

const Email = (description: string) => Type.String({ format: 'email', maxLength: 254, description });
export const TemplateInputSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200, description: 'Name of the email template.' }),
  subject: Type.String({ minLength: 1, maxLength: 300, description: 'Subject of the email. `{{firstName}}`, `{{lastName}}` and `{{email}}` are filled with the recipient\'s.' }),
  plaintextBody: Type.String({ minLength: 1, maxLength: 100_000, description: 'Plain text body of the email (the same placeholders).' }),
  htmlBody: opt(Type.String({ minLength: 1, maxLength: 200_000, description: 'HTML body besides the text (placeholders are filled HTML-escaped).' })),
  fromName: opt(Type.String({ minLength: 1, maxLength: 200, description: 'Name of the sender, kept with the template. Mail leaves from the server\'s MAIL_FROM (the one sender its relay accepts).' })),
  fromEmail: opt(Email('The email address of the sender, kept with the template (mail leaves from MAIL_FROM).')),
  replyToName: opt(Type.String({ minLength: 1, maxLength: 200, description: 'Name of the person to reply to.' })),
  replyToEmail: opt(Email('Email address to reply to.')),
  locale: opt(Type.String({ minLength: 2, maxLength: 35, pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$', default: 'en-US', description: 'IETF language tag.' })),
  clickTrackingEnabled: opt(Type.Boolean({ default: false, description: 'Kept with the template; eventline does not rewrite links (history: opened and clicked stay false).' })),
  active: opt(Type.Boolean({ default: true, description: 'True indicates the email is active and can be sent.' })),
  id: opt(Type.String({ description: 'Read-only: ignored.' })),
}, { title: 'Email Template Response', additionalProperties: false });
export type TemplateInput = Static<typeof TemplateInputSchema>;
export const TemplateSchema = Type.Object({
  id: Type.String({ description: 'The ID of the eMarketing email (the templateId of a send).' }),
  active: Type.Boolean({ description: 'True indicates the email will be active and can be sent.' }),
  name: Type.String(), subject: Type.String(), plaintextBody: Type.String(), htmlBody: opt(Type.String()),
  fromName: opt(Type.String()), fromEmail: opt(Type.String()), replyToName: opt(Type.String()), replyToEmail: opt(Type.String()),
  locale: Type.String(), clickTrackingEnabled: Type.Boolean(),
  ...Audit,
}, { title: 'Email Template Response' });
export type Template = Static<typeof TemplateSchema>;
export const TemplatePageSchema = paginated(TemplateSchema, 'Email template List Paginated Response');

// ---- Sends ----

export const SEND_STATUSES = ['Sent', 'In-Progress', 'Error', 'Opted-Out'] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];
export const DELIVERY_STATUSES = ['queued', 'sent', 'bounced', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
const DeliveryStatusSchema = Type.Enum(DELIVERY_STATUSES, {
  type: 'string', description: 'eventline extension: where the delivery is: queued (a job will send it), sent (the relay took it), bounced (the relay refused it, 5xx), failed (no relay took it after the retries).',
});
export const SendInputSchema = Type.Object({
  templateId: Type.String({ minLength: 1, maxLength: 36, description: 'An active template of an active campaign of the account.' }),
  recipients: Type.Array(Type.Object({ id: Uuid('A contact of the account.') }, { additionalProperties: false }), { minItems: 1, maxItems: 200 }),
}, { title: 'Send EMarketing Email Request', additionalProperties: false });
export type SendInput = Static<typeof SendInputSchema>;
const RecipientResponseSchema = Type.Object({
  id: Uuid('The contact.'), status: Type.Enum(SEND_STATUSES, { type: 'string' }), errorMessage: opt(Type.String()), deliveryStatus: opt(DeliveryStatusSchema),
}, { title: 'Email Recipient Response' });
export type RecipientResponse = Static<typeof RecipientResponseSchema>;
const RequestStatus = Type.Enum(['ERROR', 'IN-PROGRESS', 'SUCCESSFUL'], { type: 'string' });
export type RequestStatus = Static<typeof RequestStatus>;
export const SendResponseSchema = Type.Object({
  requestId: Uuid('The request ID of the send.'), templateId: Type.String(), recipientResponse: Type.Array(RecipientResponseSchema, { minItems: 1, maxItems: 200 }),
  status: RequestStatus, description: opt(Type.String()),
}, { title: 'Send EMarketing Email Response' });
export type SendResponse = Static<typeof SendResponseSchema>;
export const SendStatusSchema = Type.Object({ ...SendResponseSchema.properties, ...Audit }, { title: 'Send Emarketing Email Response' });
export type SendStatusResponse = Static<typeof SendStatusSchema>;

/** A stored refused recipient of a send (no delivery was queued for them). */
export const RefusedSchema = Type.Array(Type.Object({ id: Type.String(), status: Type.Enum(['Error', 'Opted-Out'], { type: 'string' }), errorMessage: Type.String() }));

export const EmailSendStatusSchema = Type.Object({
  emailRequestId: Uuid('ID of the send email request.'),
  requestedDate: DateTime('When the request was made.'),
  requestedBy: Type.String(),
  recipientStatus: Type.Array(Type.Object({
    recipientId: Uuid('The contact.'), recipientName: opt(Type.String()), status: Type.Enum(SEND_STATUSES, { type: 'string' }), deliveryStatus: opt(DeliveryStatusSchema),
  }, { title: 'Recipients Data' }), { maxItems: 200 }),
}, { title: 'Email send status' });
export type EmailSendStatus = Static<typeof EmailSendStatusSchema>;

// ---- History and bounces ----

const IdRef = Type.Object({ id: Uuid('The id.') });
export const HistorySchema = Type.Object({
  id: Type.String({ description: 'Unique Id of an email history record.' }),
  contact: IdRef,
  subject: Type.String(), from: Type.String(), to: Type.String(),
  type: Type.Literal('Custom', { description: 'E-marketing emails are of type Custom.' }),
  sent: opt(DateTime('When the relay took the email.')),
  status: opt(Type.Enum(['Sent', 'Failed'], { type: 'string', description: 'Absent while queued.' })),
  undeliverable: Type.Boolean(), bounced: Type.Boolean(), opened: Type.Boolean(), clicked: Type.Boolean(),
  deliveryStatus: DeliveryStatusSchema,
  campaign: Type.Object({ id: Uuid('The campaign.') }, { description: 'eventline extension: the campaign the email was sent for.' }),
  emailRequestId: Uuid('eventline extension: the send it belongs to.'),
  created: DateTime('When the email was queued.'), lastModified: DateTime('When its delivery last changed.'),
}, { title: 'Email History' });
export type History = Static<typeof HistorySchema>;
export const HistoryPageSchema = paginated(HistorySchema, 'Email History Paginated Response');

export const BounceSchema = Type.Object({
  recipient: Type.Object({ id: Uuid('The contact.'), firstName: opt(Type.String()), lastName: opt(Type.String()), emailAddress: Type.String() }, { title: 'Recipient' }),
  bounceReason: Type.String({ description: 'The relay\'s reply.' }),
  bounceDateTime: DateTime('When the relay refused the email.'),
  smtpCode: Type.Integer({ description: 'The SMTP reply code (5xx).' }),
  dsnDiagnostics: Type.String({ description: 'The reply as a DSN diagnostic code (smtp; ...).' }),
  optOut: Type.Boolean(),
  subject: Type.String(),
  productLine: Type.Literal('E_MARKETING'),
  productId: Uuid('The campaign.'),
  emailType: Type.Literal('Custom'),
  emailId: Uuid('The template.'),
  created: DateTime('When the email was sent (queued).'),
}, { title: 'Bounce details' });
export type Bounce = Static<typeof BounceSchema>;
export const BouncePageSchema = paginated(BounceSchema, 'Paginated Bounce Details');
