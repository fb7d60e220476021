import { Type } from 'typebox';
import type { AuthContext } from '../../actor.js';
import { auditStamp } from '../../actor.js';
import { isUniqueViolation } from '../../db/constraints.js';
import { newId } from '../../db/ids.js';
import { jsonColumn } from '../../db/json.js';
import { systemClock, type Clock } from '../../db/time.js';
import type { EventsService } from '../events/index.js';
import type { ExhibitorsRepository } from './exhibitors.repository.js';
import type { QuestionsRepository } from './exhibitor-questions.repository.js';
import { checkAnswer, questionProblem, type QuestionDef, type StoredAnswer } from './exhibitor-questions.rules.js';
import { LimitsSchema, type Answer, type AnswersRequest, type AnswerValue, type Question, type QuestionInput } from './exhibitor-questions.schemas.js';
import { ANSWER_TYPES } from './exhibitor-questions.table.js';
import { audit, requireExhibitor, samePathId } from './team.common.js';
import { TeamErrors } from './team.errors.js';
import type { Row } from '../../db/types.js';

const choicesColumn = jsonColumn('exhibitor_questions.choices', Type.Array(Type.Object({ id: Type.String(), text: Type.String() })));
const limitsColumn = jsonColumn('exhibitor_questions.answer_limits', LimitsSchema);
const answersColumn = jsonColumn('exhibitor_answers.answers', Type.Array(Type.Object({
  type: Type.Enum(ANSWER_TYPES), value: Type.Optional(Type.String()), choice: Type.Optional(Type.Object({ id: Type.String() })),
})));

export function questionDef(r: Row<'exhibitor_questions'>): QuestionDef {
  return {
    id: r.id, text: r.text, type: r.type, choices: r.choices === null ? [] : choicesColumn(r.choices),
    notApplicable: r.not_applicable_text, other: r.other_text, format: r.answer_format, limits: r.answer_limits === null ? {} : limitsColumn(r.answer_limits),
  };
}

function toQuestion(r: Row<'exhibitor_questions'>): Question {
  const d = questionDef(r);
  return {
    id: r.id, displayOrder: r.display_order, event: { id: r.event_id }, text: r.text, type: r.type, required: r.required === 1,
    ...(r.code !== null ? { code: r.code } : {}),
    ...(r.choices !== null ? { choices: d.choices.map((c) => ({ ...c })) } : {}),
    ...(r.not_applicable_text !== null ? { notApplicableAnswer: { text: r.not_applicable_text } } : {}),
    ...(r.other_text !== null ? { otherAnswer: { text: r.other_text } } : {}),
    ...(r.answer_format !== null ? { answerFormat: r.answer_format } : {}),
    ...(r.answer_limits !== null ? { answerLimits: d.limits } : {}),
    ...(r.default_to_current_date !== null ? { defaultToCurrentDate: r.default_to_current_date === 1 } : {}),
    ...audit(r),
  };
}

/** A stored answer as the reference shows it: a choice with its current text as `value`, Other with its own. */
function showAnswers(q: QuestionDef, stored: readonly StoredAnswer[]): AnswerValue[] {
  return stored.map((a) => {
    if (a.type === 'Choice' && a.choice) {
      const text = q.choices.find((c) => c.id === a.choice?.id)?.text;
      return { type: 'Choice', choice: { id: a.choice.id }, ...(text !== undefined ? { value: text } : {}) };
    }
    if (a.type === 'NA') return { type: 'NA', ...(q.notApplicable !== null ? { value: q.notApplicable } : {}) };
    return { type: a.type, ...(a.value !== undefined ? { value: a.value } : {}) };
  });
}

const describe = (q: QuestionDef): string => `question '${q.text.length > 80 ? `${q.text.slice(0, 77)}...` : q.text}' (${q.id})`;

/**
 * Exhibitor questions (an event's profile questions for its exhibitors; the
 * reference reads them, eventline adds create, update and delete) and each
 * exhibitor's answers, checked against the question's type, choices, format
 * and limits.
 */
export class ExhibitorQuestionsService {
  constructor(
    private readonly exhibitors: ExhibitorsRepository,
    private readonly repo: QuestionsRepository,
    private readonly events: Pick<EventsService, 'find'>,
    private readonly clock: Clock = systemClock,
  ) {}

  private async requireEvent(accountId: string, eventId: string): Promise<void> {
    if (!(await this.events.find(accountId, eventId))) throw TeamErrors.eventNotFound(undefined, { target: 'id' });
  }

  async listQuestions(accountId: string, eventId: string): Promise<{ data: Question[] }> {
    await this.requireEvent(accountId, eventId);
    return { data: (await this.repo.listQuestions(accountId, eventId)).map(toQuestion) };
  }

  async createQuestion(auth: AuthContext, eventId: string, input: QuestionInput): Promise<Question> {
    return this.saveQuestion(auth, eventId, null, input);
  }

  async updateQuestion(auth: AuthContext, eventId: string, questionId: string, input: QuestionInput): Promise<Question> {
    return this.saveQuestion(auth, eventId, questionId, input);
  }

  private async saveQuestion(auth: AuthContext, eventId: string, questionId: string | null, input: QuestionInput): Promise<Question> {
    await this.requireEvent(auth.accountId, eventId);
    samePathId(input.event, eventId, 'event.id');
    const problem = questionProblem(input);
    if (problem) throw TeamErrors.invalid(problem.message, { target: problem.target });
    const stamp = auditStamp(auth, this.clock());
    const code = input.code ?? null;
    try {
      return await this.repo.transaction(async (trx) => {
        const existing = questionId === null ? undefined : await this.repo.findQuestion(auth.accountId, eventId, questionId, trx);
        if (questionId !== null && !existing) throw TeamErrors.questionNotFound(undefined, { target: 'questionId' });
        if (code !== null) {
          const taken = await this.repo.findQuestionByCode(auth.accountId, eventId, code, trx);
          if (taken && taken.id !== questionId) throw codeTaken(code);
        }
        // Choices keep their ids (and the answers that chose them) when the body names them.
        const known = new Set(existing ? questionDef(existing).choices.map((c) => c.id) : []);
        const choices = input.choices?.map((c) => {
          const id = c.id?.toLowerCase();
          if (id !== undefined && !known.has(id)) throw TeamErrors.invalid(`choices: ${id} is not a choice of this question (omit the id for a new choice)`, { target: 'choices' });
          return { id: id ?? newId(), text: c.text.trim() };
        });
        const fields = {
          text: input.text.trim(), type: input.type, code, required: input.required ? 1 : 0,
          choices: choices === undefined ? null : JSON.stringify(choices),
          not_applicable_text: input.notApplicableAnswer?.text.trim() ?? null, other_text: input.otherAnswer?.text.trim() ?? null,
          answer_format: input.answerFormat ?? null, answer_limits: input.answerLimits === undefined ? null : JSON.stringify(input.answerLimits),
          default_to_current_date: input.defaultToCurrentDate === undefined ? null : input.defaultToCurrentDate ? 1 : 0,
        };
        if (existing) {
          const row: Row<'exhibitor_questions'> = { ...existing, ...fields, ...stamp.modified };
          // A change that stored answers would no longer satisfy is refused: nothing is silently dropped.
          const def = questionDef(row);
          const broken = (await this.repo.answersToQuestion(auth.accountId, row.id, trx)).filter((a) => 'problem' in checkAnswer(def, answersColumn(a.answers)));
          if (broken.length > 0) {
            throw TeamErrors.questionInUse(`${broken.length} exhibitor(s) answered this question in a way the change would make invalid: change or clear those answers first`, { target: 'questionId' });
          }
          await this.repo.updateQuestion(auth.accountId, row.id, { ...fields, ...stamp.modified }, trx);
          return toQuestion(row);
        }
        const row: Row<'exhibitor_questions'> = {
          id: newId(), account_id: auth.accountId, event_id: eventId, ...fields, display_order: await this.repo.nextDisplayOrder(auth.accountId, eventId, trx),
          ...stamp.created,
        };
        await this.repo.insertQuestion(row, trx);
        return toQuestion(row);
      });
    } catch (err) {
      if (isUniqueViolation(err) && code !== null) throw codeTaken(code);
      throw err;
    }
  }

  /** Deletes the question and every exhibitor's answer to it. */
  async deleteQuestion(accountId: string, eventId: string, questionId: string): Promise<void> {
    await this.requireEvent(accountId, eventId);
    await this.repo.transaction(async (trx) => {
      const q = await this.repo.findQuestion(accountId, eventId, questionId, trx);
      if (!q) throw TeamErrors.questionNotFound(undefined, { target: 'questionId' });
      await this.repo.deleteQuestion(accountId, q.id, trx);
    });
  }

  async listAnswers(accountId: string, eventId: string, exhibitorId: string): Promise<{ data: Answer[] }> {
    const ex = await requireExhibitor(this.exhibitors, accountId, eventId, exhibitorId);
    const questions = await this.repo.listQuestions(accountId, ex.event_id);
    return { data: this.answersInOrder(questions, await this.repo.answersOfExhibitor(accountId, ex.id)) };
  }

  private answersInOrder(questions: readonly Row<'exhibitor_questions'>[], rows: readonly Row<'exhibitor_answers'>[]): Answer[] {
    const byQuestion = new Map(rows.map((r) => [r.question_id, r]));
    return questions.flatMap((q) => {
      const r = byQuestion.get(q.id);
      if (!r) return [];
      return [{
        id: r.id, question: { id: q.id }, event: { id: r.event_id }, exhibitor: { id: r.exhibitor_id },
        answers: showAnswers(questionDef(q), answersColumn(r.answers)), ...audit(r),
      }];
    });
  }

  /**
   * PUT exhibitor-answers: sets the answers to the questions listed (an empty
   * `answers` clears one; questions not listed keep theirs). Every entry is
   * checked first: one wrong answer is a 400 naming its question, and nothing
   * is stored. Required questions may be skipped (the reference: planners can).
   */
  async putAnswers(auth: AuthContext, eventId: string, exhibitorId: string, body: AnswersRequest): Promise<{ data: Answer[] }> {
    const stamp = auditStamp(auth, this.clock());
    try {
      return await this.repo.transaction(async (trx) => {
        const ex = await requireExhibitor(this.exhibitors, auth.accountId, eventId, exhibitorId, trx);
        const questions = await this.repo.listQuestions(auth.accountId, ex.event_id, trx);
        const byId = new Map(questions.map((q) => [q.id, q]));
        const planned: Array<{ question: Row<'exhibitor_questions'>; stored: StoredAnswer[] }> = [];
        const seen = new Set<string>();
        for (const [i, entry] of body.data.entries()) {
          samePathId(entry.event, ex.event_id, `data[${i}].event.id`);
          samePathId(entry.exhibitor, ex.id, `data[${i}].exhibitor.id`);
          const qid = entry.question.id.toLowerCase();
          const question = byId.get(qid);
          if (!question) throw TeamErrors.invalid(`data[${i}]: ${qid} is not an exhibitor question of this event`, { target: `data[${i}].question.id` });
          if (seen.has(qid)) throw TeamErrors.invalid(`data[${i}]: question ${qid} is answered twice`, { target: `data[${i}].question.id` });
          seen.add(qid);
          const def = questionDef(question);
          const checked = checkAnswer(def, entry.answers);
          if ('problem' in checked) {
            const sep = checked.problem.startsWith(':') ? '' : ' ';
            throw TeamErrors.invalid(`data[${i}]: ${describe(def)}${sep}${checked.problem}`, { target: `data[${i}].answers` });
          }
          planned.push({ question, stored: checked.ok });
        }
        const current = new Map((await this.repo.answersOfExhibitor(auth.accountId, ex.id, trx)).map((r) => [r.question_id, r]));
        for (const { question, stored } of planned) {
          const row = current.get(question.id);
          if (stored.length === 0) {
            if (row) await this.repo.deleteAnswer(auth.accountId, row.id, trx);
          } else if (row) {
            await this.repo.setAnswers(auth.accountId, row.id, { answers: JSON.stringify(stored), ...stamp.modified }, trx);
          } else {
            await this.repo.insertAnswer({
              id: newId(), account_id: auth.accountId, event_id: ex.event_id, exhibitor_id: ex.id, question_id: question.id, answers: JSON.stringify(stored),
              ...stamp.created,
            }, trx);
          }
        }
        return { data: this.answersInOrder(questions, await this.repo.answersOfExhibitor(auth.accountId, ex.id, trx)) };
      });
    } catch (err) {
      // Two first answers to one question at once: the unique index kept one; the client may retry.
      if (isUniqueViolation(err)) throw TeamErrors.invalid('The answers changed meanwhile: send them again');
      throw err;
    }
  }
}

const codeTaken = (code: string) => TeamErrors.codeTaken(`Another exhibitor question of the event has the code ${code}`, { target: 'code' });
