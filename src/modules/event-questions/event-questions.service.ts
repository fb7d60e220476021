import type { Transaction } from 'kysely';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import type { Clock } from '../../db/time.js';
import type { Row } from '../../db/types.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { EventsService } from '../events/index.js';
import type { SessionsService } from '../sessions/index.js';
import { QuestionErrors } from './event-questions.errors.js';
import { choicesList, QUESTIONS_LIST } from './event-questions.filters.js';
import type { QuestionsRepository } from './event-questions.repository.js';
import { CHOICE_QUESTION_TYPES, type Choice, type ChoiceInput, type Question, type QuestionInput } from './event-questions.schemas.js';

/** What the event-questions module calls in other modules. */
export interface QuestionsUses {
  readonly events: Pick<EventsService, 'find'>;
  readonly sessions: Pick<SessionsService, 'find'>;
}

type Page<T> = Promise<{ paging: Paging; data: T[] }>;
const fold = (s: string): string => s.normalize('NFKC').trim().toLowerCase();

/** The questions an event asks its registrants, and their choices: read as the reference does, written by eventline's extensions. */
export class QuestionsService {
  constructor(
    private readonly repo: QuestionsRepository,
    private readonly uses: QuestionsUses,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  private href(rest: string): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}/${rest}`;
  }

  private toApi(r: Row<'event_questions'>): Question {
    return {
      id: r.id, event: { id: r.event_id }, text: r.text, ...(r.code !== null ? { code: r.code } : {}), ...(r.tag !== null ? { tag: r.tag } : {}),
      ...(r.session_id !== null ? { session: { id: r.session_id } } : {}), ...(r.admission_item_id !== null ? { admissionItem: { id: r.admission_item_id } } : {}),
      type: r.type as Question['type'], ...(r.internal_note !== null ? { internalNote: r.internal_note } : {}),
      created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
    };
  }

  private choiceToApi(r: Row<'event_question_choices'>): Choice {
    return { id: r.id, text: r.text, type: r.type as Choice['type'] };
  }

  private async question(accountId: string, id: string, trx?: Transaction<Database>): Promise<Row<'event_questions'>> {
    const row = await this.repo.find(accountId, id.toLowerCase(), trx);
    if (!row) throw QuestionErrors.questionNotFound(undefined, { target: 'questionId' });
    return row;
  }

  async list(accountId: string, query: ListQuery): Page<Question> {
    return listPage(QUESTIONS_LIST, query, (spec) => this.repo.list(accountId, spec), (r) => this.toApi(r), this.href('event-questions'));
  }

  async choices(accountId: string, questionId: string, query: ListQuery): Page<Choice> {
    const row = await this.question(accountId, questionId);
    return listPage(choicesList(row.id), query, (spec) => this.repo.listChoices(accountId, row.id, spec), (r) => this.choiceToApi(r), this.href(`event-questions/${row.id}/choices`));
  }

  /** The columns of a question; the event and the session (one of the event's) must be the account's (400). */
  private async columns(accountId: string, input: QuestionInput, trx: Transaction<Database>) {
    const event = await this.uses.events.find(accountId, input.event.id.toLowerCase(), trx);
    if (!event) throw QuestionErrors.invalid('Unknown event', { target: 'event.id' });
    let sessionId: string | null = null;
    if (input.session !== undefined) {
      const session = await this.uses.sessions.find(accountId, input.session.id.toLowerCase(), trx);
      if (!session || session.event.id !== event.id) throw QuestionErrors.invalid('The session is not a session of the question\'s event', { target: 'session.id' });
      sessionId = session.id;
    }
    return {
      event_id: event.id, text: input.text, code: input.code ?? null, tag: input.tag ?? null, type: input.type, session_id: sessionId,
      admission_item_id: input.admissionItem?.id.toLowerCase() ?? null, internal_note: input.internalNote ?? null,
    };
  }

  async create(auth: AuthContext, input: QuestionInput): Promise<Question> {
    return this.repo.transaction(async (trx) => {
      const row: Row<'event_questions'> = { id: newId(), account_id: auth.accountId, ...(await this.columns(auth.accountId, input, trx)), ...auditStamp(auth, this.clock()).created };
      await this.repo.insert(row, trx);
      return this.toApi(row);
    });
  }

  /** Replaces the question's fields; its event and type cannot change (400); its choices stay. */
  async update(auth: AuthContext, id: string, input: QuestionInput): Promise<Question> {
    return this.repo.transaction(async (trx) => {
      const row = await this.question(auth.accountId, id, trx);
      if (input.event.id.toLowerCase() !== row.event_id) throw QuestionErrors.invalid('A question cannot move to another event', { target: 'event.id' });
      if (input.type !== row.type) throw QuestionErrors.invalid(`The type of a question cannot change (it is ${row.type})`, { target: 'type' });
      await this.repo.update(auth.accountId, row.id, { ...(await this.columns(auth.accountId, input, trx)), ...auditStamp(auth, this.clock()).modified }, trx);
      return this.toApi(await this.question(auth.accountId, row.id, trx));
    });
  }

  async delete(auth: AuthContext, id: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const row = await this.question(auth.accountId, id, trx);
      await this.repo.delete(auth.accountId, row.id, trx);
    });
  }

  private async assertTextFree(accountId: string, questionId: string, text: string, selfId: string | undefined, trx: Transaction<Database>): Promise<number> {
    const choices = await this.repo.choicesOf(accountId, questionId, trx);
    if (choices.some((c) => c.id !== selfId && fold(c.text) === fold(text))) throw QuestionErrors.invalid('The question already has a choice with this text', { target: 'text' });
    return choices.reduce((n, c) => Math.max(n, c.sort_order), 0) + 1;
  }

  /** Adds a choice at the end of a choice question's choices (another type of question is 400). */
  async createChoice(auth: AuthContext, questionId: string, input: ChoiceInput): Promise<Choice> {
    return this.repo.transaction(async (trx) => {
      const q = await this.question(auth.accountId, questionId, trx);
      if (!CHOICE_QUESTION_TYPES.has(q.type)) throw QuestionErrors.invalid(`A ${q.type} question has no choices`, { target: 'questionId' });
      const order = await this.assertTextFree(auth.accountId, q.id, input.text, undefined, trx);
      const row: Row<'event_question_choices'> = {
        id: newId(), account_id: auth.accountId, question_id: q.id, text: input.text, type: input.type ?? 'StandardChoice', sort_order: order, ...auditStamp(auth, this.clock()).created,
      };
      await this.repo.insertChoice(row, trx);
      return this.choiceToApi(row);
    });
  }

  private async choice(accountId: string, questionId: string, choiceId: string, trx: Transaction<Database>): Promise<[Row<'event_questions'>, Row<'event_question_choices'>]> {
    const q = await this.question(accountId, questionId, trx);
    const c = await this.repo.findChoice(accountId, choiceId.toLowerCase(), trx);
    if (!c || c.question_id !== q.id) throw QuestionErrors.choiceNotFound(undefined, { target: 'choiceId' });
    return [q, c];
  }

  async updateChoice(auth: AuthContext, questionId: string, choiceId: string, input: ChoiceInput): Promise<Choice> {
    return this.repo.transaction(async (trx) => {
      const [q, c] = await this.choice(auth.accountId, questionId, choiceId, trx);
      await this.assertTextFree(auth.accountId, q.id, input.text, c.id, trx);
      const patch = { text: input.text, type: input.type ?? 'StandardChoice', ...auditStamp(auth, this.clock()).modified };
      await this.repo.updateChoice(auth.accountId, c.id, patch, trx);
      return this.choiceToApi({ ...c, ...patch });
    });
  }

  async deleteChoice(auth: AuthContext, questionId: string, choiceId: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const [, c] = await this.choice(auth.accountId, questionId, choiceId, trx);
      await this.repo.deleteChoice(auth.accountId, c.id, trx);
    });
  }

  /**
   * One of the event's questions, named by id or code, with its choices' texts (attendee-extras module: an attendee's
   * internal-information answers); undefined when the event has no such question.
   */
  async eventQuestion(accountId: string, eventId: string, ref: { id?: string; code?: string }, trx?: Transaction<Database>): Promise<{ id: string; code: string | null; type: string; choices: string[] } | undefined> {
    const row = ref.id !== undefined ? await this.repo.find(accountId, ref.id.toLowerCase(), trx) : ref.code !== undefined ? await this.repo.findByCode(accountId, eventId, ref.code, trx) : undefined;
    if (!row || row.event_id !== eventId) return undefined;
    const choices = CHOICE_QUESTION_TYPES.has(row.type) ? (await this.repo.choicesOf(accountId, row.id, trx)).map((c) => c.text) : [];
    return { id: row.id, code: row.code, type: row.type, choices };
  }
}
