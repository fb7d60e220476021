import type { AuditService } from '../audit/index.js';
import type { ContactsService } from '../contacts/index.js';
import { defineModule, type ModuleDeps } from '../module.js';
import { contactHooksErasers } from './contact-hooks.erasers.js';
import { ContactHooksRepository } from './contact-hooks.repository.js';
import { contactHooksRoutes } from './contact-hooks.routes.js';
import { ContactHooksService } from './contact-hooks.service.js';
import { ContactHookDeliveries } from './deliveries.js';

export { ContactHooksService, ContactHookDeliveries };
export { DELIVER_JOB, MAX_DELIVERY_ATTEMPTS } from './contact-hooks.service.js';
export { CONTACT_FIELDS, transactionBody } from './contact-fields.js';
export { signWebhook, verifyWebhook } from './signing.js';
// The webcast platform connections (src/modules/sync) seal their secrets with the same key ring and call out through the same guard.
export { SecretBox } from './secrets.js';
export { resolveCallback, CallbackError } from './outbound.js';
// Event notifications (src/modules/webhooks) call out through the same guard, sign the same way and read Retry-After alike.
export { postJson, CallTimeout, AnswerTooLarge, type Answer, type Resolver } from './outbound.js';
export { newSigningSecret } from './signing.js';
export { outboundPolicy } from './contact-hooks.service.js';
export { retryAfterMs } from './deliveries.js';
export type { Hook, HookCreated, Delivery, DeliveryDetail } from './contact-hooks.schemas.js';

/**
 * Contact hooks: the attendee identification service. Contacts tell this
 * module (at wiring time, `onChanged`) when one is created or updated through
 * the API; a durable job calls the hook and merges the answer through the
 * contacts service, without telling it back (no loops).
 */
export function createContactHooksModule(deps: ModuleDeps, uses: { contacts: ContactsService; audit?: AuditService }) {
  const repo = new ContactHooksRepository(deps.db.db);
  const contactHooks = new ContactHooksService(repo, uses.contacts, deps.jobs, deps.config, deps.clock, undefined, uses.audit);
  const deliveries = new ContactHookDeliveries(repo, uses.contacts, () => contactHooks.secrets(), deps.config, deps.clock, undefined, deps.metrics);
  uses.contacts.onChanged((change, ex) => contactHooks.contactChanged(change, ex));
  return defineModule({
    name: 'contact-hooks',
    services: { contactHooks, contactHookDeliveries: deliveries },
    routes: contactHooksRoutes(contactHooks, deps.config.apiVersion),
    jobHandlers: deliveries.jobHandlers(),
    erasers: contactHooksErasers(repo),
  });
}
