import { defineList, filterColumns, type FilterFields } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// The webhook operations are eventline extensions: their filters follow the reference's style (DESIGN rule 4).
const endpoints = filterColumns('webhook_endpoints');
export const ENDPOINT_FILTER_FIELDS: FilterFields = {
  id: endpoints.field('id', 'uuid'),
  status: endpoints.field('status', 'string'),
  ...endpoints.audit(),
};

/** The endpoints of one application: its tokens name the application, so they cannot page another's. */
export const endpointsList = (applicationId: string) => defineList<Row<'webhook_endpoints'>>({
  name: `webhook-endpoints:${applicationId}`,
  filters: ENDPOINT_FILTER_FIELDS,
  order: [{ column: 'webhook_endpoints.id', value: (r) => r.id }],
  window: 'webhook_endpoints.last_modified',
});

const deliveries = filterColumns('webhook_deliveries');
export const DELIVERY_FILTER_FIELDS: FilterFields = {
  id: deliveries.field('id', 'uuid'),
  status: deliveries.field('status', 'string'),
  'event.id': deliveries.field('event_id', 'uuid'),
  'event.type': deliveries.field('event_type', 'string'),
  ...deliveries.audit(),
};

/** The deliveries of one endpoint, newest first by id order of creation (ids are time-ordered). */
export const deliveriesList = (endpointId: string) => defineList<Row<'webhook_deliveries'>>({
  name: `webhook-deliveries:${endpointId}`,
  filters: DELIVERY_FILTER_FIELDS,
  order: [{ column: 'webhook_deliveries.id', value: (r) => r.id }],
  window: 'webhook_deliveries.last_modified',
});
