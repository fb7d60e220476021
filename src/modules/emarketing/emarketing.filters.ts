import { defineList, filterColumns, FilterError, parseFilter, type FilterFields, type FilterNode } from '../../lists/index.js';
import type { Row } from '../../db/types.js';
import { EmarketingErrors } from './emarketing.errors.js';

// Exactly the fields and operators the reference's `filter` lists for each list (DESIGN rule 6).
const EQ_LE_GE = { ops: ['eq', 'le', 'ge'] } as const;
const EQ = { ops: ['eq'] } as const;

const campaign = filterColumns('emarketing_campaigns');
/** GET /campaigns: `campaign.name|id|active (eq|ne)`, `created|lastModified (eq|le|ge)`; after/before bound lastModified. */
export const CAMPAIGNS_LIST = defineList<Row<'emarketing_campaigns'>>({
  name: 'emarketing-campaigns',
  filters: {
    'campaign.name': campaign.field('name', 'string'),
    'campaign.id': campaign.field('id', 'uuid'),
    'campaign.active': campaign.field('active', 'boolean'),
    created: campaign.field('created', 'datetime', EQ_LE_GE),
    lastModified: campaign.field('last_modified', 'datetime', EQ_LE_GE),
  },
  window: 'emarketing_campaigns.last_modified',
  order: [{ column: 'emarketing_campaigns.id', value: (r) => r.id }],
});

const template = filterColumns('emarketing_templates');
/** GET /emarketing/campaigns/{campaignId}/email-templates: `name (eq)`, `createdBy (eq)`. */
export const templatesList = (campaignId: string) => defineList<Row<'emarketing_templates'>>({
  name: `emarketing-templates:${campaignId}`,
  filters: { name: template.field('name', 'string', EQ), createdBy: template.field('created_by', 'string', EQ) },
  window: 'emarketing_templates.last_modified',
  order: [{ column: 'emarketing_templates.id', value: (r) => r.id }],
});

const delivery = filterColumns('emarketing_deliveries');
/**
 * GET /emails: `event.id`, `attendee.id`, `contact.id`, `status` (eq), `lastModified (eq|le|ge)`. E-marketing emails go to
 * contacts, not to an event's attendees: `event.id` and `attendee.id` match none of them.
 */
export const HISTORY_LIST = defineList<Row<'emarketing_deliveries'>>({
  name: 'email-history',
  filters: {
    'event.id': delivery.field('event_id', 'uuid', EQ),
    'attendee.id': delivery.field('attendee_id', 'uuid', EQ),
    'contact.id': delivery.field('contact_id', 'uuid', EQ),
    status: delivery.field('outcome', 'string', EQ),
    lastModified: delivery.field('last_modified', 'datetime', EQ_LE_GE),
  },
  window: 'emarketing_deliveries.last_modified',
  order: [{ column: 'emarketing_deliveries.id', value: (r) => r.id }],
});

/** GET /bounces: `created (eq|le|ge)`, `productLine|emailType (eq|ne)`, `recipient.id|productId|emailId (eq)`; after/before bound the bounce time. */
export const BOUNCES_LIST = defineList<Row<'emarketing_deliveries'>>({
  name: 'email-bounces',
  filters: {
    created: delivery.field('created', 'datetime', EQ_LE_GE),
    productLine: delivery.field('product_line', 'string'),
    emailType: delivery.field('email_type', 'string'),
    'recipient.id': delivery.field('contact_id', 'uuid', EQ),
    productId: delivery.field('campaign_id', 'uuid', EQ),
    emailId: delivery.field('template_id', 'uuid', EQ),
  },
  window: 'emarketing_deliveries.bounced',
  order: [{ column: 'emarketing_deliveries.id', value: (r) => r.id }],
});

function hasOr(node: FilterNode): boolean {
  return node.kind === 'or' || (node.kind === 'and' && (hasOr(node.left) || hasOr(node.right)));
}

function names(node: FilterNode, field: string, value: string): boolean {
  if (node.kind === 'cmp') return node.field === field && node.values.some((v) => String(v).toLowerCase() === value.toLowerCase());
  return names(node.left, field, value) || names(node.right, field, value);
}

/**
 * These lists take `and` only, as the reference says ("'OR' is not supported"): a filter with `or` is 400. `refuse`
 * names a value the reference does not support in a field's filter (GET /bounces: emailType 'Unknown').
 */
export function andOnly(filter: string | undefined, fields: FilterFields, refuse?: { field: string; value: string }): void {
  if (filter === undefined) return;
  let node: FilterNode;
  try {
    node = parseFilter(filter, fields);
  } catch (err) {
    // A filter that does not parse is the list pipeline's 400 (it points at the column): let it answer.
    if (err instanceof FilterError) return;
    throw err;
  }
  if (hasOr(node)) throw EmarketingErrors.invalid("This list's filter supports 'and' only, not 'or'", { target: 'filter' });
  if (refuse && names(node, refuse.field, refuse.value)) throw EmarketingErrors.invalid(`${refuse.field} '${refuse.value}' is not supported in this filter`, { target: 'filter' });
}
