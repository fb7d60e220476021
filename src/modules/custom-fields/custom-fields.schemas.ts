import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

// The reference's Custom Fields schemas (custom-field2, existing-custom-field, advanced-logic, translation1) and the
// answer (custom-field1): field names, enums and lengths as it gives them.

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const DateTime = (description: string) => Type.String({ format: 'date-time', description });
const opt = Type.Optional;

export const CATEGORIES = ['Contact', 'Session', 'Event', 'Survey', 'Campaign', 'Rfp', 'Appointment', 'Resource', 'User', 'Abstract', 'Budget Item'] as const;
export type Category = (typeof CATEGORIES)[number];
export const TYPES = [
  'Open Ended Text - Date/Time', 'Open Ended Text - One Line', 'Open Ended Text - Comment Box', 'Choice - Single Answer', 'Choice - Multiple Answers', 'Auto-Increment',
] as const;
export type FieldType = (typeof TYPES)[number];
export const ANSWER_FORMATS = ['General', 'Number', 'Currency', 'Decimal', 'USPhoneNumber', 'EmailAddress'] as const;
export const DATE_FORMATS = [
  'DateAndTimeMonthFirst12HourTime', 'DateAndTimeMonthFirst24HourTime', 'DateOnlyMonthFirst', 'DateAndTimeDayFirst12HourTime', 'DateAndTimeDayFirst24HourTime', 'DateOnlyDayFirst',
] as const;
export const DISPLAY_TYPES = ['Dropdown', 'Vertical', 'Horizontal', 'MultiSelectBox'] as const;
export const DATA_TAG = ['Yes', 'No', 'Only when answered'] as const;
export const LANGUAGES = [
  'af-ZA', 'ar-SA', 'az-Latn-AZ', 'be-BY', 'bg-BG', 'bn-IN', 'bs-BA', 'ca-ES', 'cs-CZ', 'da-DK', 'de-CH', 'de-DE', 'el-GR', 'en-GB', 'en-US', 'es-ES', 'fi-FI',
  'fr-CA', 'fr-FR', 'ga-IE', 'he-IL', 'hi-IN', 'hr-HR', 'hu-HU', 'hy-AM', 'id-ID', 'is-IS', 'it-IT', 'ja-JP', 'kn', 'ko-KR', 'lb-LU', 'lt-LT', 'lv-LV', 'mi-NZ',
  'ml', 'mn-CN', 'ms-MY', 'mt-MT', 'nb-NO', 'ne-NP', 'nl-NL', 'pa-IN', 'pl-PL', 'pt-BR', 'pt-PT', 'ro-MO', 'ro-RO', 'ru-RU', 'sk-SK', 'sl-SI', 'sq-AL', 'sr-RS',
  'sv-SE', 'ta-IN', 'te-IN', 'th-TH', 'tl-PH', 'tr-TR', 'uk-UA', 'vi-VN', 'zh-CHT', 'zh-CN', 'zh-tw',
] as const;
/** The answer's `type` (custom-field1's CustomFieldType), derived from the field's type and answer format. */
export const ANSWER_TYPES = [
  'AutoIncrement', 'ConsentQuestion', 'Currency', 'Decimal', 'Date', 'DateTime', 'Email', 'FileUpload', 'FreeText', 'General', 'MultiChoice', 'MultiSelect',
  'Number', 'OpenEndedDateTime', 'OpenEndedText', 'SingleChoice', 'SingleSelect', 'USPhoneNumber', 'Unknown',
] as const;

const Audit = {
  created: opt(DateTime('The ISO 8601 zoned date time when this record was created. Read-only.')),
  createdBy: opt(Type.String({ description: 'The identifier of the user that created this record. Read-only.' })),
  lastModified: opt(DateTime('The ISO 8601 zoned date time when this record was updated. Read-only.')),
  lastModifiedBy: opt(Type.String({ description: 'The identifier of the user that last updated this record. Read-only.' })),
};

export const ChoiceSchema = Type.Object({
  id: opt(Uuid('The choice. On PUT, a choice sent with its id keeps it (its text may change); one without an id is a new choice; a choice left out is removed (409 while answers use it).')),
  text: Type.String({ minLength: 1, maxLength: 300, description: 'The text for the custom field choice.' }),
}, { title: 'Choice', additionalProperties: false });

/**
 * The type's settings, as one object: the reference's `details` is a `oneOf` of four options that no value can match
 * exactly one of (none has a required or exclusive property), so eventline reads the options the field's `type` names.
 */
export const DetailsSchema = Type.Object({
  answerFormat: opt(Type.Enum(ANSWER_FORMATS, { type: 'string', description: 'One Line: General, Number, Currency, Decimal, USPhoneNumber or EmailAddress. Answers are checked against it.' })),
  minimum: opt(Type.Integer({ description: 'One Line and Comment Box: the minimum number (Number, Currency, Decimal) or number of characters.' })),
  maximum: opt(Type.Integer({ description: 'One Line and Comment Box: the maximum number (Number, Currency, Decimal) or number of characters.' })),
  from: opt(DateTime('Date/Time: the earliest date time accepted.')),
  to: opt(DateTime('Date/Time: the latest date time accepted.')),
  format: opt(Type.Enum(DATE_FORMATS, { type: 'string', description: 'Date/Time: the display format.' })),
  defaultToCurrentDate: opt(Type.Boolean({ description: 'Date/Time: pre-populated with the current date.' })),
  displayPopUpCalendar: opt(Type.Boolean({ description: 'Date/Time: a pop-up calendar assists date selection.' })),
  choices: opt(Type.Array(ChoiceSchema, { maxItems: 500, description: 'Choice fields: the choices, in display order (at least one).' })),
  displayType: opt(Type.Enum(DISPLAY_TYPES, { type: 'string', description: 'Choice fields: how the choices are displayed.' })),
}, { additionalProperties: false, description: 'Type-specific details of the custom field: only the settings of its type are kept.' });
export type Details = Static<typeof DetailsSchema>;

const PageVisibilitySchema = Type.Object({
  essentialEventCreationForm: opt(Type.Boolean()),
  essentialEventDetailsForm: opt(Type.Boolean()),
  webinarCreationForm: opt(Type.Boolean()),
  webinarDetailsForm: opt(Type.Boolean()),
}, { title: 'PageVisibility', additionalProperties: false });

const writable = {
  category: Type.Enum(CATEGORIES, { type: 'string', description: 'The category: what the field is answered about. Cannot change.' }),
  name: Type.String({ minLength: 1, maxLength: 300, description: 'The actual text of the custom field.' }),
  code: Type.String({ minLength: 1, maxLength: 50, description: 'Code to uniquely identify the custom field in the account (case-insensitive; 400 when taken).' }),
  required: opt(Type.Boolean({ default: true, description: 'Whether an answer is mandatory: an empty answer is then refused.' })),
  type: Type.Enum(TYPES, { type: 'string', description: 'The type of data collected. Cannot change; Auto-Increment fields are read-only and cannot be created.' }),
  details: opt(DetailsSchema),
  helpText: opt(Type.String({ maxLength: 50 })),
  displayInDataTag: opt(Type.Enum(DATA_TAG, { type: 'string', default: 'No' })),
  defaultTagText: opt(Type.String({ maxLength: 300 })),
  consentField: opt(Type.Boolean({ default: false })),
  active: opt(Type.Boolean({ default: true })),
  displayInEventCreationWizard: opt(Type.Boolean({ default: false })),
  pageVisibility: opt(PageVisibilitySchema),
};

export const CustomFieldInputSchema = Type.Object({
  ...writable,
  id: opt(Uuid('Read-only: ignored (the path names the field).')),
  order: opt(Type.Integer({ description: 'Read-only: ignored.' })),
  ...Audit,
}, { title: 'CustomField', additionalProperties: false });
export type CustomFieldInput = Static<typeof CustomFieldInputSchema>;

export const CustomFieldSchema = Type.Object({
  id: Uuid('The ID of the custom field.'),
  ...writable,
  required: Type.Boolean(),
  active: Type.Boolean(),
  order: Type.Integer({ description: 'The order of the custom field: its rank of creation in its category.' }),
  ...Audit,
}, { title: 'ExistingCustomField' });
export type CustomField = Static<typeof CustomFieldSchema>;
export const CustomFieldPageSchema = paginated(CustomFieldSchema, 'CustomFieldsPaginatedResponse');

export const CustomFieldParamsSchema = Type.Object({ customFieldId: Uuid('ID of a custom field.') });
const { limit, token, filter, after, before } = listQuerySchema().properties;
export const CustomFieldsQuerySchema = Type.Object({ limit, token, filter, after, before }, { additionalProperties: false });

export const AdvancedLogicSchema = Type.Object({
  sourceCustomFieldId: Uuid('The source custom field: a choice field of the same category.'),
  defaultChoices: opt(Type.Array(Uuid('A choice of this field.'), { maxItems: 100 })),
  sourceChoices: opt(Type.Array(Type.Object({
    sourceCustomFieldChoice: Uuid('A choice of the source field.'),
    choices: opt(Type.Array(Uuid('A choice of this field.'), { maxItems: 100 })),
  }, { title: 'AdvancedLogicChoices', additionalProperties: false }), { maxItems: 500 })),
}, { title: 'AdvancedLogic', additionalProperties: false });
export type AdvancedLogic = Static<typeof AdvancedLogicSchema>;

export const TranslationSchema = Type.Object({
  translation: Type.Object({
    nameTranslation: opt(Type.String({ maxLength: 30 })),
    helpTextTranslation: opt(Type.String({ maxLength: 30 })),
    choiceTranslations: opt(Type.Array(Type.Object({
      choiceId: Uuid('A choice of the field (400 otherwise).'),
      translatedText: Type.String({ maxLength: 300 }),
    }, { title: 'ChoiceTranslation', additionalProperties: false }), { maxItems: 500 })),
  }, { additionalProperties: false }),
  language: Type.Enum(LANGUAGES, { type: 'string', description: 'IETF language code of the translation.' }),
}, { title: 'CustomFieldTranslation', additionalProperties: false });
export type Translation = Static<typeof TranslationSchema>;

/** An answer (the reference's custom-field1): the field, its name, and the answer's values. */
export const AnswerSchema = Type.Object({
  id: Uuid('The custom field.'),
  name: opt(Type.String({ description: 'The text of the custom field. Read-only.' })),
  value: Type.Array(Type.String({ maxLength: 16000 }), { uniqueItems: true, maxItems: 500, description: 'The answers; a choice field\'s are choice texts (or ids). An empty array removes the answer.' }),
  order: opt(Type.Integer({ description: 'The order of the field. Read-only.' })),
  type: opt(Type.Enum(ANSWER_TYPES, { type: 'string', description: 'The type of data collected. Read-only.' })),
}, { title: 'CustomField' });
export type Answer = Static<typeof AnswerSchema>;
export const AnswerInputSchema = Type.Object({
  id: opt(Uuid('The custom field; when sent it must be the path\'s.')),
  name: opt(Type.String({ description: 'Read-only: ignored.' })),
  value: AnswerSchema.properties.value,
  order: opt(Type.Integer({ description: 'Read-only: ignored.' })),
  type: opt(Type.String({ description: 'Read-only: ignored.' })),
}, { title: 'CustomField', additionalProperties: false });
export type AnswerInput = Static<typeof AnswerInputSchema>;
export const SubjectAnswerParamsSchema = Type.Object({ id: Uuid('The contact, event or session answered about.'), customFieldId: Uuid('ID of a custom field.') });
