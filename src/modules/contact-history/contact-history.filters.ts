import { defineList } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

/** GET /contacts/{contactId}/history: no filter; `after` / `before` bound the change's time; oldest first. */
export const historyList = (contactId: string) => defineList<Row<'contact_history'>>({
  name: `contact-history:${contactId}`,
  filters: {},
  order: [{ column: 'contact_history.id', value: (r) => r.id }],
  window: 'contact_history.updated',
});

/** GET /contacts/{id}/related-contacts: paging only, in the order the relationships were made. */
export const relatedList = (contactId: string) => defineList<Row<'contact_relationships'>>({
  name: `related-contacts:${contactId}`,
  filters: {},
  order: [{ column: 'contact_relationships.id', value: (r) => r.id }],
});
