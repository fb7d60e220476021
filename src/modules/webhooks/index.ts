import type { AccountsService } from '../accounts/index.js';
import type { AuditService } from '../audit/index.js';
import type { ContactHooksService } from '../contact-hooks/index.js';
import type { ContactsService } from '../contacts/index.js';
import type { PortalService } from '../portal/index.js';
import { defineModule, type ModuleDeps } from '../module.js';
import { recurringJob } from '../../jobs/index.js';
import { PRUNE_EVERY_MS, PRUNE_JOB, WebhookDeliveries } from './webhooks.deliveries.js';
import { webhooksErasers } from './webhooks.erasers.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { webhooksRoutes } from './webhooks.routes.js';
import { webhooksPortalRoutes } from './webhooks.portal.routes.js';
import { WebhooksService } from './webhooks.service.js';
import { WebhookStreams } from './webhooks.stream.js';

export { WebhooksService, WebhookDeliveries, WebhookStreams };
export { DELIVER_JOB as WEBHOOK_DELIVER_JOB, type EndpointOwner } from './webhooks.service.js';
export { readScopeOf, objectFor } from './webhooks.payload.js';
export {
  EndpointCreatedSchema, EndpointInputSchema, EndpointPatchSchema, EndpointSchema, DeliverySchema, DeliveryPageSchema, EndpointPageSchema,
  RotateInputSchema, RotatedSchema, ReplayedSchema, ListQuerySchema as WebhookListQuerySchema,
} from './webhooks.schemas.js';
export { DELIVERY_FILTER_FIELDS as WEBHOOK_DELIVERY_FILTER_FIELDS, ENDPOINT_FILTER_FIELDS as WEBHOOK_ENDPOINT_FILTER_FIELDS } from './webhooks.filters.js';

/**
 * Event notifications (issue 35, docs/webhooks.md): applications' webhook endpoints, the outbox the services write
 * through the Notifier (deps.notifier) in their own transactions, the signed delivery jobs, and the event stream
 * `eventline listen` reads. Secrets are sealed with the contact hooks' key ring and calls go through their guard.
 */
export function createWebhooksModule(deps: ModuleDeps, uses: { accounts: AccountsService; contactHooks: ContactHooksService; contacts: ContactsService; portal: PortalService; audit?: AuditService }) {
  const repo = new WebhooksRepository(deps.db.db);
  const webhooks = new WebhooksService(repo, uses.accounts, () => uses.contactHooks.secrets(), deps.jobs, deps.config, deps.clock, undefined, uses.audit);
  const deliveries = new WebhookDeliveries(repo, webhooks, deps.config, deps.clock);
  const streams = new WebhookStreams(repo, webhooks, deps.clock);
  const prune = recurringJob(deps.jobs, deps.clock, PRUNE_JOB, PRUNE_EVERY_MS, () => deliveries.prune());
  deps.notifier?.use((ex, accountId, type, object) => webhooks.emit(ex, accountId, type, object));
  // contact.updated from the contacts module's write listener (every update of a live contact, in its transaction).
  uses.contacts.onWritten(async (w, ex) => {
    if (w.before === undefined || w.after.deleted === 1 || w.after.purged === 1) return;
    await deps.notifier?.notify(ex, w.accountId, 'contact.updated', () => uses.contacts.find(w.accountId, w.contactId, ex));
  });
  return defineModule({
    name: 'webhooks',
    services: { webhooks, webhookStreams: streams, webhookDeliveries: deliveries },
    routes: webhooksRoutes(webhooks, streams),
    rootRoutes: webhooksPortalRoutes(webhooks, uses.portal),
    jobHandlers: { ...deliveries.jobHandlers(), ...prune.handlers },
    start: prune.schedule,
    erasers: webhooksErasers(),
    close: async () => streams.closeAll(),
  });
}
