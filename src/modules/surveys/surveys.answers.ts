import type { Answer, QuestionDetails, QuestionType } from './surveys.schemas.js';

/** A question as the validator sees it. */
export interface QuestionDefinition {
  readonly id: string;
  readonly code: string | null;
  readonly text: string;
  readonly type: QuestionType;
  readonly required: boolean;
  readonly details: QuestionDetails;
}

/** Why a response is refused: a message that names the question, and the answer at fault. */
export interface AnswerProblem {
  readonly message: string;
  readonly target: string;
}

const CHOICE_TYPES: ReadonlySet<QuestionType> = new Set(['SingleChoice', 'MultiChoice', 'NetPromoter', 'Rating', 'LargeChoices']);
const SINGLE_TYPES: ReadonlySet<QuestionType> = new Set(['SingleChoice', 'NetPromoter', 'Rating', 'LargeChoices']);
const MATRIX_TYPES: ReadonlySet<QuestionType> = new Set(['MatrixSingleChoice', 'MatrixMultiChoice', 'MatrixSideBySide', 'MatrixSpreadSheet', 'MatrixRating']);
const OPEN_TYPES: ReadonlySet<QuestionType> = new Set(['Text', 'CommentBox', 'Number', 'DateTime']);

const filled = (v: string | undefined): v is string => v !== undefined && v.trim() !== '';
const isNumber = (v: string): boolean => /^-?\d+(\.\d+)?$/.test(v.trim()) && Number.isFinite(Number(v));
const isDate = (v: string): boolean => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v.trim()) && !Number.isNaN(Date.parse(v.trim()));

/** Names the question in an error: its code when it has one, its id always. */
export function questionName(q: Pick<QuestionDefinition, 'id' | 'code'>): string {
  return q.code ? `Question '${q.code}' (${q.id})` : `Question ${q.id}`;
}

/**
 * Checks one response (the answers to one question) against the question's
 * definition: answer types the question type takes, choices, categories and
 * fields that are the question's, values of the right kind, required parts
 * answered. `largeChoice` says whether a choice id belongs to a LargeChoices question.
 * Returns the first problem, or undefined when the answers are acceptable.
 */
export async function checkAnswers(q: QuestionDefinition, answers: readonly Answer[], largeChoice: (choiceId: string) => Promise<boolean>): Promise<AnswerProblem | undefined> {
  const name = questionName(q);
  const d = q.details;
  const at = (i: number, part = '') => `answers[${i}]${part}`;
  const problem = (i: number, what: string, part = ''): AnswerProblem => ({ message: `${name}: ${what}`, target: at(i, part) });
  const choiceIds = new Set((d.choices ?? []).map((c) => c.id));
  const allowedTypes = new Set<string>();
  if (CHOICE_TYPES.has(q.type) || MATRIX_TYPES.has(q.type) || q.type === 'RankOrder' || q.type === 'NumberAllocation') allowedTypes.add('Choice');
  if (CHOICE_TYPES.has(q.type) && q.type !== 'LargeChoices') allowedTypes.add('ChoiceText');
  if (OPEN_TYPES.has(q.type) || q.type === 'Form' || q.type === 'MatrixSpreadSheet') allowedTypes.add('Text');
  if (q.type === 'Form') allowedTypes.add('Choice');
  if (q.type === 'CommentBox' || d.comments !== undefined) allowedTypes.add('Comment');
  if (d.otherAnswer !== undefined) allowedTypes.add('Other');
  if (d.notApplicableAnswer !== undefined) allowedTypes.add('NA');
  if (q.type === 'FileUpload') allowedTypes.add('File');

  let substantive = 0;
  const seenChoices = new Set<string>();
  const seenCells = new Set<string>();
  const answeredCategories = new Set<string>();
  const answeredFields = new Set<string>();
  const ranks = new Set<number>();
  let allocated = 0;
  let hasNa = false;

  for (const [i, a] of answers.entries()) {
    if (!allowedTypes.has(a.type)) {
      return problem(i, `an answer of type ${a.type} does not fit a ${q.type} question (it takes ${[...allowedTypes].join(', ')})`, '.type');
    }
    if (a.type === 'NA') {
      hasNa = true;
      substantive += 1;
      continue;
    }
    if (a.type === 'Comment') {
      if (q.type === 'CommentBox' && filled(a.value)) substantive += 1;
      continue;
    }
    if (a.type === 'Other' || a.type === 'File') {
      if (!filled(a.value)) return problem(i, `an ${a.type} answer needs a value`, '.value');
      substantive += 1;
      continue;
    }
    if (q.type === 'Form') {
      const fieldId = a.field?.id.toLowerCase();
      const field = (d.fields ?? []).find((f) => f.id === fieldId);
      if (!field) return problem(i, fieldId ? `field ${fieldId} is not one of its fields` : 'a Form answer names its field', '.field.id');
      answeredFields.add(field.id);
      if (field.type === 'SingleChoice' || field.type === 'MultiChoice') {
        const cid = a.choice?.id.toLowerCase();
        if (a.type !== 'Choice' || !cid || !(field.choices ?? []).some((c) => c.id === cid)) {
          return problem(i, `field ${field.id} takes a Choice answer naming one of its choices`, '.choice.id');
        }
      } else {
        if (a.type !== 'Text') return problem(i, `field ${field.id} (${field.type}) takes a Text answer`, '.type');
        if (field.required && !filled(a.value)) return problem(i, `required field ${field.id} is left empty`, '.value');
        if (filled(a.value) && field.type === 'Number' && !isNumber(a.value)) return problem(i, `field ${field.id} takes a number, not '${a.value.slice(0, 40)}'`, '.value');
        if (filled(a.value) && field.type === 'DateTime' && !isDate(a.value)) return problem(i, `field ${field.id} takes an ISO 8601 date`, '.value');
      }
      substantive += 1;
      continue;
    }
    if (a.type === 'Text') {
      if (MATRIX_TYPES.has(q.type)) {
        const cat = a.category?.id.toLowerCase();
        if (!cat || !(d.categories ?? []).some((c) => c.id === cat)) return problem(i, 'a matrix answer names one of its categories', '.category.id');
        answeredCategories.add(cat);
      }
      if (!filled(a.value)) {
        if (q.required) return problem(i, 'the question is required and the answer is empty', '.value');
        continue;
      }
      if (q.type === 'Number' && !isNumber(a.value)) return problem(i, `takes a number, not '${a.value.slice(0, 40)}'`, '.value');
      if (q.type === 'DateTime' && !isDate(a.value)) return problem(i, 'takes an ISO 8601 date or date-time', '.value');
      substantive += 1;
      continue;
    }
    // Choice and ChoiceText.
    const cid = a.choice?.id.toLowerCase();
    if (!cid) return problem(i, `a ${a.type} answer names its choice`, '.choice.id');
    const known = q.type === 'LargeChoices' ? await largeChoice(cid) : choiceIds.has(cid);
    if (!known) return problem(i, `choice ${cid} is not one of its choices`, '.choice.id');
    if (a.type === 'ChoiceText' && !filled(a.value)) return problem(i, 'a ChoiceText answer needs its text in value', '.value');
    if (MATRIX_TYPES.has(q.type)) {
      const cat = a.category?.id.toLowerCase();
      if (!cat || !(d.categories ?? []).some((c) => c.id === cat)) return problem(i, 'a matrix answer names one of its categories', '.category.id');
      const sub = a.subCategory?.id.toLowerCase();
      if (q.type === 'MatrixSideBySide' && (!sub || !(d.subCategories ?? []).some((c) => c.id === sub))) {
        return problem(i, 'a side-by-side answer names one of its sub categories', '.subCategory.id');
      }
      const cell = `${cat}/${sub ?? ''}`;
      if ((q.type === 'MatrixSingleChoice' || q.type === 'MatrixRating') && seenCells.has(cell)) return problem(i, `category ${cat} takes one choice`, '.category.id');
      seenCells.add(cell);
      answeredCategories.add(cat);
    } else {
      if (seenChoices.has(cid)) return problem(i, `choice ${cid} is answered twice`, '.choice.id');
      seenChoices.add(cid);
    }
    if (q.type === 'RankOrder') {
      const rank = filled(a.value) && /^\d+$/.test(a.value.trim()) ? Number(a.value) : NaN;
      if (!(rank >= 1 && rank <= choiceIds.size)) return problem(i, `a RankOrder answer puts a rank from 1 to ${choiceIds.size} in value`, '.value');
      if (ranks.has(rank)) return problem(i, `rank ${rank} is given twice`, '.value');
      ranks.add(rank);
    }
    if (q.type === 'NumberAllocation') {
      if (!filled(a.value) || !isNumber(a.value) || Number(a.value) < 0) return problem(i, 'a NumberAllocation answer puts a number of 0 or more in value', '.value');
      allocated += Number(a.value);
    }
    substantive += 1;
  }

  const last = answers.length - 1;
  if (hasNa && substantive > 1) return problem(last, 'a not-applicable answer cannot be combined with other answers', '.type');
  const choiceAnswers = answers.filter((a) => a.type === 'Choice' || a.type === 'ChoiceText' || a.type === 'Other').length;
  if (SINGLE_TYPES.has(q.type) && choiceAnswers > 1) return problem(last, 'takes one choice', '');
  if (OPEN_TYPES.has(q.type) && answers.filter((a) => a.type === 'Text').length > 1) return problem(last, 'takes one Text answer', '');
  if (q.type === 'NumberAllocation' && d.totalSum !== undefined && !hasNa && allocated !== d.totalSum) {
    return problem(last, `the allocated numbers add up to ${allocated}, not ${d.totalSum}`, '');
  }
  if (q.required && substantive === 0) return { message: `${name}: the question is required and the answer is empty`, target: 'answers' };
  if (!hasNa && substantive > 0) {
    for (const c of d.categories ?? []) {
      if ((c.required || (q.required && MATRIX_TYPES.has(q.type))) && !answeredCategories.has(c.id)) {
        return { message: `${name}: required category ${c.id} ('${c.text.slice(0, 60)}') is not answered`, target: 'answers' };
      }
    }
    for (const f of d.fields ?? []) {
      if (f.required && !answeredFields.has(f.id)) return { message: `${name}: required field ${f.id} ('${f.text.slice(0, 60)}') is not answered`, target: 'answers' };
    }
  }
  return undefined;
}
