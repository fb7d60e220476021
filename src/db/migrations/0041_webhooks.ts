import type { Kysely } from 'kysely';
import { audited, createTable, dropTables, owned } from './columns.js';

// Issue 35, parts 1 and 2: event notifications (docs/webhooks.md). An endpoint belongs to an application (an OAuth
// client of a workspace) and subscribes to event types; its signing secret is stored encrypted (the contact hooks'
// key ring), with the previous one kept until `previous_secret_expires` after a rotation (both sign meanwhile).
// `webhook_events` is the outbox: one row per change, written in the change's transaction, so a rolled-back change
// sends nothing; `payload` is the changed resource in the contract's shape (it may quote a contact: free text).
// A delivery is one event to one endpoint; its attempts are retried by the job queue. `webhook_listeners` are the
// live `eventline listen` sessions (a row refreshed while its stream is open), read by the emission point.
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTable(db, 'webhook_endpoints', {
    ...owned, application_id: 'text!', client_id: 'text!', url: 'text!', description: 'text', event_types: 'text!', status: 'text!',
    secret_enc: 'text!', previous_secret_enc: 'text', previous_secret_expires: 'text', consecutive_failures: 'integer! = 0', paused_reason: 'text',
    ...audited,
  }, { webhook_endpoints_application: 'account_id, application_id, id' });

  await createTable(db, 'webhook_events', {
    ...owned, type: 'text!', payload: 'text!', created: 'text!',
  }, { webhook_events_created: 'account_id, created, id' });

  await createTable(db, 'webhook_deliveries', {
    ...owned, endpoint_id: 'text! -> webhook_endpoints', event_id: 'text! -> webhook_events', event_type: 'text!', status: 'text!',
    attempts: 'integer! = 0', last_status_code: 'integer', last_error: 'text', last_duration_ms: 'integer',
    created: 'text!', last_modified: 'text!', finished_at: 'text',
  }, { webhook_deliveries_endpoint: 'account_id, endpoint_id, id', webhook_deliveries_event: 'event_id' });

  await createTable(db, 'webhook_listeners', {
    ...owned, application_id: 'text!', client_id: 'text!', event_types: 'text!', expires_at: 'text!', created: 'text!',
  }, { webhook_listeners_account: 'account_id, expires_at' });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'webhook_listeners', 'webhook_deliveries', 'webhook_events', 'webhook_endpoints');
}
