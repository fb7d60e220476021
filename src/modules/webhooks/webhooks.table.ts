import { AUDIT_COLUMNS, OWNED_COLUMNS, type AuditColumns, type OwnedColumns } from '../../db/columns.js';
import { declareTables } from '../../db/declare.js';
import type { Generated } from 'kysely';

export type EndpointStatus = 'enabled' | 'paused' | 'disabled';
export type DeliveryStatus = 'pending' | 'delivering' | 'retrying' | 'succeeded' | 'failed';

/** A webhook endpoint: where one application wants the account's events of some types. */
export interface WebhookEndpointsTable extends OwnedColumns, AuditColumns {
  application_id: string;
  /** The application's client id: its grants (what its payloads may show) are read by it at delivery. */
  client_id: string;
  url: string;
  description: string | null;
  /** JSON array of event types. */
  event_types: string;
  status: EndpointStatus;
  /** The Standard Webhooks signing secret (`whsec_...`), encrypted with the contact hooks' key ring. */
  secret_enc: string;
  /** The secret before the last rotation, encrypted; it still signs until previous_secret_expires. */
  previous_secret_enc: string | null;
  previous_secret_expires: string | null;
  consecutive_failures: Generated<number>;
  /** eventline's words for why the endpoint was paused automatically. */
  paused_reason: string | null;
}

/** The outbox: one row per change, written in the change's transaction. */
export interface WebhookEventsTable extends OwnedColumns {
  type: string;
  /** JSON: the changed resource in the contract's shape (reduced per application at delivery). */
  payload: string;
  created: string;
}

/** One event to one endpoint; retried by the job queue. */
export interface WebhookDeliveriesTable extends OwnedColumns {
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: Generated<number>;
  last_status_code: number | null;
  /** eventline's own words for the last failure (never the answer's body). */
  last_error: string | null;
  last_duration_ms: number | null;
  created: string;
  last_modified: string;
  finished_at: string | null;
}

/** A live `eventline listen` session: the emission point records events while one is open. */
export interface WebhookListenersTable extends OwnedColumns {
  application_id: string;
  client_id: string;
  event_types: string;
  expires_at: string;
  created: string;
}

// Endpoints hold no personal data (a URL and a description an integrator wrote about its own service). An event's
// payload is the changed resource and may quote a contact (an attendee's name, a contact's email): the eraser
// redacts it; a delivery's error is eventline's own words, searched too.
export const WEBHOOKS_TABLES = declareTables('webhooks', {
  webhook_endpoints: {
    none: [...OWNED_COLUMNS, ...AUDIT_COLUMNS, 'application_id', 'client_id', 'url', 'description', 'event_types', 'status', 'secret_enc',
      'previous_secret_enc', 'previous_secret_expires', 'paused_reason'],
  },
  webhook_events: { personal: { payload: 'free-text' }, none: [...OWNED_COLUMNS, 'type', 'created'] },
  webhook_deliveries: {
    personal: { last_error: 'free-text' },
    none: [...OWNED_COLUMNS, 'endpoint_id', 'event_id', 'event_type', 'status', 'created', 'last_modified', 'finished_at'],
  },
  webhook_listeners: { none: [...OWNED_COLUMNS, 'application_id', 'client_id', 'event_types', 'expires_at', 'created'] },
});
