import { defineList, filterColumns, type FilterFields } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// GET /contacts/hooks: exactly the fields and operators the reference lists (DESIGN rule 6).
const hooks = filterColumns('contact_hooks');
export const HOOK_FILTER_FIELDS: FilterFields = {
  id: hooks.field('id', 'uuid'),
  name: hooks.field('name', 'string'),
  ...hooks.audit(),
};

export const HOOKS_LIST = defineList<Row<'contact_hooks'>>({
  name: 'contact-hooks',
  filters: HOOK_FILTER_FIELDS,
  order: [{ column: 'contact_hooks.id', value: (r) => r.id }],
  window: 'contact_hooks.last_modified',
});

// The delivery log is an eventline extension: its filter follows the reference's style.
const tx = filterColumns('contact_hook_transactions');
export const DELIVERY_FILTER_FIELDS: FilterFields = {
  id: tx.field('id', 'uuid'),
  'contact.id': tx.field('contact_id', 'uuid'),
  status: tx.field('status', 'string'),
  trigger: tx.field('trigger', 'string'),
  ...tx.audit(),
};

/** The deliveries of one hook: its tokens name the hook, so they cannot page another's. */
export const deliveriesList = (hookId: string) => defineList<Row<'contact_hook_transactions'>>({
  name: `contact-hook-deliveries:${hookId}`,
  filters: DELIVERY_FILTER_FIELDS,
  order: [{ column: 'contact_hook_transactions.id', value: (r) => r.id }],
  window: 'contact_hook_transactions.last_modified',
});
