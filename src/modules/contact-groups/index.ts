import { defineModule, type ModuleDeps } from '../module.js';
import { contactGroupsErasers } from './contact-groups.erasers.js';
import { ContactGroupsRepository } from './contact-groups.repository.js';
import { contactGroupsRoutes } from './contact-groups.routes.js';
import { ContactGroupsService, type ContactGroupsUses } from './contact-groups.service.js';

export { ContactGroupsService };
export type { ContactGroup, ContactType } from './contact-groups.schemas.js';

/**
 * Contact groups and their members, and contact types (issue 30, the Contacts tag). The reference only lists contact
 * types; eventline's extension creates them (DESIGN rule 11).
 */
export function createContactGroupsModule(deps: ModuleDeps, uses: ContactGroupsUses) {
  const contactGroups = new ContactGroupsService(new ContactGroupsRepository(deps.db.db), uses, deps.config, deps.clock);
  return defineModule({ name: 'contact-groups', services: { contactGroups }, routes: contactGroupsRoutes(contactGroups), erasers: contactGroupsErasers() });
}
