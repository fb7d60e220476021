import { operations } from '../../http/operations.js';
import type { FilterFields } from '../../lists/index.js';
import { BOUNCES_LIST, CAMPAIGNS_LIST, HISTORY_LIST, templatesList } from './emarketing.filters.js';
import {
  BouncePageSchema, BouncesQuerySchema, CampaignInputSchema, CampaignPageSchema, CampaignParamsSchema, CampaignSchema, EmailSendStatusSchema, HistoryPageSchema,
  RequestParamsSchema, SendInputSchema, SendResponseSchema, SendStatusSchema, TemplateInputSchema, TemplatePageSchema, TemplateSchema, WindowedQuerySchema,
} from './emarketing.schemas.js';
import type { EmarketingService } from './emarketing.service.js';

const filters = (fields: FilterFields) => `Filterable (the reference's list; \`and\` only): ${Object.entries(fields).map(([name, f]) => `${name} (${f.ops.join('|')})`).join(', ')}.`;
const EXTENSION = 'An eventline extension (DESIGN rule 11): the reference only lists them.';
const STATUSES = 'Each recipient\'s `deliveryStatus` (an eventline extension) follows the delivery: queued, then sent (the SMTP relay took it), '
  + 'bounced (the relay refused it with a 5xx reply: see GET /bounces) or failed (a temporary failure until the last of three tries).';

export function emarketingRoutes(emarketing: EmarketingService, apiVersion: string) {
  return operations((op) => {
    // ---- Campaigns ----
    op.list('getCampaigns', {
      description: `The account's e-marketing campaigns, in creation order. ${filters(CAMPAIGNS_LIST.filters)} \`after\` / \`before\` bound lastModified.`,
      query: WindowedQuerySchema, page: CampaignPageSchema, filterOperationId: null, filters: CAMPAIGNS_LIST.filters,
      list: (auth, query) => emarketing.listCampaigns(auth.accountId, query),
    });
    op('createCampaign', {
      description: `Creates an e-marketing campaign (active unless \`active: false\`). ${EXTENSION}`, body: CampaignInputSchema, response: { 201: CampaignSchema },
    }, async ({ auth, body }) => emarketing.createCampaign(auth, body));
    op.list('getEmailTemplates', {
      description: `The campaign's email templates, in creation order. ${filters(templatesList('').filters)} \`after\` / \`before\` bound lastModified. 404 when the campaign is not the account's.`,
      params: CampaignParamsSchema, query: WindowedQuerySchema, page: TemplatePageSchema, filterOperationId: null, errors: [404], filters: templatesList('').filters,
      list: (auth, query, params) => emarketing.listTemplates(auth.accountId, params.campaignId, query),
    });
    op('createEmailTemplate', {
      description: `Adds an email template to the campaign: what POST /emarketing/emails sends (its \`id\` is the send's templateId). ${EXTENSION}`,
      params: CampaignParamsSchema, body: TemplateInputSchema, response: { 201: TemplateSchema },
    }, async ({ auth, params, body }) => emarketing.createTemplate(auth, params.campaignId, body));

    // ---- Sends ----
    op('sendEMarketingEmails', {
      description: 'Sends the template\'s email to each recipient (contacts of the account). Each email is a durable job that mails through the configured SMTP relay '
        + '(or the database outbox): the answer is at once, with the mailed recipients In-Progress and the refused ones Error (unknown, deleted, no address) or '
        + `Opted-Out. An unknown or inactive template, or an inactive campaign, is 400. ${STATUSES}`,
      body: SendInputSchema, response: { 202: SendResponseSchema },
    }, async ({ auth, body }, reply) => {
      const result = await emarketing.send(auth, body);
      return reply.header('location', `/${apiVersion}/emarketing/emails/${result.requestId}/status`).send(result);
    });
    op('getEmarketingEmailStatus', {
      description: `What became of each email of the send: In-Progress while queued, Sent, or Error. ${STATUSES}`,
      params: RequestParamsSchema, response: { 200: SendStatusSchema }, errors: [404],
    }, async ({ auth, params }) => emarketing.sendStatus(auth.accountId, params.emailRequestId));

    // ---- Emails ----
    op.list('getEmailsHistory', {
      description: `The account's e-marketing emails, one record per recipient of a send, in the order they were queued. ${filters(HISTORY_LIST.filters)} `
        + '`status` is Sent or Failed (bounced or failed; absent while queued). `after` / `before` bound lastModified. '
        + `E-marketing mail goes to contacts: \`event.id\` and \`attendee.id\` match none of it. ${STATUSES}`,
      query: WindowedQuerySchema, page: HistoryPageSchema, filterOperationId: null, filters: HISTORY_LIST.filters,
      list: (auth, query) => emarketing.listHistory(auth.accountId, query),
    });
    op.list('getBounceDetails', {
      description: `The e-marketing emails the SMTP relay refused (a 5xx reply), with its reply code and text. ${filters(BOUNCES_LIST.filters)} `
        + '`after` / `before` bound the bounce time.',
      query: BouncesQuerySchema, page: BouncePageSchema, filterOperationId: null, filters: BOUNCES_LIST.filters,
      list: (auth, query) => emarketing.listBounces(auth.accountId, query),
    });
    op('getEmailStatus', {
      description: 'The status of each recipient of an email request: an e-marketing send (POST /emarketing/emails answers its requestId; recipients are contacts, '
        + `with their names), or an event email request (POST /events/emails; recipients are the event's attendees). ${STATUSES}`,
      params: RequestParamsSchema, response: { 200: EmailSendStatusSchema }, errors: [404],
    }, async ({ auth, params }) => emarketing.emailStatus(auth.accountId, params.emailRequestId));
  });
}
