import { defineModule, type ModuleDeps } from '../module.js';
import { contactHistoryErasers } from './contact-history.erasers.js';
import { ContactHistoryRepository } from './contact-history.repository.js';
import { contactHistoryRoutes } from './contact-history.routes.js';
import { ContactHistoryService, type ContactHistoryUses } from './contact-history.service.js';

export { ContactHistoryService };

/**
 * A contact's change history, related contacts, profile picture, and contact merges (issue 30, the Contacts tag).
 * The history follows every write of a contact through the contacts module's write listener, which runs inside the
 * write's transaction: the history commits or rolls back with the change.
 */
export function createContactHistoryModule(deps: ModuleDeps, uses: ContactHistoryUses) {
  const contactHistory = new ContactHistoryService(new ContactHistoryRepository(deps.db.db), uses, deps.config, deps.clock, deps.notifier);
  uses.contacts.onWritten((write, ex) => contactHistory.recordWrite(write, ex));
  return defineModule({ name: 'contact-history', services: { contactHistory }, routes: contactHistoryRoutes(contactHistory), erasers: contactHistoryErasers() });
}
