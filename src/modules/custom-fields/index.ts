import type { EventsService } from '../events/index.js';
import { defineModule, type ModuleDeps } from '../module.js';
import type { ContactsService } from '../contacts/index.js';
import type { SessionsService } from '../sessions/index.js';
import { customFieldsErasers } from './custom-fields.erasers.js';
import { CustomFieldsRepository } from './custom-fields.repository.js';
import { customFieldsRoutes } from './custom-fields.routes.js';
import { CustomFieldsService, type CustomFieldsUses } from './custom-fields.service.js';

export { CustomFieldsService };
export { AnswerInputSchema as CustomFieldAnswerInputSchema, AnswerSchema as CustomFieldAnswerSchema } from './custom-fields.schemas.js';
export type { AnswerInput as CustomFieldAnswerInput } from './custom-fields.schemas.js';
export type { Answer as CustomFieldAnswer, CustomField, Category as CustomFieldCategory } from './custom-fields.schemas.js';

/**
 * Custom fields (the reference's Custom Fields tag): the account's field definitions by category, with choices,
 * advanced logic and translations, and the answers of contacts, events and sessions (PUT .../custom-fields/{id}/answers),
 * checked against the field. Contacts' answers are personal data: obfuscating a contact erases them.
 */
export function createCustomFieldsModule(deps: ModuleDeps, uses: CustomFieldsUses & {
  readonly sessions: Pick<SessionsService, 'find' | 'onDelete' | 'useCustomFields'>; readonly contacts: Pick<ContactsService, 'find' | 'useCustomFields'>;
  readonly events: Pick<EventsService, 'find' | 'useCustomFields'>;
}) {
  const repo = new CustomFieldsRepository(deps.db.db);
  const customFields = new CustomFieldsService(repo, uses, deps.config, deps.clock);
  // A deleted session loses its answers, in the deletion's transaction.
  uses.sessions.onDelete((accountId, sessionId, trx) => customFields.forgetSubject(accountId, sessionId, trx));
  // GET /contacts/{id} carries the contact's answers.
  uses.contacts.useCustomFields((accountId, contactId) => customFields.answersOf(accountId, contactId));
  // GET /events/{id} carries the event's.
  uses.events.useCustomFields((accountId, eventId) => customFields.answersOf(accountId, eventId));
  uses.sessions.useCustomFields((accountId, sessionId) => customFields.answersOf(accountId, sessionId));
  return defineModule({ name: 'custom-fields', services: { customFields }, routes: customFieldsRoutes(customFields), erasers: customFieldsErasers(repo) });
}
