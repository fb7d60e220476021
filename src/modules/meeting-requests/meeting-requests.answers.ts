import type { ErrorDetail } from '../../errors.js';
import type { Row } from '../../db/types.js';
import type { AnswerInput, QuestionType } from './meeting-requests.schemas.js';

// A meeting request keeps its form's rules: every answer is checked against its question (choices offered, type,
// lengths, counts, dates) and every required question is answered; a failure names the question. Pure functions:
// the service calls them before anything is written.

/** A question a request may answer: one of its form's, or one of the reference's well-known questions. */
export interface AskedQuestion {
  readonly id: string;
  readonly name: string;
  readonly type: QuestionType;
  readonly required: boolean;
  readonly order: number;
  readonly choices: readonly string[];
  readonly answerTypes: readonly string[];
  readonly minLength: number | null;
  readonly maxLength: number | null;
  readonly minChoice: number | null;
  readonly maxChoice: number | null;
  readonly minDate: string | null;
  readonly maxDate: string | null;
}

/** The questions with fixed, well-known ids shared by every account (the reference lists them); optional on every form. */
export const WELL_KNOWN_QUESTIONS: readonly AskedQuestion[] = ([
  ['da9a6706-7af3-42fc-b2c1-708050a791c1', 'Event Country/Region', 'Country'],
  ['d8fa449b-ec97-4e91-8193-b753df11e064', 'Requester Country/Region', 'Country'],
  ['ddd9035a-44a2-49b0-8d31-66cdca0c13c7', 'Stakeholder Country/Region', 'Country'],
  ['9a224e41-58d9-43a2-ae59-6d1aa16442ce', 'Meeting Room Requirements', 'MeetingRoomRequirements'],
  ['cc63aa7c-0800-4fa5-a04b-073793e197f3', 'Sleeping Room Requirements', 'SleepingRoomRequirements'],
  ['1479fb2d-e94c-4bfb-a63f-4af808a22160', 'Budget Estimates', 'BudgetEstimates'],
] as const).map(([id, name, type], i) => ({
  id, name, type, required: false, order: 1000 + i, choices: [], answerTypes: [], minLength: null, maxLength: null, minChoice: null, maxChoice: null, minDate: null, maxDate: null,
}));

export function askedQuestion(r: Row<'mr_form_questions'>): AskedQuestion {
  return {
    id: r.id, name: r.name, type: r.type as QuestionType, required: r.required === 1, order: r.position,
    choices: JSON.parse(r.choices) as string[], answerTypes: JSON.parse(r.answer_types) as string[],
    minLength: r.min_length, maxLength: r.max_length, minChoice: r.min_choice, maxChoice: r.max_choice, minDate: r.min_date, maxDate: r.max_date,
  };
}

const regions = new Intl.DisplayNames(['en'], { type: 'region' });
const COUNTRY_NAMES = new Set<string>();
for (let a = 65; a <= 90; a += 1) {
  for (let b = 65; b <= 90; b += 1) {
    const code = String.fromCharCode(a, b);
    const name = regions.of(code);
    if (name !== undefined && name !== code) COUNTRY_NAMES.add(name.toLowerCase());
  }
}
const isCountryCode = (v: string) => /^[A-Z]{2}$/.test(v) && regions.of(v) !== v;
const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const isDateTime = (v: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.test(v) && !Number.isNaN(Date.parse(v));
const EMAIL = /^[^\s@"<>]+@[^\s@"<>]+\.[^\s@"<>]+$/;
const isUsPhone = (v: string) => { const d = v.replace(/[\s().+-]/g, ''); return /^1?\d{10}$/.test(d); };
const isTime = (v: string) => /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(v);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Json = Record<string, unknown>;
const nonNegInt = (o: Json, keys: readonly string[]) => keys.find((k) => o[k] !== undefined && !(Number.isInteger(o[k]) && (o[k] as number) >= 0));

/** What is wrong with one complex value (a JSON-serialized object), or undefined. */
function complexProblem(type: QuestionType, raw: string): string | undefined {
  let o: unknown;
  try {
    o = JSON.parse(raw);
  } catch {
    return 'each value must be a JSON-serialized object';
  }
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return 'each value must be a JSON-serialized object';
  const v = o as Json;
  if (type === 'MeetingRoomRequirements' || type === 'SleepingRoomRequirements') {
    if (typeof v['date'] !== 'string' || !isDate(v['date'])) return 'date (YYYY-MM-DD) is required in each requirement';
  }
  if (type === 'MeetingRoomRequirements') {
    for (const k of ['startTime', 'endTime'] as const) if (v[k] !== undefined && (typeof v[k] !== 'string' || !isTime(v[k]))) return `${k} must be a time (HH:MM[:SS])`;
    const bad = nonNegInt(v, ['numberOfPeople']);
    if (bad !== undefined) return `${bad} must be a whole number of 0 or more`;
    if (v['roomSize'] !== undefined && (typeof v['roomSize'] !== 'number' || v['roomSize'] < 0)) return 'roomSize must be a number of 0 or more';
  }
  if (type === 'SleepingRoomRequirements') {
    const bad = nonNegInt(v, ['any', 'single', 'double', 'suite', 'staff']);
    if (bad !== undefined) return `${bad} must be a whole number of 0 or more`;
  }
  if (type === 'BudgetEstimates') {
    if (v['currency'] !== undefined && (typeof v['currency'] !== 'string' || !/^[A-Z]{3}$/.test(v['currency']))) return 'currency must be a three-letter ISO 4217 code';
    if (v['costType'] !== undefined && v['costType'] !== 'FIXED' && v['costType'] !== 'VARIABLE') return 'costType must be FIXED or VARIABLE';
    if (v['costDetail'] !== undefined && !Array.isArray(v['costDetail'])) return 'costDetail must be an array';
  }
  return undefined;
}

/** What is wrong with the values of an answer to the question, or undefined. */
function valueProblem(q: AskedQuestion, a: AnswerInput): string | undefined {
  const values = a.value;
  if (a.answerType !== undefined && !q.answerTypes.includes(a.answerType)) {
    return q.answerTypes.length === 0 ? 'takes no answerType' : `takes answerType ${q.answerTypes.join(' or ')} only`;
  }
  if (a.answerType === 'NA') return values.length > 0 ? 'an NA answer has no value' : undefined;
  if (a.answerType === 'Other' && (a.secondaryValue === undefined || a.secondaryValue.trim() === '')) return 'an Other answer needs its text in secondaryValue';
  if (a.answerType !== 'Other' && a.secondaryValue !== undefined) return 'secondaryValue goes with answerType Other only';
  const single = !['MultiSelect', 'FileUpload', 'MeetingRoomRequirements', 'SleepingRoomRequirements', 'BudgetEstimates'].includes(q.type);
  if (single && values.length > 1) return 'takes one value';
  for (const v of values) {
    if (v.trim() === '') return 'a value may not be blank';
    switch (q.type) {
      case 'FreeText': case 'General':
        if (q.minLength !== null && v.length < q.minLength) return `takes at least ${q.minLength} characters`;
        if (q.maxLength !== null && v.length > q.maxLength) return `takes at most ${q.maxLength} characters`;
        break;
      case 'Number': if (!/^-?\d+$/.test(v)) return `'${v}' is not a whole number`; break;
      case 'Decimal': case 'Currency': if (!/^-?\d+(\.\d+)?$/.test(v)) return `'${v}' is not a number`; break;
      case 'Date':
        if (!isDate(v)) return `'${v}' is not a date (YYYY-MM-DD)`;
        if (q.minDate !== null && v < q.minDate) return `takes a date on or after ${q.minDate}`;
        if (q.maxDate !== null && v > q.maxDate) return `takes a date on or before ${q.maxDate}`;
        break;
      case 'DateTime': if (!isDateTime(v)) return `'${v}' is not an ISO 8601 date-time`; break;
      case 'Email': if (!EMAIL.test(v) || v.length > 320) return `'${v}' is not an email address`; break;
      case 'USPhoneNumber': if (!isUsPhone(v)) return `'${v}' is not a US phone number (10 digits)`; break;
      case 'ConsentQuestion': if (v !== 'true' && v !== 'false') return 'takes true or false'; break;
      case 'FileUpload': if (!UUID.test(v)) return `'${v}' is not the id of a file (POST /files)`; break;
      case 'SingleSelect': case 'MultiSelect': if (!q.choices.includes(v)) return `'${v}' is not one of its choices (${q.choices.join(', ')})`; break;
      case 'Country': if (!isCountryCode(v) && !COUNTRY_NAMES.has(v.toLowerCase())) return `'${v}' is not a country code or name`; break;
      case 'MeetingRoomRequirements': case 'SleepingRoomRequirements': case 'BudgetEstimates': {
        const p = complexProblem(q.type, v);
        if (p !== undefined) return p;
        break;
      }
      default: break;
    }
  }
  if (q.type === 'MultiSelect' && values.length > 0) {
    if (q.minChoice !== null && values.length < q.minChoice) return `takes at least ${q.minChoice} choices`;
    if (q.maxChoice !== null && values.length > q.maxChoice) return `takes at most ${q.maxChoice} choices`;
  }
  return undefined;
}

/** Whether an answer answers its question (a value, an NA, or an Other with its text). */
export const answered = (a: AnswerInput | undefined): boolean => a !== undefined && (a.value.length > 0 || a.answerType !== undefined);

/**
 * The problems of a request's answers, each naming its question (`<prefix>questions.<question id>`): questions that are
 * not the form's, answers given twice, values the question does not take, and (unless skipped) required questions
 * left unanswered in `merged` (the answers the request would hold).
 */
export function answerProblems(
  questions: ReadonlyMap<string, AskedQuestion>, given: readonly AnswerInput[], merged: ReadonlyMap<string, AnswerInput>, skipRequired: boolean, prefix: string,
): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const seen = new Set<string>();
  for (const a of given) {
    const id = a.id.toLowerCase();
    const target = `${prefix}questions.${id}`;
    const q = questions.get(id);
    if (q === undefined) {
      problems.push({ code: 400, message: `Question ${id} is not a question of this form`, target });
      continue;
    }
    if (seen.has(id)) {
      problems.push({ code: 400, message: `Question '${q.name}' is answered twice`, target });
      continue;
    }
    seen.add(id);
    const p = valueProblem(q, a);
    if (p !== undefined) problems.push({ code: 400, message: `Question '${q.name}' ${p}`, target });
  }
  if (!skipRequired) {
    for (const q of questions.values()) {
      if (q.required && !answered(merged.get(q.id))) problems.push({ code: 400, message: `Question '${q.name}' is required`, target: `${prefix}questions.${q.id}` });
    }
  }
  return problems;
}
