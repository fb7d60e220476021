import type { Transaction } from 'kysely';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import type { Clock } from '../../db/time.js';
import type { Row } from '../../db/types.js';
import { FilterError, listPage, parseFilter, type FilterNode, type ListQuery, type Paging } from '../../lists/index.js';
import { CommonErrors } from '../../errors.js';
import type { ContactsService } from '../contacts/index.js';
import type { EventsService } from '../events/index.js';
import type { SessionsService } from '../sessions/index.js';
import { CustomFieldErrors } from './custom-fields.errors.js';
import { CUSTOM_FIELDS_LIST } from './custom-fields.filters.js';
import type { AnswerSubject, CustomFieldsRepository } from './custom-fields.repository.js';
import type {
  AdvancedLogic, Answer, AnswerInput, Category, CustomField, CustomFieldInput, Details, FieldType, Translation,
} from './custom-fields.schemas.js';

/** What the custom-fields module calls in other modules: the things answers are about. */
export interface CustomFieldsUses {
  readonly contacts: Pick<ContactsService, 'find'>;
  readonly events: Pick<EventsService, 'find'>;
  readonly sessions: Pick<SessionsService, 'find'>;
}

type Page<T> = Promise<{ paging: Paging; data: T[] }>;
type Choice = Row<'custom_field_choices'>;

const CHOICE_TYPES: ReadonlySet<string> = new Set<FieldType>(['Choice - Single Answer', 'Choice - Multiple Answers']);
/** The settings each type keeps in `details` (choices and displayType live in their own rows and column). */
const DETAIL_KEYS: Readonly<Record<FieldType, readonly (keyof Details)[]>> = {
  'Open Ended Text - One Line': ['answerFormat', 'minimum', 'maximum'],
  'Open Ended Text - Comment Box': ['minimum', 'maximum'],
  'Open Ended Text - Date/Time': ['from', 'to', 'format', 'defaultToCurrentDate', 'displayPopUpCalendar'],
  'Choice - Single Answer': [],
  'Choice - Multiple Answers': [],
  'Auto-Increment': [],
};
const NUMERIC_FORMATS: ReadonlySet<string> = new Set(['Number', 'Currency', 'Decimal']);
const INTEGER = /^[+-]?\d{1,30}$/;
const DECIMAL = /^[+-]?(\d{1,30}(\.\d{1,10})?|\.\d{1,10})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const fold = (s: string): string => s.normalize('NFKC').trim().toLowerCase();
const quote = (s: string): string => `'${s.length > 60 ? `${s.slice(0, 60)}…` : s}'`;

/** The answer's `type` (custom-field1's enum) for a field. */
export function answerType(type: string, details: Details): Answer['type'] {
  switch (type as FieldType) {
    case 'Open Ended Text - One Line': {
      const f = details.answerFormat;
      return f === 'Number' || f === 'Currency' || f === 'Decimal' || f === 'USPhoneNumber' ? f : f === 'EmailAddress' ? 'Email' : 'General';
    }
    case 'Open Ended Text - Comment Box': return 'FreeText';
    case 'Open Ended Text - Date/Time': return details.format?.startsWith('DateOnly') === true ? 'Date' : 'DateTime';
    case 'Choice - Single Answer': return 'SingleChoice';
    case 'Choice - Multiple Answers': return 'MultiChoice';
    default: return 'AutoIncrement';
  }
}

/** The `category eq` conditions of a filter; one is required, and it may not sit under `or` (one category at a time). */
function requireCategory(filter: string | undefined): void {
  const fail = (message: string): never => { throw CommonErrors.badRequest(`Invalid filter: ${message}`, { target: 'filter' }); };
  if (filter === undefined) fail('category eq \'...\' is required (one category at a time), e.g. category eq \'Contact\'');
  let node: FilterNode;
  try {
    node = parseFilter(filter as string, CUSTOM_FIELDS_LIST.filters);
  } catch (err) {
    if (err instanceof FilterError) throw CommonErrors.badRequest(`Invalid filter: ${err.message}`, { target: 'filter' });
    throw err;
  }
  let top = 0;
  const walk = (n: FilterNode, underOr: boolean): void => {
    if (n.kind === 'cmp') {
      if (n.field !== 'category') return;
      if (underOr) fail('category may not be combined with or: one category at a time');
      top += 1;
      return;
    }
    walk(n.left, underOr || n.kind === 'or');
    walk(n.right, underOr || n.kind === 'or');
  };
  walk(node, false);
  if (top === 0) fail('category eq \'...\' is required (one category at a time), e.g. category eq \'Contact\'');
  if (top > 1) fail('one category at a time');
}

/** Custom fields of the account (the reference's Custom Fields tag) and the answers of contacts, events and sessions. */
export class CustomFieldsService {
  constructor(
    private readonly repo: CustomFieldsRepository,
    private readonly uses: CustomFieldsUses,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  private toApi(r: Row<'custom_fields'>, choices: readonly Choice[]): CustomField {
    const stored = JSON.parse(r.details) as Details;
    const isChoice = CHOICE_TYPES.has(r.type);
    const details: Details = {
      ...stored,
      ...(isChoice ? { choices: choices.map((c) => ({ id: c.id, text: c.text })) } : {}),
      ...(r.display_type !== null ? { displayType: r.display_type as NonNullable<Details['displayType']> } : {}),
    };
    return {
      id: r.id, category: r.category as Category, name: r.name, code: r.code, required: r.required === 1, type: r.type as FieldType,
      ...(Object.keys(details).length > 0 ? { details } : {}),
      order: r.sort_order,
      ...(r.help_text !== null ? { helpText: r.help_text } : {}),
      displayInDataTag: r.display_in_data_tag as NonNullable<CustomField['displayInDataTag']>,
      ...(r.default_tag_text !== null ? { defaultTagText: r.default_tag_text } : {}),
      consentField: r.consent_field === 1, active: r.active === 1, displayInEventCreationWizard: r.display_in_event_creation_wizard === 1,
      ...(r.page_visibility !== null ? { pageVisibility: JSON.parse(r.page_visibility) as NonNullable<CustomField['pageVisibility']> } : {}),
      created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
    };
  }

  private async field(accountId: string, id: string, ex?: Transaction<Database>): Promise<Row<'custom_fields'>> {
    const row = await this.repo.find(accountId, id.toLowerCase(), ex);
    if (!row) throw CustomFieldErrors.fieldNotFound(undefined, { target: 'customFieldId' });
    return row;
  }

  private async render(accountId: string, row: Row<'custom_fields'>, ex?: Transaction<Database>): Promise<CustomField> {
    return this.toApi(row, await this.repo.choicesOf(accountId, [row.id], ex));
  }

  async list(accountId: string, query: ListQuery): Page<CustomField> {
    const page = await listPage(CUSTOM_FIELDS_LIST, query, (spec, req) => {
      requireCategory(req.filter);
      return this.repo.list(accountId, spec);
    }, (r) => r, `${this.config.publicUrl}/${this.config.apiVersion}/custom-fields`);
    const choices = await this.repo.choicesOf(accountId, page.data.filter((r) => CHOICE_TYPES.has(r.type)).map((r) => r.id));
    return { paging: page.paging, data: page.data.map((r) => this.toApi(r, choices.filter((c) => c.custom_field_id === r.id))) };
  }

  async get(accountId: string, id: string): Promise<CustomField> {
    return this.render(accountId, await this.field(accountId, id));
  }

  /** The account's definitions of a category (custom fields belong to the account, not to an event): for copies and exports. */
  async definitions(accountId: string, category: Category, ex?: Transaction<Database>): Promise<CustomField[]> {
    const rows = await this.repo.ofCategory(accountId, category, ex);
    const choices = await this.repo.choicesOf(accountId, rows.map((r) => r.id), ex);
    return rows.map((r) => this.toApi(r, choices.filter((c) => c.custom_field_id === r.id)));
  }

  /** The columns of a definition; the type's details are checked and only its own settings kept. */
  private columns(input: CustomFieldInput) {
    if (input.type === 'Auto-Increment') throw CustomFieldErrors.invalid('Auto-Increment custom fields are read-only: they cannot be created', { target: 'type' });
    const given = input.details ?? {};
    const kept: Record<string, unknown> = {};
    for (const k of DETAIL_KEYS[input.type]) if (given[k] !== undefined) kept[k] = given[k];
    const { minimum, maximum, from, to } = given;
    if (minimum !== undefined && maximum !== undefined && minimum > maximum) throw CustomFieldErrors.invalid('details.minimum is greater than details.maximum', { target: 'details.minimum' });
    if (from !== undefined && to !== undefined && Date.parse(from) > Date.parse(to)) throw CustomFieldErrors.invalid('details.from is after details.to', { target: 'details.from' });
    const isChoice = CHOICE_TYPES.has(input.type);
    if (isChoice) {
      const choices = given.choices ?? [];
      if (choices.length === 0) throw CustomFieldErrors.invalid(`A ${input.type} field needs at least one choice`, { target: 'details.choices' });
      const seen = new Set<string>();
      for (const [i, c] of choices.entries()) {
        if (seen.has(fold(c.text))) throw CustomFieldErrors.invalid(`The choice ${quote(c.text)} is given twice`, { target: `details.choices[${i}].text` });
        seen.add(fold(c.text));
      }
    }
    return {
      category: input.category, name: input.name, code: input.code, code_key: fold(input.code), type: input.type, required: input.required === false ? 0 : 1,
      details: JSON.stringify(kept),
      display_type: isChoice ? given.displayType ?? (input.type === 'Choice - Single Answer' ? 'Dropdown' : 'MultiSelectBox') : null,
      help_text: input.helpText ?? null, display_in_data_tag: input.displayInDataTag ?? 'No', default_tag_text: input.defaultTagText ?? null,
      consent_field: input.consentField === true ? 1 : 0, active: input.active === false ? 0 : 1,
      display_in_event_creation_wizard: input.displayInEventCreationWizard === true ? 1 : 0,
      page_visibility: input.pageVisibility !== undefined ? JSON.stringify(input.pageVisibility) : null,
    };
  }

  private async assertCodeFree(accountId: string, codeKey: string, selfId: string | undefined, trx: Transaction<Database>): Promise<void> {
    const other = await this.repo.findByCode(accountId, codeKey, trx);
    if (other && other.id !== selfId) throw CustomFieldErrors.invalid('Another custom field of the account has this code', { target: 'code' });
  }

  async create(auth: AuthContext, input: CustomFieldInput): Promise<CustomField> {
    const cols = this.columns(input);
    return this.repo.transaction(async (trx) => {
      await this.assertCodeFree(auth.accountId, cols.code_key, undefined, trx);
      const stamp = auditStamp(auth, this.clock()).created;
      const id = newId();
      await this.repo.insert({ id, account_id: auth.accountId, ...cols, advanced_logic: null, sort_order: await this.repo.nextOrder(auth.accountId, cols.category, trx), ...stamp }, trx);
      for (const [i, c] of (CHOICE_TYPES.has(cols.type) ? input.details?.choices ?? [] : []).entries()) {
        await this.repo.insertChoice({ id: newId(), account_id: auth.accountId, custom_field_id: id, text: c.text, sort_order: i + 1, ...stamp }, trx);
      }
      return this.render(auth.accountId, await this.field(auth.accountId, id, trx), trx);
    });
  }

  /**
   * Replaces the writable fields. Category and type cannot change (400). Choices sent with their id keep it, new ones
   * are added, and one left out is removed, unless answers use it (409): then nothing changes.
   */
  async update(auth: AuthContext, id: string, input: CustomFieldInput): Promise<CustomField> {
    return this.repo.transaction(async (trx) => {
      const row = await this.field(auth.accountId, id, trx);
      if (input.category !== row.category) throw CustomFieldErrors.invalid(`The category of a custom field cannot change (it is ${row.category})`, { target: 'category' });
      if (input.type !== row.type) throw CustomFieldErrors.invalid(`The type of a custom field cannot change (it is ${row.type})`, { target: 'type' });
      const cols = this.columns(input);
      await this.assertCodeFree(auth.accountId, cols.code_key, row.id, trx);
      const stamp = auditStamp(auth, this.clock());
      if (CHOICE_TYPES.has(row.type)) {
        const existing = await this.repo.choicesOf(auth.accountId, [row.id], trx);
        const incoming = input.details?.choices ?? [];
        const byId = new Map(existing.map((c) => [c.id, c]));
        for (const [i, c] of incoming.entries()) {
          if (c.id !== undefined && !byId.has(c.id.toLowerCase())) {
            throw CustomFieldErrors.invalid(`${c.id} is not a choice of this custom field (leave the id out for a new choice)`, { target: `details.choices[${i}].id` });
          }
        }
        const kept = new Set(incoming.flatMap((c) => (c.id !== undefined ? [c.id.toLowerCase()] : [])));
        const removed = existing.filter((c) => !kept.has(c.id));
        const used = await this.repo.countAnswersUsing(auth.accountId, row.id, removed.map((c) => c.id), trx);
        const inUse = removed.filter((c) => (used.get(c.id) ?? 0) > 0);
        if (inUse.length > 0) {
          throw CustomFieldErrors.choiceInUse(
            `The choice${inUse.length > 1 ? 's' : ''} ${inUse.map((c) => quote(c.text)).join(', ')} of the custom field ${quote(row.name)} `
            + `${inUse.length > 1 ? 'are' : 'is'} used by ${inUse.reduce((n, c) => n + (used.get(c.id) ?? 0), 0)} answer(s): change those answers first`,
            { target: 'details.choices' },
          );
        }
        await this.repo.deleteChoices(auth.accountId, removed.map((c) => c.id), trx);
        for (const [i, c] of incoming.entries()) {
          if (c.id !== undefined) await this.repo.updateChoice(auth.accountId, c.id.toLowerCase(), { text: c.text, sort_order: i + 1, ...stamp.modified }, trx);
          else await this.repo.insertChoice({ id: newId(), account_id: auth.accountId, custom_field_id: row.id, text: c.text, sort_order: i + 1, ...stamp.created }, trx);
        }
      }
      await this.repo.update(auth.accountId, row.id, { ...cols, ...stamp.modified }, trx);
      return this.render(auth.accountId, await this.field(auth.accountId, row.id, trx), trx);
    });
  }

  /** Links a choice field to a source choice field of the same category: which of its choices show for each source choice. */
  async setAdvancedLogic(auth: AuthContext, id: string, input: AdvancedLogic): Promise<AdvancedLogic> {
    return this.repo.transaction(async (trx) => {
      const row = await this.field(auth.accountId, id, trx);
      if (!CHOICE_TYPES.has(row.type)) throw CustomFieldErrors.invalid('Advanced logic needs a choice field', { target: 'customFieldId' });
      const source = await this.repo.find(auth.accountId, input.sourceCustomFieldId.toLowerCase(), trx);
      if (!source || source.id === row.id || !CHOICE_TYPES.has(source.type) || source.category !== row.category) {
        throw CustomFieldErrors.invalid('The source must be another choice field of the same category', { target: 'sourceCustomFieldId' });
      }
      const choices = await this.repo.choicesOf(auth.accountId, [row.id, source.id], trx);
      const own = new Set(choices.filter((c) => c.custom_field_id === row.id).map((c) => c.id));
      const theirs = new Set(choices.filter((c) => c.custom_field_id === source.id).map((c) => c.id));
      const mine = (ids: readonly string[] | undefined, target: string): string[] => (ids ?? []).map((c, i) => {
        if (!own.has(c.toLowerCase())) throw CustomFieldErrors.invalid(`${c} is not a choice of this custom field`, { target: `${target}[${i}]` });
        return c.toLowerCase();
      });
      const logic: AdvancedLogic = {
        sourceCustomFieldId: source.id,
        defaultChoices: mine(input.defaultChoices, 'defaultChoices'),
        sourceChoices: (input.sourceChoices ?? []).map((s, i) => {
          if (!theirs.has(s.sourceCustomFieldChoice.toLowerCase())) {
            throw CustomFieldErrors.invalid(`${s.sourceCustomFieldChoice} is not a choice of the source field`, { target: `sourceChoices[${i}].sourceCustomFieldChoice` });
          }
          return { sourceCustomFieldChoice: s.sourceCustomFieldChoice.toLowerCase(), choices: mine(s.choices, `sourceChoices[${i}].choices`) };
        }),
      };
      await this.repo.update(auth.accountId, row.id, { advanced_logic: JSON.stringify(logic), ...auditStamp(auth, this.clock()).modified }, trx);
      return logic;
    });
  }

  /** POST creates the field's translation into a language (400 when it has one: PUT it); PUT creates or replaces it. */
  async translate(auth: AuthContext, id: string, input: Translation, mode: 'create' | 'put'): Promise<Translation> {
    return this.repo.transaction(async (trx) => {
      const row = await this.field(auth.accountId, id, trx);
      const own = new Set((await this.repo.choicesOf(auth.accountId, [row.id], trx)).map((c) => c.id));
      const choiceTranslations = (input.translation.choiceTranslations ?? []).map((c, i) => {
        if (!own.has(c.choiceId.toLowerCase())) throw CustomFieldErrors.invalid(`${c.choiceId} is not a choice of this custom field`, { target: `translation.choiceTranslations[${i}].choiceId` });
        return { choiceId: c.choiceId.toLowerCase(), translatedText: c.translatedText };
      });
      const existing = await this.repo.findTranslation(auth.accountId, row.id, input.language, trx);
      if (existing && mode === 'create') throw CustomFieldErrors.invalid(`The custom field already has a ${input.language} translation: PUT replaces it`, { target: 'language' });
      const cols = {
        name_translation: input.translation.nameTranslation ?? null, help_text_translation: input.translation.helpTextTranslation ?? null,
        choice_translations: JSON.stringify(choiceTranslations),
      };
      const stamp = auditStamp(auth, this.clock());
      if (existing) await this.repo.updateTranslation(auth.accountId, existing.id, { ...cols, ...stamp.modified }, trx);
      else await this.repo.insertTranslation({ id: newId(), account_id: auth.accountId, custom_field_id: row.id, language: input.language, ...cols, ...stamp.created }, trx);
      return {
        language: input.language,
        translation: {
          ...(cols.name_translation !== null ? { nameTranslation: cols.name_translation } : {}),
          ...(cols.help_text_translation !== null ? { helpTextTranslation: cols.help_text_translation } : {}),
          choiceTranslations,
        },
      };
    });
  }

  // ---- Answers ----

  private toAnswer(field: Row<'custom_fields'>, choices: readonly Choice[], stored: readonly string[]): Answer {
    const details = JSON.parse(field.details) as Details;
    const text = new Map(choices.map((c) => [c.id, c.text]));
    const value = CHOICE_TYPES.has(field.type) ? stored.flatMap((v) => (text.has(v) ? [text.get(v) as string] : [])) : [...stored];
    return { id: field.id, name: field.name, value, order: field.sort_order, type: answerType(field.type, details) };
  }

  /** The answer checked against the field's type, format, bounds and choices (400 naming the field and the answer), in its stored form. */
  private check(field: Row<'custom_fields'>, choices: readonly Choice[], values: readonly string[]): string[] {
    const details = JSON.parse(field.details) as Details;
    const bad = (message: string, target = 'value'): never => { throw CustomFieldErrors.invalid(`The answer to the custom field ${quote(field.name)} ${message}`, { target }); };
    if (field.type === 'Auto-Increment') bad('cannot be written: Auto-Increment fields are read-only');
    if (CHOICE_TYPES.has(field.type)) {
      if (field.type === 'Choice - Single Answer' && values.length > 1) bad(`takes one choice, not ${values.length}`);
      const ids = values.map((v, i) => {
        const c = choices.find((x) => x.id === v.toLowerCase()) ?? choices.find((x) => fold(x.text) === fold(v));
        if (!c) bad(`is ${quote(v)}, which is not one of its choices (${choices.map((x) => quote(x.text)).join(', ')})`, `value[${i}]`);
        return (c as Choice).id;
      });
      if (new Set(ids).size !== ids.length) bad('names a choice twice');
      // Kept in the choices' order, whatever the order they were sent in.
      return choices.filter((c) => ids.includes(c.id)).map((c) => c.id);
    }
    if (values.length > 1) bad(`takes one value, not ${values.length}`);
    const v = values[0] as string;
    const { minimum, maximum } = details;
    if (field.type === 'Open Ended Text - Date/Time') {
      const t = Date.parse(v);
      if (!ISO_DATE_TIME.test(v) || Number.isNaN(t)) bad(`${quote(v)} is not an ISO 8601 date time`, 'value[0]');
      if (details.from !== undefined && t < Date.parse(details.from)) bad(`${quote(v)} is before ${details.from}`, 'value[0]');
      if (details.to !== undefined && t > Date.parse(details.to)) bad(`${quote(v)} is after ${details.to}`, 'value[0]');
      return [v];
    }
    const format = field.type === 'Open Ended Text - One Line' ? details.answerFormat ?? 'General' : 'General';
    if (NUMERIC_FORMATS.has(format)) {
      if (!(format === 'Number' ? INTEGER : DECIMAL).test(v.trim())) bad(`${quote(v)} is not a ${format === 'Number' ? 'whole number' : 'number'} (the field's answer format is ${format})`, 'value[0]');
      const n = Number(v);
      if (minimum !== undefined && n < minimum) bad(`${quote(v)} is less than ${minimum}`, 'value[0]');
      if (maximum !== undefined && n > maximum) bad(`${quote(v)} is more than ${maximum}`, 'value[0]');
      return [v.trim()];
    }
    if (format === 'EmailAddress' && !EMAIL.test(v)) bad(`${quote(v)} is not an email address`, 'value[0]');
    if (format === 'USPhoneNumber' && v.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '').length !== 10) bad(`${quote(v)} is not a US phone number`, 'value[0]');
    if (minimum !== undefined && [...v].length < minimum) bad(`has fewer than ${minimum} characters`, 'value[0]');
    if (maximum !== undefined && [...v].length > maximum) bad(`has more than ${maximum} characters`, 'value[0]');
    return [v];
  }

  private readonly subjects = new Map<AnswerSubject, (accountId: string, id: string, trx: Transaction<Database>) => Promise<string | undefined>>();

  /** A module whose rows are answered about (the budget's items) says how to find one: its id, or undefined. */
  useSubject(subject: Extract<AnswerSubject, 'Budget Item'>, find: (accountId: string, id: string, trx: Transaction<Database>) => Promise<string | undefined>): void {
    this.subjects.set(subject, find);
  }

  private async subjectExists(accountId: string, subject: AnswerSubject, id: string, trx: Transaction<Database>): Promise<string> {
    const lower = id.toLowerCase();
    const other = this.subjects.get(subject);
    const found = other !== undefined ? await other(accountId, lower, trx)
      : subject === 'Contact' ? await this.uses.contacts.find(accountId, lower, trx).then((c) => (c && c.purged !== true ? c.id : undefined))
        : subject === 'Event' ? await this.uses.events.find(accountId, lower, trx).then((e) => e?.id)
          : await this.uses.sessions.find(accountId, lower, trx).then((s) => s?.id);
    if (found === undefined) throw CustomFieldErrors.subjectNotFound(`${subject} not found`, { target: 'id' });
    return found;
  }

  /**
   * PUT .../custom-fields/{customFieldId}/answers: the subject's answer to a field of its category, checked against the
   * field (400 naming the field and the answer, and nothing changes); an empty `value` removes the answer (400 when required).
   */
  async answer(auth: AuthContext, subject: AnswerSubject, subjectId: string, fieldId: string, input: AnswerInput): Promise<Answer> {
    return this.repo.transaction(async (trx) => {
      const id = await this.subjectExists(auth.accountId, subject, subjectId, trx);
      const field = await this.field(auth.accountId, fieldId, trx);
      if (input.id !== undefined && input.id.toLowerCase() !== field.id) throw CustomFieldErrors.invalid('The body\'s id is not the path\'s custom field', { target: 'id' });
      if (field.category !== subject) throw CustomFieldErrors.invalid(`The custom field ${quote(field.name)} is a ${field.category} field, not a ${subject} field`, { target: 'customFieldId' });
      const choices = await this.repo.choicesOf(auth.accountId, [field.id], trx);
      const values = input.value.map((v) => v.trim()).filter((v) => v !== '');
      if (values.length === 0) {
        if (field.required === 1) throw CustomFieldErrors.invalid(`The custom field ${quote(field.name)} is required: its answer cannot be empty`, { target: 'value' });
        await this.repo.deleteAnswer(auth.accountId, id, field.id, trx);
        return this.toAnswer(field, choices, []);
      }
      const stored = this.check(field, choices, values);
      const stamp = auditStamp(auth, this.clock()).created;
      await this.repo.saveAnswer({ id: newId(), account_id: auth.accountId, custom_field_id: field.id, subject, subject_id: id, value: JSON.stringify(stored), ...stamp }, trx);
      return this.toAnswer(field, choices, stored);
    });
  }

  /** The answers about a contact, event or session, in the fields' order: what its GET carries as `customFields`. */
  async answersOf(accountId: string, subjectId: string, ex?: Transaction<Database>): Promise<Answer[]> {
    const answers = await this.repo.answersOf(accountId, subjectId.toLowerCase(), ex);
    if (answers.length === 0) return [];
    const fields = new Map<string, Row<'custom_fields'>>();
    for (const a of answers) {
      const f = await this.repo.find(accountId, a.custom_field_id, ex);
      if (f) fields.set(f.id, f);
    }
    const choices = await this.repo.choicesOf(accountId, [...fields.keys()], ex);
    return answers.flatMap((a) => {
      const f = fields.get(a.custom_field_id);
      return f ? [this.toAnswer(f, choices.filter((c) => c.custom_field_id === f.id), JSON.parse(a.value) as string[])] : [];
    }).sort((x, y) => (x.order ?? 0) - (y.order ?? 0));
  }

  /** A deleted session or event loses its answers (the owner's delete hook, in its transaction). */
  forgetSubject(accountId: string, subjectId: string, trx: Transaction<Database>): Promise<void> {
    return this.repo.deleteAnswersOf(accountId, subjectId, trx);
  }

  /** A contact merge (issue 30, contact-history module): the merged contact's answers to fields the survivor has not answered become its own. */
  moveContactAnswers(accountId: string, fromId: string, toId: string, trx: Transaction<Database>): Promise<void> {
    return this.repo.moveContactAnswers(accountId, fromId, toId, trx);
  }
}
