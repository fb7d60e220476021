import { defineModule, type ModuleDeps } from '../module.js';
import { ContactsRepository } from './contacts.repository.js';
import { contactsRoutes } from './contacts.routes.js';
import { ContactsService } from './contacts.service.js';

export type { Executor } from './contacts.repository.js';
export { ContactsService };
export { bulkError } from './contacts.service.js';
export type { NewContactFields } from './contacts.service.js';
export { toContact } from './contacts.mapping.js';
export { ContactInputSchema, ContactSchema, AddressSchema, ContactLinksSchema, GENDERS, ADDRESS_TYPES } from './contacts.schemas.js';
export type { Contact, ContactInput } from './contacts.schemas.js';
export { itemValidator } from '../../items.js';
export type { ContactsTable as ContactRow } from './contacts.table.js';

/** Contacts: the people of the account, with the reference's filter expressions. */
export function createContactsModule(deps: ModuleDeps) {
  const contacts = new ContactsService(new ContactsRepository(deps.db.db, deps.db.dialect), deps.config, deps.clock);
  return defineModule({ name: 'contacts', services: { contacts }, routes: contactsRoutes(contacts) });
}
