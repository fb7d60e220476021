import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import { newId } from '../../db/ids.js';
import { jsonColumn } from '../../db/json.js';
import { iso, type Clock } from '../../db/time.js';
import type { Row } from '../../db/types.js';
import { PermanentJobError, type JobHandler, type JobQueue, type JobRecord } from '../../jobs/index.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { ContactsService } from '../contacts/index.js';
import { EmarketingErrors } from './emarketing.errors.js';
import { andOnly, BOUNCES_LIST, CAMPAIGNS_LIST, HISTORY_LIST, templatesList } from './emarketing.filters.js';
import type { EmarketingRepository } from './emarketing.repository.js';
import {
  RefusedSchema, type Bounce, type Campaign, type CampaignInput, type DeliveryStatus, type EmailSendStatus, type History, type RecipientResponse,
  type RequestStatus, type SendInput, type SendResponse, type SendStatus, type SendStatusResponse, type Template, type TemplateInput,
} from './emarketing.schemas.js';

/** The durable job that delivers one e-marketing email. */
export const DELIVER_JOB = 'emarketing.deliver';
/** Tries of a delivery that the relay answers with a temporary failure (4xx, or no answer) before it is failed. */
export const DELIVERY_ATTEMPTS = 3;

/** The platform's one mail path (the communications module's EmailsService): composes, relays or keeps in the outbox, archives. */
export interface Mailer {
  deliver(accountId: string, m: {
    eventId: string | null; contactId: string | null; to: string; subject: string; text: string; html?: string; tags?: Record<string, string>;
  }): Promise<string>;
}

/** The event emails' requests (POST /events/emails, the communications module): GET /emails/{id}/status reports them too. */
export interface EventEmailRequests {
  status(accountId: string, requestId: string): Promise<{
    requestId: string; created: string; createdBy: string; attendeeResponses: ReadonlyArray<{ id: string; status: SendStatus }>;
  }>;
}

export interface EmarketingUses {
  readonly contacts: Pick<ContactsService, 'findByIds' | 'find'>;
  readonly mailer: Mailer;
  readonly eventEmails?: EventEmailRequests;
}

type Page<T> = Promise<{ paging: Paging; data: T[] }>;

const refusedColumn = jsonColumn('emarketing_requests.refused', RefusedSchema);
const PayloadSchema = Type.Object({ accountId: Type.String(), deliveryId: Type.String() });

const audit = (r: { created: string; created_by: string; last_modified: string; last_modified_by: string }) =>
  ({ created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by });

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `{{firstName}}`, `{{lastName}}` and `{{email}}` filled with the recipient's; anything else is left as written. */
function fill(text: string, who: Readonly<Record<string, string>>, escape: (s: string) => string = (s) => s): string {
  return text.replace(/\{\{\s*(firstName|lastName|email)\s*\}\}/g, (_, key: string) => escape(who[key] ?? ''));
}

/** What the relay said when it refused a mail: nodemailer's SMTP error carries the reply code and text. */
function smtpReply(err: unknown): { code: number | undefined; text: string } {
  if (typeof err !== 'object' || err === null) return { code: undefined, text: String(err) };
  const code = 'responseCode' in err && typeof err.responseCode === 'number' ? err.responseCode : undefined;
  const text = 'response' in err && typeof err.response === 'string' ? err.response : err instanceof Error ? err.message : 'The mail could not be sent';
  return { code, text: text.slice(0, 1000) };
}

function sendStatusOf(status: DeliveryStatus): SendStatus {
  return status === 'queued' ? 'In-Progress' : status === 'sent' ? 'Sent' : 'Error';
}

function requestStatus(statuses: readonly DeliveryStatus[]): RequestStatus {
  if (statuses.includes('queued')) return 'IN-PROGRESS';
  return statuses.includes('sent') ? 'SUCCESSFUL' : 'ERROR';
}

function deliveryStatus(r: Row<'emarketing_deliveries'>): DeliveryStatus {
  return r.status as DeliveryStatus;
}

/**
 * E-marketing (issue 30): campaigns and their email templates, sends to contacts and what became of each email. A send
 * queues one delivery per recipient, each a durable job that mails through the platform's mail path (the SMTP relay,
 * or the outbox): queued, then sent, bounced (the relay refused it with a 5xx reply) or failed (temporary failures
 * until the last try). GET /emails and GET /bounces read the deliveries.
 */
export class EmarketingService {
  constructor(
    private readonly repo: EmarketingRepository,
    private readonly uses: EmarketingUses,
    private readonly jobs: JobQueue,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion' | 'communications'>,
    private readonly clock: Clock,
  ) {}

  private href(rest: string): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}/${rest}`;
  }

  private get from(): string {
    return this.config.communications?.mailFrom ?? 'eventline <no-reply@eventline.invalid>';
  }

  // ---- Campaigns ----

  private campaignToApi(r: Row<'emarketing_campaigns'>): Campaign {
    return {
      campaignId: r.id, campaignName: r.name, active: r.active === 1, clickTrackingEnabled: r.click_tracking === 1,
      ...(r.company_name !== null ? { companyName: r.company_name } : {}), ...(r.from_name !== null ? { fromName: r.from_name } : {}), ...audit(r),
    };
  }

  listCampaigns(accountId: string, query: ListQuery): Page<Campaign> {
    andOnly(query.filter, CAMPAIGNS_LIST.filters);
    return listPage(CAMPAIGNS_LIST, query, (spec) => this.repo.listCampaigns(accountId, spec), (r) => this.campaignToApi(r), this.href('campaigns'));
  }

  async createCampaign(auth: AuthContext, input: CampaignInput): Promise<Campaign> {
    const row: Row<'emarketing_campaigns'> = {
      id: newId(), account_id: auth.accountId, name: input.campaignName, active: input.active === false ? 0 : 1, click_tracking: input.clickTrackingEnabled === true ? 1 : 0,
      company_name: input.companyName ?? null, from_name: input.fromName ?? null, ...auditStamp(auth, this.clock()).created,
    };
    await this.repo.insertCampaign(row);
    return this.campaignToApi(row);
  }

  private async campaign(accountId: string, id: string): Promise<Row<'emarketing_campaigns'>> {
    const row = await this.repo.findCampaign(accountId, id.toLowerCase());
    if (!row) throw EmarketingErrors.campaignNotFound(undefined, { target: 'campaignId' });
    return row;
  }

  // ---- Templates ----

  private templateToApi(r: Row<'emarketing_templates'>): Template {
    const optional = { htmlBody: r.html_body, fromName: r.from_name, fromEmail: r.from_email, replyToName: r.reply_to_name, replyToEmail: r.reply_to_email };
    return {
      id: r.id, active: r.active === 1, name: r.name, subject: r.subject, plaintextBody: r.plaintext_body, locale: r.locale, clickTrackingEnabled: r.click_tracking === 1,
      ...Object.fromEntries(Object.entries(optional).filter((e): e is [string, string] => e[1] !== null)), ...audit(r),
    };
  }

  async listTemplates(accountId: string, campaignId: string, query: ListQuery): Page<Template> {
    const campaign = await this.campaign(accountId, campaignId);
    const list = templatesList(campaign.id);
    andOnly(query.filter, list.filters);
    return listPage(list, query, (spec) => this.repo.listTemplates(accountId, campaign.id, spec), (r) => this.templateToApi(r),
      this.href(`emarketing/campaigns/${campaign.id}/email-templates`));
  }

  async createTemplate(auth: AuthContext, campaignId: string, input: TemplateInput): Promise<Template> {
    const campaign = await this.campaign(auth.accountId, campaignId);
    const row: Row<'emarketing_templates'> = {
      id: newId(), account_id: auth.accountId, campaign_id: campaign.id, name: input.name, active: input.active === false ? 0 : 1, subject: input.subject,
      from_name: input.fromName ?? null, from_email: input.fromEmail ?? null, plaintext_body: input.plaintextBody, html_body: input.htmlBody ?? null,
      locale: input.locale ?? 'en-US', click_tracking: input.clickTrackingEnabled === true ? 1 : 0, reply_to_name: input.replyToName ?? null,
      reply_to_email: input.replyToEmail ?? null, ...auditStamp(auth, this.clock()).created,
    };
    await this.repo.insertTemplate(row);
    return this.templateToApi(row);
  }

  // ---- Sends ----

  /**
   * Queues the template's email to each recipient (a contact of the account with an address, not opted out): a
   * delivery row and its durable job per recipient, in one transaction. Refused recipients are answered Error or
   * Opted-Out and get no mail.
   */
  async send(auth: AuthContext, input: SendInput): Promise<SendResponse> {
    const template = /^[0-9a-f-]{36}$/i.test(input.templateId) ? await this.repo.findTemplate(auth.accountId, input.templateId.toLowerCase()) : undefined;
    if (!template) throw EmarketingErrors.invalid('No email template of the account has this id', { target: 'templateId' });
    if (template.active !== 1) throw EmarketingErrors.invalid('The email template is not active', { target: 'templateId' });
    const campaign = await this.repo.findCampaign(auth.accountId, template.campaign_id);
    if (!campaign || campaign.active !== 1) throw EmarketingErrors.invalid('The template\'s campaign is not active', { target: 'templateId' });

    const ids = [...new Set(input.recipients.map((r) => r.id.toLowerCase()))];
    const contacts = new Map((await this.uses.contacts.findByIds(auth.accountId, ids)).map((c) => [c.id, c]));
    const now = iso(this.clock());
    const requestId = newId();
    const refused: Array<{ id: string; status: 'Error' | 'Opted-Out'; errorMessage: string }> = [];
    const deliveries: Array<Row<'emarketing_deliveries'>> = [];
    for (const id of ids) {
      const contact = contacts.get(id);
      if (!contact || contact.deleted === true) refused.push({ id, status: 'Error', errorMessage: 'No active contact of the account has this id' });
      else if (!contact.email) refused.push({ id, status: 'Error', errorMessage: 'The contact has no email address' });
      else if (contact.optOut?.optedOut === true) refused.push({ id, status: 'Opted-Out', errorMessage: 'The contact opted out of emails' });
      else {
        deliveries.push({
          id: newId(), account_id: auth.accountId, request_id: requestId, template_id: template.id, campaign_id: campaign.id, contact_id: contact.id, event_id: null,
          attendee_id: null, recipient: contact.email, subject: fill(template.subject, { firstName: contact.firstName ?? '', lastName: contact.lastName ?? '', email: contact.email }),
          product_line: 'E_MARKETING', email_type: 'Custom', status: 'queued', outcome: null, smtp_code: null, smtp_response: null, attempts: 0, mail_id: null, sent: null,
          bounced: null, created: now, last_modified: now,
        });
      }
    }
    const stamp = auditStamp(auth, this.clock()).created;
    const request: Row<'emarketing_requests'> = {
      id: requestId, account_id: auth.accountId, template_id: template.id, campaign_id: campaign.id, recipients: ids.length, refused: JSON.stringify(refused), ...stamp,
    };
    await this.repo.transaction(async (trx) => {
      await this.repo.insertRequest(request, trx);
      await this.repo.insertDeliveries(deliveries, trx);
      for (const d of deliveries) {
        await this.jobs.enqueue({ type: DELIVER_JOB, accountId: auth.accountId, payload: { accountId: auth.accountId, deliveryId: d.id }, maxAttempts: DELIVERY_ATTEMPTS }, trx);
      }
    });
    const responses = this.responses(request, deliveries);
    const status = requestStatus(deliveries.map(deliveryStatus));
    return {
      requestId, templateId: template.id, recipientResponse: responses, status,
      ...(deliveries.length === 0 ? { description: 'No recipient could be mailed: see recipientResponse' } : {}),
    };
  }

  private responses(request: Row<'emarketing_requests'>, deliveries: ReadonlyArray<Row<'emarketing_deliveries'>>): RecipientResponse[] {
    const mailed: RecipientResponse[] = deliveries.map((d) => {
      const status = deliveryStatus(d);
      const error = status === 'bounced' ? `Bounced: ${d.smtp_response ?? 'refused by the relay'}` : status === 'failed' ? `Failed: ${d.smtp_response ?? 'no relay took the mail'}` : undefined;
      return { id: d.contact_id, status: sendStatusOf(status), ...(error !== undefined ? { errorMessage: error } : {}), deliveryStatus: status };
    });
    return [...mailed, ...refusedColumn(request.refused)];
  }

  private async request(accountId: string, id: string): Promise<{ request: Row<'emarketing_requests'>; deliveries: Array<Row<'emarketing_deliveries'>> }> {
    const request = await this.repo.findRequest(accountId, id.toLowerCase());
    if (!request) throw EmarketingErrors.requestNotFound(undefined, { target: 'emailRequestId' });
    return { request, deliveries: await this.repo.deliveriesOf(accountId, request.id) };
  }

  /** GET /emarketing/emails/{id}/status: each recipient's status, following the deliveries. */
  async sendStatus(accountId: string, requestId: string): Promise<SendStatusResponse> {
    const { request, deliveries } = await this.request(accountId, requestId);
    const status = requestStatus(deliveries.map(deliveryStatus));
    return {
      requestId: request.id, templateId: request.template_id, recipientResponse: this.responses(request, deliveries), status,
      ...(deliveries.length === 0 ? { description: 'No recipient could be mailed: see recipientResponse' } : {}), ...audit(request),
    };
  }

  /**
   * GET /emails/{id}/status: an e-marketing send in the Emails tag's shape (with the recipients' names), or else an
   * event email request (POST /events/emails), whose recipients are the event's attendees.
   */
  async emailStatus(accountId: string, requestId: string): Promise<EmailSendStatus> {
    const own = await this.repo.findRequest(accountId, requestId.toLowerCase());
    if (!own && this.uses.eventEmails) {
      const r = await this.uses.eventEmails.status(accountId, requestId);
      return {
        emailRequestId: r.requestId, requestedDate: r.created, requestedBy: r.createdBy,
        recipientStatus: r.attendeeResponses.map((a) => ({ recipientId: a.id, status: a.status })),
      };
    }
    const { request, deliveries } = await this.request(accountId, requestId);
    const responses = this.responses(request, deliveries);
    const names = new Map((await this.uses.contacts.findByIds(accountId, responses.map((r) => r.id)))
      .map((c) => [c.id, [c.firstName, c.lastName].filter((p) => p !== undefined && p !== '').join(' ')]));
    return {
      emailRequestId: request.id, requestedDate: request.created, requestedBy: request.created_by,
      recipientStatus: responses.map((r) => {
        const name = names.get(r.id);
        return { recipientId: r.id, status: r.status, ...(name ? { recipientName: name } : {}), ...(r.deliveryStatus !== undefined ? { deliveryStatus: r.deliveryStatus } : {}) };
      }),
    };
  }

  // ---- History and bounces ----

  private historyToApi(r: Row<'emarketing_deliveries'>): History {
    const status = deliveryStatus(r);
    return {
      id: r.id, contact: { id: r.contact_id }, subject: r.subject, from: this.from, to: r.recipient, type: 'Custom',
      ...(r.sent !== null ? { sent: r.sent } : {}), ...(r.outcome === 'Sent' || r.outcome === 'Failed' ? { status: r.outcome } : {}),
      undeliverable: status === 'bounced' || status === 'failed', bounced: status === 'bounced', opened: false, clicked: false, deliveryStatus: status,
      campaign: { id: r.campaign_id }, emailRequestId: r.request_id, created: r.created, lastModified: r.last_modified,
    };
  }

  listHistory(accountId: string, query: ListQuery): Page<History> {
    andOnly(query.filter, HISTORY_LIST.filters);
    return listPage(HISTORY_LIST, query, (spec) => this.repo.listHistory(accountId, spec), (r) => this.historyToApi(r), this.href('emails'));
  }

  async listBounces(accountId: string, query: ListQuery): Page<Bounce> {
    andOnly(query.filter, BOUNCES_LIST.filters, { field: 'emailType', value: 'Unknown' });
    const page = await listPage(BOUNCES_LIST, query, (spec) => this.repo.listBounces(accountId, spec), (r) => r, this.href('bounces'));
    const contacts = new Map((await this.uses.contacts.findByIds(accountId, page.data.map((r) => r.contact_id))).map((c) => [c.id, c]));
    return {
      paging: page.paging,
      data: page.data.map((r) => {
        const c = contacts.get(r.contact_id);
        const reply = r.smtp_response ?? '';
        return {
          recipient: { id: r.contact_id, ...(c?.firstName ? { firstName: c.firstName } : {}), ...(c?.lastName ? { lastName: c.lastName } : {}), emailAddress: r.recipient },
          bounceReason: reply, bounceDateTime: r.bounced ?? r.last_modified, smtpCode: r.smtp_code ?? 550, dsnDiagnostics: `smtp; ${reply}`,
          optOut: c?.optOut?.optedOut === true, subject: r.subject, productLine: 'E_MARKETING', productId: r.campaign_id, emailType: 'Custom', emailId: r.template_id,
          created: r.created,
        };
      }),
    };
  }

  // ---- Delivery (the worker) ----

  /**
   * Delivers one queued email. Idempotent: a delivery that is no longer queued is left as it is. A 5xx reply of the relay
   * is a bounce (final); a 4xx reply or no answer is tried again (the queue's back-off) until the last try, then failed.
   */
  private async deliver(job: JobRecord): Promise<unknown> {
    if (!Value.Check(PayloadSchema, job.payload)) throw new PermanentJobError('The delivery\'s payload is not valid');
    const { accountId, deliveryId } = job.payload;
    const d = await this.repo.findDelivery(accountId, deliveryId);
    if (!d) throw new PermanentJobError('The delivery is gone');
    if (d.status !== 'queued') return { status: d.status };
    const now = () => iso(this.clock());
    const settle = (patch: Parameters<EmarketingRepository['settleDelivery']>[2]) => this.repo.settleDelivery(accountId, d.id, { attempts: job.attempts, last_modified: now(), ...patch });
    const template = await this.repo.findTemplate(accountId, d.template_id);
    const contact = await this.uses.contacts.find(accountId, d.contact_id);
    if (!template || !contact || contact.deleted === true || !contact.email) {
      await settle({ status: 'failed', outcome: 'Failed', smtp_response: !template ? 'The email template is gone' : 'The contact is no longer active' });
      return { status: 'failed' };
    }
    const who = { firstName: contact.firstName ?? '', lastName: contact.lastName ?? '', email: d.recipient };
    try {
      const mailId = await this.uses.mailer.deliver(accountId, {
        eventId: null, contactId: d.contact_id, to: d.recipient, subject: d.subject, text: fill(template.plaintext_body, who),
        ...(template.html_body !== null ? { html: fill(template.html_body, who, escapeHtml) } : {}),
        tags: { campaignId: d.campaign_id, templateId: d.template_id, emailRequestId: d.request_id, deliveryId: d.id },
      });
      await settle({ status: 'sent', outcome: 'Sent', sent: now(), mail_id: mailId });
      return { status: 'sent' };
    } catch (err) {
      const reply = smtpReply(err);
      if (reply.code !== undefined && reply.code >= 500) {
        await settle({ status: 'bounced', outcome: 'Failed', smtp_code: reply.code, smtp_response: reply.text, bounced: now() });
        return { status: 'bounced', smtpCode: reply.code };
      }
      if (job.attempts >= job.maxAttempts) {
        await settle({ status: 'failed', outcome: 'Failed', smtp_code: reply.code ?? null, smtp_response: reply.text });
        return { status: 'failed' };
      }
      await this.repo.settleDelivery(accountId, d.id, { attempts: job.attempts, last_modified: now() });
      // Still queued: the queue runs the job again after its back-off.
      throw err instanceof Error ? err : new Error(reply.text);
    }
  }

  readonly handlers: Record<string, JobHandler> = { [DELIVER_JOB]: (job) => this.deliver(job) };
}
