import { defineModule, type ModuleDeps } from '../module.js';
import { contactsErasers } from './contacts.erasers.js';
import { ContactsRepository } from './contacts.repository.js';
import { contactsRoutes } from './contacts.routes.js';
import { ContactsService } from './contacts.service.js';

export type { Executor } from './contacts.repository.js';
export { ContactsService };
export { bulkError } from './contacts.service.js';
export { IDENTIFIABLE_FIELDS } from './contacts.service.js';
export type { NewContactFields, ContactChange, ContactChangeListener, ContactWrite, ContactWriteListener, IdentifiableField, IdentifiedFields } from './contacts.service.js';
export type { ContactErasureSubject } from './contacts.erasers.js';
export { ContactInputSchema, ContactSchema, AddressSchema, ContactLinksSchema, GENDERS, ADDRESS_TYPES } from './contacts.schemas.js';
export type { Contact, ContactInput } from './contacts.schemas.js';
export { contactDocument } from './contacts.mapping.js';

/** The account's contacts in the form another module joins them: see ContactsService.joinable. */
export type ContactsJoin = ReturnType<ContactsService['joinable']>;

/** Contacts: the people of the account, with the reference's filter expressions. */
export function createContactsModule(deps: ModuleDeps) {
  const repo = new ContactsRepository(deps.db.db, deps.db.dialect);
  const contacts = new ContactsService(repo, deps.config, deps.clock);
  return defineModule({ name: 'contacts', services: { contacts }, routes: contactsRoutes(contacts), erasers: contactsErasers(repo) });
}
