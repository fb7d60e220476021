import type { AnswerValue, Limits, QuestionInput } from './exhibitor-questions.schemas.js';
import type { AnswerFormat, QuestionType } from './exhibitor-questions.table.js';

// The rules of exhibitor questions and their answers, per the reference's
// exhibitor-question and answer schemas (types, formats, limits). Pure
// functions: each returns what is wrong, in words a client can act on, or null.

/** A question as the rules see it (a stored row, parsed). */
export interface QuestionDef {
  readonly id: string;
  readonly text: string;
  readonly type: QuestionType;
  readonly choices: ReadonlyArray<{ id: string; text: string }>;
  readonly notApplicable: string | null;
  readonly other: string | null;
  readonly format: AnswerFormat | null;
  readonly limits: Limits;
}

/** What a stored answer holds: a choice by id only (its text is the question's, read when answering). */
export interface StoredAnswer { type: AnswerValue['type']; value?: string; choice?: { id: string } }

const CHOICE_TYPES: readonly QuestionType[] = ['MultiChoice', 'SingleChoice'];
const TEXT_TYPES: readonly QuestionType[] = ['OpenEndedTextOneLine', 'OpenEndedTextCommentBox'];
const FORMATS: Readonly<Record<QuestionType, readonly AnswerFormat[]>> = {
  MultiChoice: [],
  SingleChoice: ['Dropdown', 'RadioButton'],
  OpenEndedTextOneLine: ['General', 'EmailAddress', 'PhoneNumber'],
  OpenEndedTextCommentBox: [],
  OpenEndedDateTime: ['DateAndTime', 'Date'],
};
/** A one-line answer is at most this long unless its limits say less. */
export const ONE_LINE_MAX = 250;
export const TEXT_MAX = 2000;

/** What is wrong with a question definition (a field of the body and why), or null. */
export function questionProblem(q: QuestionInput): { target: string; message: string } | null {
  const isChoice = CHOICE_TYPES.includes(q.type);
  if (isChoice && (q.choices === undefined || q.choices.length === 0)) return { target: 'choices', message: `A ${q.type} question needs choices (1-100)` };
  if (!isChoice && q.choices !== undefined) return { target: 'choices', message: `A ${q.type} question has no choices` };
  if (!isChoice && q.otherAnswer !== undefined) return { target: 'otherAnswer', message: `Only choice questions have an otherAnswer` };
  if (!isChoice && q.notApplicableAnswer !== undefined) return { target: 'notApplicableAnswer', message: `Only choice questions have a notApplicableAnswer` };
  if (q.choices) {
    const texts = q.choices.map((c) => c.text.trim().normalize('NFKC').toLowerCase());
    if (new Set(texts).size !== texts.length) return { target: 'choices', message: 'Two choices have the same text' };
    const ids = q.choices.flatMap((c) => (c.id === undefined ? [] : [c.id.toLowerCase()]));
    if (new Set(ids).size !== ids.length) return { target: 'choices', message: 'Two choices have the same id' };
  }
  if (q.answerFormat !== undefined && !FORMATS[q.type].includes(q.answerFormat)) {
    const allowed = FORMATS[q.type];
    return { target: 'answerFormat', message: allowed.length === 0 ? `A ${q.type} question has no answerFormat` : `The answerFormat of a ${q.type} question is one of: ${allowed.join(', ')}` };
  }
  if (q.defaultToCurrentDate !== undefined && q.type !== 'OpenEndedDateTime') return { target: 'defaultToCurrentDate', message: 'Only OpenEndedDateTime questions default to the current date' };
  const l = q.answerLimits;
  if (l) {
    const lengths = l.minLength !== undefined || l.maxLength !== undefined;
    const selections = l.minSelections !== undefined || l.maxSelections !== undefined;
    if (lengths && !TEXT_TYPES.includes(q.type)) return { target: 'answerLimits', message: 'minLength and maxLength apply to text questions only' };
    if (selections && q.type !== 'MultiChoice') return { target: 'answerLimits', message: 'minSelections and maxSelections apply to MultiChoice questions only' };
    if (l.minLength !== undefined && l.maxLength !== undefined && l.minLength > l.maxLength) return { target: 'answerLimits.minLength', message: 'minLength must be at most maxLength' };
    if (q.type === 'OpenEndedTextOneLine' && (l.minLength ?? 1) > ONE_LINE_MAX) return { target: 'answerLimits.minLength', message: `A one-line answer is at most ${ONE_LINE_MAX} characters` };
    if (l.minSelections !== undefined && l.maxSelections !== undefined && l.minSelections > l.maxSelections) return { target: 'answerLimits.minSelections', message: 'minSelections must be at most maxSelections' };
    const options = (q.choices?.length ?? 0) + (q.otherAnswer ? 1 : 0);
    if (l.maxSelections !== undefined && l.maxSelections > options) return { target: 'answerLimits.maxSelections', message: `maxSelections cannot exceed the number of choices (${options})` };
    if (l.minSelections !== undefined && l.minSelections > options) return { target: 'answerLimits.minSelections', message: `minSelections cannot exceed the number of choices (${options})` };
  }
  return null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().\-/]{7,30}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

function realDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

/** What is wrong with a text answer to an open-ended question, or null. */
function textProblem(q: QuestionDef, value: string): string | null {
  if (q.type === 'OpenEndedDateTime') {
    if (q.format === 'Date') return realDate(value) ? null : 'must be a date (YYYY-MM-DD)';
    return DATE_TIME.test(value) && realDate(value.slice(0, 10)) ? null : 'must be a date and time (ISO 8601 with a zone, e.g. 2027-03-01T09:00:00Z)';
  }
  const min = q.limits.minLength ?? 1;
  const max = q.limits.maxLength ?? (q.type === 'OpenEndedTextOneLine' ? ONE_LINE_MAX : TEXT_MAX);
  const length = [...value].length;
  if (value.trim() === '') return 'must not be blank';
  if (length < min || length > max) return `must be ${min}-${max} characters long (it is ${length})`;
  if (q.type === 'OpenEndedTextOneLine') {
    if (/[\r\n]/.test(value)) return 'must be one line';
    if (q.format === 'EmailAddress' && !EMAIL.test(value)) return 'must be an email address';
    if (q.format === 'PhoneNumber' && !PHONE.test(value)) return 'must be a phone number';
  }
  return null;
}

/**
 * Checks an answer against its question: returns the answer to store, or
 * what is wrong with it. An empty list clears the answer (no check: a planner
 * may skip even a required question, as the reference says).
 */
export function checkAnswer(q: QuestionDef, answers: readonly AnswerValue[]): { ok: StoredAnswer[] } | { problem: string } {
  if (answers.length === 0) return { ok: [] };
  const out: StoredAnswer[] = [];
  const seen = new Set<string>();
  for (const a of answers) {
    switch (a.type) {
      case 'NA':
        if (q.notApplicable === null) return { problem: 'has no not-applicable answer' };
        if (answers.length > 1) return { problem: 'NA must be the only answer' };
        out.push({ type: 'NA' });
        break;
      case 'Other': {
        if (q.other === null) return { problem: 'has no other answer' };
        const value = a.value?.trim() ?? '';
        if (value === '') return { problem: 'needs a value for the Other answer' };
        if ([...value].length > TEXT_MAX) return { problem: `Other answers are at most ${TEXT_MAX} characters` };
        if (seen.has('other')) return { problem: 'has one Other answer at most' };
        seen.add('other');
        out.push({ type: 'Other', value });
        break;
      }
      case 'Choice': {
        if (!CHOICE_TYPES.includes(q.type)) return { problem: `is ${q.type}: answer with type Text` };
        const id = a.choice?.id.toLowerCase();
        if (id === undefined) return { problem: 'needs choice.id for a Choice answer' };
        if (!q.choices.some((c) => c.id === id)) return { problem: `has no choice ${id}` };
        if (seen.has(id)) return { problem: `has choice ${id} twice` };
        seen.add(id);
        out.push({ type: 'Choice', choice: { id } });
        break;
      }
      case 'Text': {
        if (CHOICE_TYPES.includes(q.type)) return { problem: `is ${q.type}: answer with type Choice, Other or NA` };
        if (answers.length > 1) return { problem: 'takes one Text answer' };
        const value = a.value ?? '';
        const p = textProblem(q, value);
        if (p !== null) return { problem: `: the answer ${p}` };
        out.push({ type: 'Text', value });
        break;
      }
    }
  }
  if (q.type === 'SingleChoice' && out.length > 1) return { problem: 'is SingleChoice: give one answer' };
  if (q.type === 'MultiChoice' && out[0]?.type !== 'NA') {
    const min = q.limits.minSelections ?? 1;
    const max = q.limits.maxSelections ?? q.choices.length + (q.other !== null ? 1 : 0);
    if (out.length < min || out.length > max) return { problem: `takes ${min === max ? `${min}` : `${min}-${max}`} selections (${out.length} given)` };
  }
  return { ok: out };
}
