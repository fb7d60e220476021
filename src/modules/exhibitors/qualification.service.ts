import type { Transaction } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import { jsonColumn } from '../../db/json.js';
import { iso, systemClock, type Clock } from '../../db/time.js';
import { actorName, auditStamp, type AuthContext } from '../../actor.js';
import type { ExhibitorsRepository } from './exhibitors.repository.js';
import { LeadErrors } from './leads.errors.js';
import type { LeadsRepository } from './leads.repository.js';
import type { QuestionType } from './leads.table.js';
import {
  AnswerSchema, type Answer, type Question, type QuestionAnswersInput, type QuestionInput,
} from './qualification.schemas.js';
import type { Row } from '../../db/types.js';

const ChoicesSchema = Type.Array(Type.Object({ id: Type.String(), text: Type.String(), label: Type.Optional(Type.String()) }));
export const choicesColumn = jsonColumn('lead_qualification_questions.choices', ChoicesSchema);
export const answersColumn = jsonColumn('lead_qualification_answers.answers', Type.Array(AnswerSchema));

const CHOICE_TYPES: readonly QuestionType[] = ['MultiChoice', 'SingleChoice', 'Rating'];
const isChoiceType = (t: QuestionType): boolean => CHOICE_TYPES.includes(t);
/** The longest answer each open-ended type takes (one line is a field, a comment box a paragraph). */
const TEXT_LIMITS: Partial<Record<QuestionType, number>> = { OpenEndedTextOneLine: 255, OpenEndedTextCommentBox: 2000 };
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export function toQuestion(r: Row<'lead_qualification_questions'>): Question {
  return {
    id: r.id, event: { id: r.event_id }, exhibitor: { id: r.exhibitor_id }, type: r.type,
    ...(r.code !== null ? { code: r.code } : {}),
    choices: choicesColumn(r.choices),
    ...(r.not_applicable_text !== null ? { notApplicableAnswer: { text: r.not_applicable_text } } : {}),
    ...(r.other_text !== null ? { otherAnswers: { text: r.other_text } } : {}),
    required: r.required === 1, text: r.text,
    created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
  };
}

/** How an error names a question: its code, else the start of its text, and its id. */
function named(q: Row<'lead_qualification_questions'>): string {
  const label = q.code ?? (q.text.length > 60 ? `${q.text.slice(0, 57)}...` : q.text);
  return `question '${label}' (${q.id})`;
}

/** One question's answers after the checks: what is stored. */
export interface CheckedAnswers {
  readonly question: Row<'lead_qualification_questions'>;
  readonly answers: Answer[];
}

/**
 * Checks answers against the exhibitor's questions: every question is one of
 * them and named once, and each answer fits its question's type (a choice of
 * the question, text for open-ended ones, "other" and "not applicable" only
 * where the question offers them). `target` prefixes the error's target.
 */
export function checkAnswers(questions: readonly Row<'lead_qualification_questions'>[], inputs: readonly QuestionAnswersInput[], target: string): CheckedAnswers[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const seen = new Set<string>();
  return inputs.map((input, i) => {
    const at = `${target}[${i}]`;
    const id = input.question.id.toLowerCase();
    const q = byId.get(id);
    if (!q) throw LeadErrors.invalidAnswer(`${at}.question.id: ${id} is not a lead qualification question of this exhibitor`, { target: `${at}.question.id` });
    if (seen.has(id)) throw LeadErrors.invalidAnswer(`${at}: ${named(q)} is answered twice`, { target: `${at}.question.id` });
    seen.add(id);
    return { question: q, answers: checkQuestion(q, input.answers, `${at}.answers`) };
  });
}

function checkQuestion(q: Row<'lead_qualification_questions'>, answers: readonly Answer[], at: string): Answer[] {
  const fail = (index: number | null, why: string, field = ''): never => {
    const where = index === null ? at : `${at}[${index}]${field}`;
    throw LeadErrors.invalidAnswer(`${where}: ${why} for ${named(q)} (${q.type})`, { target: where });
  };
  const choices = new Set(choicesColumn(q.choices).map((c) => c.id));
  const out: Answer[] = [];
  const chosen = new Set<string>();
  for (const [i, a] of answers.entries()) {
    const value = a.value;
    const choice = a.choice?.id.toLowerCase();
    switch (a.type) {
      case 'NA':
        if (q.not_applicable_text === null) fail(i, 'a not-applicable answer is not offered');
        if (answers.length > 1) fail(i, 'a not-applicable answer must be the only answer');
        if (value !== undefined || choice !== undefined) fail(i, 'a not-applicable answer has no value or choice');
        out.push({ type: 'NA' });
        break;
      case 'Other':
        if (!isChoiceType(q.type) || q.other_text === null) fail(i, 'an "other" answer is not offered');
        if (value === undefined || value.trim() === '') fail(i, 'an "other" answer needs a value', '.value');
        if (choice !== undefined) fail(i, 'an "other" answer names no choice', '.choice');
        out.push({ type: 'Other', value: value ?? '' });
        break;
      case 'Choice':
      case 'ChoiceText':
        if (!isChoiceType(q.type)) fail(i, `a ${a.type} answer does not fit an open-ended question`);
        if (choice === undefined) fail(i, `a ${a.type} answer needs choice.id`, '.choice');
        if (!choices.has(choice ?? '')) fail(i, `${choice ?? ''} is not a choice of the question`, '.choice.id');
        if (chosen.has(choice ?? '')) fail(i, `the choice ${choice ?? ''} is given twice`, '.choice.id');
        chosen.add(choice ?? '');
        if (a.type === 'Choice' && value !== undefined) fail(i, 'a Choice answer has no value (use ChoiceText)', '.value');
        if (a.type === 'ChoiceText' && (value === undefined || value.trim() === '')) fail(i, 'a ChoiceText answer needs a value', '.value');
        out.push(a.type === 'Choice' ? { type: 'Choice', choice: { id: choice ?? '' } } : { type: 'ChoiceText', choice: { id: choice ?? '' }, value: value ?? '' });
        break;
      case 'Text': {
        if (isChoiceType(q.type)) fail(i, 'a Text answer does not fit a choice question (use Choice, ChoiceText or Other)');
        if (value === undefined || value.trim() === '') fail(i, 'a Text answer needs a value', '.value');
        if (choice !== undefined) fail(i, 'a Text answer names no choice', '.choice');
        const text = value ?? '';
        const max = TEXT_LIMITS[q.type];
        if (max !== undefined && text.length > max) fail(i, `the answer is longer than ${max} characters`, '.value');
        if (q.type === 'OpenEndedTextOneLine' && /[\r\n]/.test(text)) fail(i, 'a one-line answer has no line breaks', '.value');
        if (q.type === 'OpenEndedDateTime' && (!ISO_DATE_TIME.test(text) || Number.isNaN(Date.parse(text)))) fail(i, 'the answer must be an ISO 8601 date-time', '.value');
        out.push({ type: 'Text', value: text });
        break;
      }
    }
  }
  if (out.length > 1 && q.type !== 'MultiChoice') fail(null, 'only one answer is taken');
  if (out.filter((a) => a.type === 'Other').length > 1) fail(null, 'only one "other" answer is taken');
  return out;
}

/** What the body of a question becomes, after the checks the schema cannot make. */
function checkedQuestion(input: QuestionInput, existing: readonly { id: string }[]) {
  const choiceType = isChoiceType(input.type);
  const given = input.choices ?? [];
  if (choiceType && given.length === 0) throw LeadErrors.invalidQuestion(`A ${input.type} question needs at least one choice`, { target: 'choices' });
  if (!choiceType && given.length > 0) throw LeadErrors.invalidQuestion(`A ${input.type} question has no choices`, { target: 'choices' });
  if (!choiceType && input.otherAnswers !== undefined) throw LeadErrors.invalidQuestion(`A ${input.type} question offers no "other" answer`, { target: 'otherAnswers' });
  const known = new Set(existing.map((c) => c.id));
  const seen = new Set<string>();
  const choices = given.map((c, i) => {
    const id = c.id?.toLowerCase() ?? newId();
    if (c.id !== undefined && !known.has(id)) throw LeadErrors.invalidQuestion(`choices[${i}].id: ${id} is not a choice of this question; leave it out for a new choice`, { target: `choices[${i}].id` });
    if (seen.has(id)) throw LeadErrors.invalidQuestion(`choices[${i}].id: ${id} is given twice`, { target: `choices[${i}].id` });
    seen.add(id);
    return { id, text: c.text, ...(c.label !== undefined ? { label: c.label } : {}) };
  });
  return {
    type: input.type, text: input.text, code: input.code ?? null, choices: JSON.stringify(choices),
    not_applicable_text: input.notApplicableAnswer?.text ?? null, other_text: input.otherAnswers?.text ?? null, required: input.required === true ? 1 : 0,
  };
}

/**
 * The exhibitor's lead qualification questions: the reference reads them
 * (GET .../questions); eventline adds create, update and delete (extensions).
 */
export class QualificationService {
  constructor(
    private readonly repo: LeadsRepository,
    private readonly exhibitors: Pick<ExhibitorsRepository, 'find'>,
    private readonly clock: Clock = systemClock,
  ) {}

  /** The exhibitor of the event, or a 404. */
  async requireExhibitor(accountId: string, eventId: string, exhibitorId: string, trx?: Transaction<Database>) {
    const row = await this.exhibitors.find(accountId, eventId.toLowerCase(), exhibitorId.toLowerCase(), trx);
    if (!row) throw LeadErrors.exhibitorNotFound(undefined, { target: 'exhibitorId' });
    return row;
  }

  async list(accountId: string, eventId: string, exhibitorId: string): Promise<{ data: Question[] }> {
    const exhibitor = await this.requireExhibitor(accountId, eventId, exhibitorId);
    return { data: (await this.repo.questions(accountId, exhibitor.id)).map(toQuestion) };
  }

  async create(auth: AuthContext, eventId: string, exhibitorId: string, input: QuestionInput): Promise<Question> {
    const exhibitor = await this.requireExhibitor(auth.accountId, eventId, exhibitorId);
    const now = iso(this.clock());
    const by = actorName(auth);
    const row = {
      id: newId(), account_id: auth.accountId, event_id: exhibitor.event_id, exhibitor_id: exhibitor.id, ...checkedQuestion(input, []),
      created: now, last_modified: now, created_by: by, last_modified_by: by,
    };
    await this.repo.transaction(async (trx) => {
      await this.repo.insertQuestion(row, trx);
      await this.repo.recomputeQualified(trx, auth.accountId, exhibitor.id);
    });
    return toQuestion(row);
  }

  /**
   * Replaces the question. Choices sent with their id keep it (answers name
   * choices by id); answers already given stay as they were. The type cannot
   * change once the question has answers (409).
   */
  async update(auth: AuthContext, eventId: string, exhibitorId: string, questionId: string, input: QuestionInput): Promise<Question> {
    const exhibitor = await this.requireExhibitor(auth.accountId, eventId, exhibitorId);
    return this.repo.transaction(async (trx) => {
      const current = await this.repo.findQuestion(auth.accountId, exhibitor.id, questionId.toLowerCase(), trx);
      if (!current) throw LeadErrors.questionNotFound(undefined, { target: 'questionId' });
      if (input.type !== current.type && (await this.repo.countAnswers(auth.accountId, current.id, trx)) > 0) {
        throw LeadErrors.questionAnswered(`The ${named(current)} has answers: its type stays ${current.type}`, { target: 'type' });
      }
      const patch = { ...checkedQuestion(input, choicesColumn(current.choices)), ...auditStamp(auth, this.clock()).modified };
      await this.repo.updateQuestion(auth.accountId, current.id, patch, trx);
      await this.repo.recomputeQualified(trx, auth.accountId, exhibitor.id);
      return toQuestion({ ...current, ...patch });
    });
  }

  /** Deletes the question and the answers to it. */
  async delete(accountId: string, eventId: string, exhibitorId: string, questionId: string): Promise<void> {
    const exhibitor = await this.requireExhibitor(accountId, eventId, exhibitorId);
    await this.repo.transaction(async (trx) => {
      const current = await this.repo.findQuestion(accountId, exhibitor.id, questionId.toLowerCase(), trx);
      if (!current) throw LeadErrors.questionNotFound(undefined, { target: 'questionId' });
      await this.repo.deleteQuestion(trx, accountId, current.id);
      await this.repo.recomputeQualified(trx, accountId, exhibitor.id);
    });
  }
}
