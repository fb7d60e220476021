import { operations } from '../../http/operations.js';
import { CUSTOM_FIELDS_LIST } from './custom-fields.filters.js';
import {
  AdvancedLogicSchema, AnswerInputSchema, AnswerSchema, CustomFieldInputSchema, CustomFieldPageSchema, CustomFieldParamsSchema, CustomFieldSchema,
  CustomFieldsQuerySchema, SubjectAnswerParamsSchema, TranslationSchema,
} from './custom-fields.schemas.js';
import type { CustomFieldsService } from './custom-fields.service.js';

const ANSWERS = 'The answer is checked against the field: its category must be the subject\'s, a One Line field\'s answer format (Number, Currency, Decimal, '
  + 'EmailAddress, USPhoneNumber) and minimum/maximum, a Date/Time field\'s range, and a choice field\'s choices (by text or id; one for Single Answer). '
  + 'A wrong answer is a 400 naming the field and the answer, and nothing changes. An empty `value` removes the answer (400 for a required field).';

export function customFieldsRoutes(fields: CustomFieldsService) {
  return operations((op) => {
    op.list('listCustomFields', {
      description: 'The account\'s custom fields of one category, in creation order. The filter must name one category: `category eq \'Contact\'` '
        + '(400 without it, or with two). Filterable (the reference\'s list): id (eq|ne), category (eq), lastModified (eq|ne|lt|le|gt|ge), '
        + 'code (eq|ne, case-insensitive). `after` / `before` bound lastModified.',
      query: CustomFieldsQuerySchema, page: CustomFieldPageSchema, filterOperationId: null,
      filters: CUSTOM_FIELDS_LIST.filters,
      list: (auth, query) => fields.list(auth.accountId, query),
    });

    op('createCustomField', {
      description: 'Creates a custom field of the account. `details` keeps the settings of the field\'s type only (the reference\'s `oneOf` cannot tell its '
        + 'options apart, so eventline reads the ones `type` names); a choice field needs at least one choice. The code is unique in the account '
        + '(case-insensitive; 400 when taken). Auto-Increment fields are read-only (400).',
      body: CustomFieldInputSchema, response: { 201: CustomFieldSchema },
    }, async ({ auth, body }) => fields.create(auth, body));

    op('getCustomField', { params: CustomFieldParamsSchema, response: { 200: CustomFieldSchema } },
      async ({ auth, params }) => fields.get(auth.accountId, params.customFieldId));

    op('updateCustomField', {
      description: 'Replaces the writable fields; category and type cannot change (400). A choice sent with its id keeps it, one without is new, one left '
        + 'out is removed: removing a choice that answers use is refused with 409, and nothing changes.',
      params: CustomFieldParamsSchema, body: CustomFieldInputSchema, response: { 200: CustomFieldSchema }, errors: [409],
    }, async ({ auth, params, body }) => fields.update(auth, params.customFieldId, body));

    op('updateCustomFieldAdvancedLogic', {
      description: 'Sets which of this choice field\'s choices show for each choice of a source choice field of the same category (400 for ids that are '
        + 'not their fields\' choices).',
      params: CustomFieldParamsSchema, body: AdvancedLogicSchema, response: { 200: AdvancedLogicSchema },
    }, async ({ auth, params, body }) => fields.setAdvancedLogic(auth, params.customFieldId, body));

    op('createCustomFieldTranslation', {
      description: 'Adds the field\'s translation into a language (400 when it has one: PUT replaces it). Choice translations name the field\'s choices.',
      params: CustomFieldParamsSchema, body: TranslationSchema, response: { 201: TranslationSchema },
    }, async ({ auth, params, body }) => fields.translate(auth, params.customFieldId, body, 'create'));

    op('updateCustomFieldTranslation', {
      description: 'Replaces the field\'s translation into the body\'s language (or adds it).',
      params: CustomFieldParamsSchema, body: TranslationSchema, response: { 200: TranslationSchema },
    }, async ({ auth, params, body }) => fields.translate(auth, params.customFieldId, body, 'put'));

    op('updateSessionCustomFieldAnswers', {
      description: `The session's answer to a Session custom field. ${ANSWERS}`,
      params: SubjectAnswerParamsSchema, body: AnswerInputSchema, response: { 200: AnswerSchema },
    }, async ({ auth, params, body }) => fields.answer(auth, 'Session', params.id, params.customFieldId, body));

    op('answerEventCustomField', {
      description: `The event's answer to an Event custom field. ${ANSWERS}`,
      params: SubjectAnswerParamsSchema, body: AnswerInputSchema, response: { 200: AnswerSchema },
    }, async ({ auth, params, body }) => fields.answer(auth, 'Event', params.id, params.customFieldId, body));

    op('updateContactCustomFieldAnswers', {
      description: `The contact's answer to a Contact custom field (personal data: obfuscating the contact erases it). ${ANSWERS}`,
      params: SubjectAnswerParamsSchema, body: AnswerInputSchema, response: { 200: AnswerSchema },
    }, async ({ auth, params, body }) => fields.answer(auth, 'Contact', params.id, params.customFieldId, body));
  });
}
