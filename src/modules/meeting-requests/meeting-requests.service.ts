import { randomInt } from 'node:crypto';
import type { Transaction } from 'kysely';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import { isUniqueViolation, uniqueViolationTarget } from '../../db/constraints.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import type { Clock } from '../../db/time.js';
import type { NewRow, Row } from '../../db/types.js';
import type { ErrorDetail } from '../../errors.js';
import { ApiError } from '../../errors.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { EventsService } from '../events/index.js';
import type { FilesService, FileStore } from '../files/index.js';
import { answerProblems, askedQuestion, WELL_KNOWN_QUESTIONS, type AskedQuestion } from './meeting-requests.answers.js';
import { MeetingRequestErrors } from './meeting-requests.errors.js';
import { documentsList, FORMS_LIST, requestsList } from './meeting-requests.filters.js';
import type { MeetingRequestsRepository } from './meeting-requests.repository.js';
import type {
  AnswerInput, BulkResponse, DocumentInput, Form, FormInput, FormQuestion, MeetingRequest, MeetingRequestDocument, RequestCreate, RequestUpdate,
} from './meeting-requests.schemas.js';

/** What the meeting-requests module calls in other modules. */
export interface MeetingRequestsUses {
  readonly events: Pick<EventsService, 'find'>;
  readonly files: FileStore & Pick<FilesService, 'signedUrl'>;
}

type Page<T> = Promise<{ paging: Paging; data: T[] }>;

/** The statuses of a form created without any, and the moves they allow (Approved and Declined are final). */
export const DEFAULT_STATUSES = ['Submitted', 'In Review', 'Approved', 'Declined'] as const;
const DEFAULT_TRANSITIONS: Readonly<Record<string, readonly string[]>> = {
  Submitted: ['In Review', 'Approved', 'Declined'], 'In Review': ['Approved', 'Declined'], Approved: [], Declined: [],
};
/** The moves of a form's statuses when it names none: forward only, to any later status of the list. */
export function forwardTransitions(statuses: readonly string[]): Record<string, string[]> {
  return Object.fromEntries(statuses.map((s, i) => [s, statuses.slice(i + 1)]));
}

/** What a request's documents are attached to in the files module. */
export const documentSlot = (requestId: string): string => `meeting-request-document:${requestId}`;

const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = (): string => Array.from({ length: 11 }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join('');

interface LoadedForm {
  readonly row: Row<'mr_forms'>;
  readonly statuses: string[];
  readonly transitions: Record<string, string[]>;
  readonly questions: Map<string, AskedQuestion>; // the form's and the well-known ones, by id
  readonly own: Array<Row<'mr_form_questions'>>;
}

/** Several items' problems as one error: the status of the first, every problem in `details` (nothing of any item is stored). */
function batchError(problems: readonly ErrorDetail[]): ApiError {
  const first = problems[0] as ErrorDetail;
  const message = problems.length === 1 ? first.message : `${first.message} (and ${problems.length - 1} more problem(s): see details)`;
  return new ApiError(first.code === 404 ? 'requestNotFound' : first.code === 409 ? 'conflict' : 'invalid', first.code, message, { target: first.target ?? '', details: [...problems] });
}

/**
 * Meeting requests (issue 32): the forms staff fill out to ask the meetings team for an event, the requests made
 * from them (answers checked against the form, statuses moving only as the form allows) and their documents.
 */
export class MeetingRequestsService {
  constructor(
    private readonly repo: MeetingRequestsRepository,
    private readonly uses: MeetingRequestsUses,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  private href(rest: string): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}/${rest}`;
  }

  // ---- Forms ----

  private async loadForm(accountId: string, id: string, trx?: Transaction<Database>): Promise<LoadedForm> {
    const row = await this.repo.findForm(accountId, id.toLowerCase(), trx);
    if (!row) throw MeetingRequestErrors.formNotFound(undefined, { target: 'id' });
    return this.withQuestions(row, await this.repo.questionsOf(accountId, [row.id], trx));
  }

  private withQuestions(row: Row<'mr_forms'>, own: Array<Row<'mr_form_questions'>>): LoadedForm {
    const questions = new Map<string, AskedQuestion>();
    for (const q of own) questions.set(q.id, askedQuestion(q));
    for (const q of WELL_KNOWN_QUESTIONS) questions.set(q.id, q);
    return { row, statuses: JSON.parse(row.statuses) as string[], transitions: JSON.parse(row.transitions) as Record<string, string[]>, questions, own };
  }

  private formToApi(f: LoadedForm): Form {
    const questions: FormQuestion[] = f.own.map((r) => {
      const q = askedQuestion(r);
      return {
        id: r.id, name: r.name, type: r.type as FormQuestion['type'], required: q.required, hidden: r.hidden === 1, value: [...q.choices], order: r.position,
        ...(r.min_length !== null ? { minLength: r.min_length } : {}), ...(r.max_length !== null ? { maxLength: r.max_length } : {}),
        ...(r.min_choice !== null ? { minChoice: r.min_choice } : {}), ...(r.max_choice !== null ? { maxChoice: r.max_choice } : {}),
        ...(r.min_date !== null ? { minDate: r.min_date } : {}), ...(r.max_date !== null ? { maxDate: r.max_date } : {}),
        ...(q.answerTypes.length > 0 ? { answerTypes: q.answerTypes as Array<'Other' | 'NA'> } : {}),
      };
    });
    return { id: f.row.id, name: f.row.name, statuses: f.statuses, statusTransitions: f.transitions, active: f.row.active === 1, questions };
  }

  async listForms(accountId: string, query: ListQuery): Page<Form> {
    const page = await listPage(FORMS_LIST, query, (spec) => this.repo.listForms(accountId, spec), (r) => r, this.href('meeting-request-forms'));
    const questions = await this.repo.questionsOf(accountId, page.data.map((r) => r.id));
    return { paging: page.paging, data: page.data.map((r) => this.formToApi(this.withQuestions(r, questions.filter((q) => q.form_id === r.id)))) };
  }

  async getForm(accountId: string, id: string): Promise<Form> {
    return this.formToApi(await this.loadForm(accountId, id));
  }

  /** Creates a form with its questions (an eventline extension): choices, lengths, counts, dates and the status workflow are checked here. */
  async createForm(auth: AuthContext, input: FormInput): Promise<Form> {
    const bad = (message: string, target: string) => MeetingRequestErrors.invalid(message, { target });
    const statuses = input.statuses ?? [...DEFAULT_STATUSES];
    if (statuses.some((s) => s.trim() !== s)) throw bad('A status may not start or end with spaces', 'statuses');
    let transitions: Record<string, string[]>;
    if (input.statusTransitions !== undefined) {
      transitions = Object.fromEntries(statuses.map((s) => [s, [] as string[]]));
      for (const [from, to] of Object.entries(input.statusTransitions)) {
        if (!statuses.includes(from)) throw bad(`'${from}' is not one of the form's statuses`, `statusTransitions.${from}`);
        for (const s of to) {
          if (!statuses.includes(s)) throw bad(`'${s}' is not one of the form's statuses`, `statusTransitions.${from}`);
          if (s === from) throw bad(`'${from}' cannot move to itself`, `statusTransitions.${from}`);
        }
        transitions[from] = [...to];
      }
    } else {
      transitions = input.statuses === undefined ? Object.fromEntries(Object.entries(DEFAULT_TRANSITIONS).map(([k, v]) => [k, [...v]])) : forwardTransitions(statuses);
    }
    const formId = newId();
    const stamp = auditStamp(auth, this.clock());
    const ids = new Set<string>();
    const questions: Array<NewRow<'mr_form_questions'>> = input.questions.map((q, i) => {
      const target = `questions[${i}]`;
      const id = (q.id ?? newId()).toLowerCase();
      if (ids.has(id) || WELL_KNOWN_QUESTIONS.some((w) => w.id === id)) throw bad(`Question id ${id} is already taken`, `${target}.id`);
      ids.add(id);
      const select = q.type === 'SingleSelect' || q.type === 'MultiSelect';
      if (select && (q.value === undefined || q.value.length === 0)) throw bad(`A ${q.type} question needs its choices in value`, `${target}.value`);
      if (!select && q.value !== undefined && q.value.length > 0) throw bad('Only SingleSelect and MultiSelect questions take choices', `${target}.value`);
      if (q.minLength !== undefined && q.maxLength !== undefined && q.minLength > q.maxLength) throw bad('minLength is more than maxLength', `${target}.minLength`);
      if (q.minChoice !== undefined && q.maxChoice !== undefined && q.minChoice > q.maxChoice) throw bad('minChoice is more than maxChoice', `${target}.minChoice`);
      if (q.minDate !== undefined && q.maxDate !== undefined && q.minDate > q.maxDate) throw bad('minDate is after maxDate', `${target}.minDate`);
      if ((q.minChoice !== undefined || q.maxChoice !== undefined) && q.type !== 'MultiSelect') throw bad('Only MultiSelect questions take minChoice / maxChoice', `${target}.minChoice`);
      return {
        id, account_id: auth.accountId, form_id: formId, position: i + 1, name: q.name, type: q.type, required: q.required === true ? 1 : 0, hidden: q.hidden === true ? 1 : 0,
        min_length: q.minLength ?? null, max_length: q.maxLength ?? null, min_choice: q.minChoice ?? null, max_choice: q.maxChoice ?? null,
        min_date: q.minDate ?? null, max_date: q.maxDate ?? null, choices: JSON.stringify(q.value ?? []), answer_types: JSON.stringify(q.answerTypes ?? []),
      };
    });
    const row: Row<'mr_forms'> = {
      id: formId, account_id: auth.accountId, name: input.name, active: input.active === false ? 0 : 1, statuses: JSON.stringify(statuses),
      transitions: JSON.stringify(transitions), ...stamp.created,
    };
    await this.repo.transaction((trx) => this.repo.insertForm(row, questions, trx));
    return this.formToApi(this.withQuestions(row, questions as Array<Row<'mr_form_questions'>>));
  }

  // ---- Requests ----

  private requestToApi(f: LoadedForm, r: Row<'meeting_requests'>, answers: ReadonlyArray<Row<'meeting_request_answers'>>): MeetingRequest {
    const byQuestion = new Map<string, Array<Row<'meeting_request_answers'>>>();
    for (const a of answers) byQuestion.set(a.question_id, [...(byQuestion.get(a.question_id) ?? []), a]);
    const questions = [...byQuestion.entries()].flatMap(([id, rows]) => {
      const q = f.questions.get(id);
      if (q === undefined) return [];
      const first = rows[0] as Row<'meeting_request_answers'>;
      return [{
        order: q.order, answer: {
          id, name: q.name, type: q.type, value: rows.filter((a) => a.value !== null).sort((a, b) => a.position - b.position).map((a) => a.value as string),
          ...(first.answer_type !== null ? { answerType: first.answer_type as 'Other' | 'NA' } : {}),
          ...(first.secondary_value !== null ? { secondaryValue: first.secondary_value } : {}),
        },
      }];
    }).sort((a, b) => a.order - b.order).map((x) => x.answer);
    return {
      id: r.id, name: r.name, status: r.status, ...(r.status_note !== null ? { statusNote: r.status_note } : {}),
      meetingRequestForm: { id: f.row.id, name: f.row.name }, questions,
      ...(r.event_id !== null ? { event: { id: r.event_id } } : {}), ...(r.source_id !== null ? { sourceId: r.source_id } : {}),
      code: r.code, ...(r.archive_date !== null ? { archiveDate: r.archive_date } : {}),
      created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
    };
  }

  private async requestsToApi(accountId: string, f: LoadedForm, rows: ReadonlyArray<Row<'meeting_requests'>>, trx?: Transaction<Database>): Promise<MeetingRequest[]> {
    const answers = await this.repo.answersOf(accountId, rows.map((r) => r.id), trx);
    return rows.map((r) => this.requestToApi(f, r, answers.filter((a) => a.request_id === r.id)));
  }

  async listRequests(accountId: string, formId: string, query: ListQuery): Page<MeetingRequest> {
    const f = await this.loadForm(accountId, formId);
    const page = await listPage(requestsList(f.row.id), query, (spec) => this.repo.listRequests(accountId, f.row.id, spec), (r) => r,
      this.href(`meeting-request-forms/${f.row.id}/requests`));
    return { paging: page.paging, data: await this.requestsToApi(accountId, f, page.data) };
  }

  async getRequest(accountId: string, formId: string, requestId: string): Promise<MeetingRequest> {
    const f = await this.loadForm(accountId, formId);
    const row = await this.repo.findRequest(accountId, requestId.toLowerCase());
    if (!row || row.form_id !== f.row.id) throw MeetingRequestErrors.requestNotFound(undefined, { target: 'requestId' });
    return (await this.requestsToApi(accountId, f, [row]))[0] as MeetingRequest;
  }

  /** The meeting request connected to the event (404 when the event is not the account's, or no request names it). */
  async requestOfEvent(accountId: string, eventId: string): Promise<MeetingRequest> {
    const event = await this.uses.events.find(accountId, eventId.toLowerCase());
    if (!event) throw MeetingRequestErrors.eventNotFound(undefined, { target: 'id' });
    const row = await this.repo.findRequestByEvent(accountId, event.id);
    if (!row) throw MeetingRequestErrors.requestNotFound('No meeting request is connected to this event', { target: 'id' });
    const f = await this.loadForm(accountId, row.form_id);
    return (await this.requestsToApi(accountId, f, [row]))[0] as MeetingRequest;
  }

  /** The answer rows of a request's answers (one per value; an answer with no value, NA, keeps one row with none). */
  private answerRows(accountId: string, requestId: string, answers: readonly AnswerInput[]): Array<NewRow<'meeting_request_answers'>> {
    return answers.flatMap((a): Array<NewRow<'meeting_request_answers'>> => {
      const common = { account_id: accountId, request_id: requestId, question_id: a.id.toLowerCase(), answer_type: a.answerType ?? null, secondary_value: a.secondaryValue ?? null };
      if (a.value.length === 0) return a.answerType !== undefined ? [{ ...common, id: newId(), position: -1, value: null }] : [];
      return a.value.map((value, position) => ({ ...common, id: newId(), position, value }));
    });
  }

  /** The problems of an item's event and sourceId: an unknown event (400), one another request holds, or a taken sourceId (409). */
  private async linkProblems(
    accountId: string, item: { event?: { id: string } | undefined; sourceId?: string | undefined }, self: string | null, prefix: string, taken: { events: Set<string>; sources: Set<string> },
    trx: Transaction<Database>,
  ): Promise<ErrorDetail[]> {
    const problems: ErrorDetail[] = [];
    if (item.event !== undefined) {
      const eventId = item.event.id.toLowerCase();
      const event = await this.uses.events.find(accountId, eventId, trx);
      const holder = event ? await this.repo.findRequestByEvent(accountId, event.id, trx) : undefined;
      if (!event) problems.push({ code: 400, message: `Unknown event ${eventId}`, target: `${prefix}event.id` });
      else if ((holder !== undefined && holder.id !== self) || taken.events.has(eventId)) {
        problems.push({ code: 409, message: 'Another meeting request is connected to this event', target: `${prefix}event.id` });
      }
      taken.events.add(eventId);
    }
    if (item.sourceId !== undefined) {
      const holder = await this.repo.findRequestBySource(accountId, item.sourceId, trx);
      if ((holder !== undefined && holder.id !== self) || taken.sources.has(item.sourceId)) {
        problems.push({ code: 409, message: `sourceId '${item.sourceId}' is another meeting request's`, target: `${prefix}sourceId` });
      }
      taken.sources.add(item.sourceId);
    }
    return problems;
  }

  /** Runs a batch's writes; a unique index that a racing writer filled first is a 409 naming its field. */
  private async write<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    try {
      return await this.repo.transaction(fn);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const target = (uniqueViolationTarget(err) ?? '').includes('event') ? 'event.id' : 'sourceId';
      throw MeetingRequestErrors.conflict(target === 'event.id' ? 'Another meeting request is connected to this event' : 'The sourceId is another meeting request\'s', { target });
    }
  }

  /**
   * Creates up to 5 requests from an active form, all or none: each item's answers are checked against the form (every
   * problem named by its item and question, `[i].questions.<id>`), and a request starts in the form's first status.
   * When any item fails, the call fails with every problem and nothing is stored.
   */
  async createRequests(auth: AuthContext, formId: string, items: readonly RequestCreate[], skipRequired: boolean): Promise<BulkResponse> {
    return this.write(async (trx) => {
      const f = await this.loadForm(auth.accountId, formId, trx);
      if (f.row.active !== 1) throw MeetingRequestErrors.conflict('The form is not active: it takes updates of existing requests only', { target: 'id' });
      const initial = f.statuses[0] as string;
      const problems: ErrorDetail[] = [];
      const taken = { events: new Set<string>(), sources: new Set<string>() };
      for (const [i, item] of items.entries()) {
        const prefix = `[${i}].`;
        if (item.meetingRequestForm?.id !== undefined && item.meetingRequestForm.id.toLowerCase() !== f.row.id) {
          problems.push({ code: 400, message: 'meetingRequestForm.id is not the form of the path', target: `${prefix}meetingRequestForm.id` });
        }
        if (item.status !== undefined && item.status !== initial) {
          problems.push(f.statuses.includes(item.status)
            ? { code: 409, message: `A meeting request starts in status '${initial}', not '${item.status}': move it there with an update`, target: `${prefix}status` }
            : { code: 400, message: `'${item.status}' is not a status of this form (${f.statuses.join(', ')})`, target: `${prefix}status` });
        }
        problems.push(...await this.linkProblems(auth.accountId, item, null, prefix, taken, trx));
        const merged = new Map(item.questions.map((a) => [a.id.toLowerCase(), a]));
        problems.push(...answerProblems(f.questions, item.questions, merged, skipRequired, prefix));
      }
      if (problems.length > 0) throw batchError(problems);
      const stamp = auditStamp(auth, this.clock());
      const rows: Array<Row<'meeting_requests'>> = [];
      for (const item of items) {
        const row: Row<'meeting_requests'> = {
          id: newId(), account_id: auth.accountId, form_id: f.row.id, name: item.name, status: initial, status_note: item.statusNote ?? null,
          event_id: item.event?.id.toLowerCase() ?? null, source_id: item.sourceId ?? null, code: newCode(), archive_date: null, ...stamp.created,
        };
        await this.repo.insertRequest(row, trx);
        await this.repo.replaceAnswers(auth.accountId, row.id, [], this.answerRows(auth.accountId, row.id, item.questions), trx);
        rows.push(row);
      }
      return (await this.requestsToApi(auth.accountId, f, rows, trx)).map((data) => ({ status: 201, message: 'Created', data }));
    });
  }

  /**
   * Updates up to 5 requests of the form, all or none: answers given replace those questions' answers and the result
   * must keep the form's rules; a status moves only along the form's statusTransitions (409 naming both statuses).
   */
  async updateRequests(auth: AuthContext, formId: string, items: readonly RequestUpdate[], skipRequired: boolean): Promise<BulkResponse> {
    return this.write(async (trx) => {
      const f = await this.loadForm(auth.accountId, formId, trx);
      const problems: ErrorDetail[] = [];
      const taken = { events: new Set<string>(), sources: new Set<string>() };
      const seen = new Set<string>();
      const found: Array<{ item: RequestUpdate; row: Row<'meeting_requests'> }> = [];
      for (const [i, item] of items.entries()) {
        const prefix = `[${i}].`;
        const id = item.id.toLowerCase();
        if (seen.has(id)) {
          problems.push({ code: 400, message: 'The meeting request is in the batch twice', target: `${prefix}id` });
          continue;
        }
        seen.add(id);
        const row = await this.repo.lockRequest(auth.accountId, id, trx);
        if (!row || row.form_id !== f.row.id) {
          problems.push({ code: 404, message: `Meeting request ${id} not found on this form`, target: `${prefix}id` });
          continue;
        }
        if (item.status !== undefined && item.status !== row.status) {
          const allowed = f.transitions[row.status] ?? [];
          if (!f.statuses.includes(item.status)) {
            problems.push({ code: 400, message: `'${item.status}' is not a status of this form (${f.statuses.join(', ')})`, target: `${prefix}status` });
          } else if (!allowed.includes(item.status)) {
            problems.push({
              code: 409, target: `${prefix}status`,
              message: `A meeting request in status '${row.status}' cannot move to '${item.status}' (${allowed.length > 0 ? `it may move to: ${allowed.join(', ')}` : `'${row.status}' is final`})`,
            });
          }
        }
        problems.push(...await this.linkProblems(auth.accountId, item, row.id, prefix, taken, trx));
        const existing = await this.repo.answersOf(auth.accountId, [row.id], trx);
        const merged = new Map<string, AnswerInput>();
        for (const a of existing) {
          const prev = merged.get(a.question_id);
          merged.set(a.question_id, {
            id: a.question_id, value: [...(prev?.value ?? []), ...(a.value !== null ? [a.value] : [])],
            ...(a.answer_type !== null ? { answerType: a.answer_type as 'Other' | 'NA' } : {}), ...(a.secondary_value !== null ? { secondaryValue: a.secondary_value } : {}),
          });
        }
        for (const a of item.questions ?? []) merged.set(a.id.toLowerCase(), a);
        problems.push(...answerProblems(f.questions, item.questions ?? [], merged, skipRequired, prefix));
        found.push({ item, row });
      }
      if (problems.length > 0) throw batchError(problems);
      const stamp = auditStamp(auth, this.clock());
      const rows: Array<Row<'meeting_requests'>> = [];
      for (const { item, row } of found) {
        const patch = {
          name: item.name ?? row.name, status: item.status ?? row.status, status_note: item.statusNote ?? row.status_note,
          event_id: item.event !== undefined ? item.event.id.toLowerCase() : row.event_id, source_id: item.sourceId ?? row.source_id, ...stamp.modified,
        };
        await this.repo.updateRequest(auth.accountId, row.id, patch, trx);
        // An answer given replaces the question's answer; an empty one (no value, no answerType) clears it.
        const given = item.questions ?? [];
        await this.repo.replaceAnswers(auth.accountId, row.id, given.map((a) => a.id.toLowerCase()), this.answerRows(auth.accountId, row.id, given), trx);
        rows.push({ ...row, ...patch });
      }
      return (await this.requestsToApi(auth.accountId, f, rows, trx)).map((data) => ({ status: 200, message: 'Updated', data }));
    });
  }

  // ---- Documents ----

  private async requestRow(accountId: string, id: string, trx?: Transaction<Database>): Promise<Row<'meeting_requests'>> {
    const row = await this.repo.findRequest(accountId, id.toLowerCase(), trx);
    if (!row) throw MeetingRequestErrors.requestNotFound(undefined, { target: 'requestId' });
    return row;
  }

  private documentToApi(r: Row<'meeting_request_documents'>, link: boolean): MeetingRequestDocument {
    const url = link ? this.uses.files.signedUrl(r.account_id, r.file_id) : undefined;
    return {
      id: r.id, name: r.name, size: Number(r.size), uploaded: r.created, uploadedBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
      mimeType: r.mime_type, ...(url !== undefined ? { referenceLink: { url: url.href, expiration: new Date(url.expires * 1000).toISOString() } } : {}),
      meetingRequest: { id: r.request_id },
    };
  }

  async listDocuments(accountId: string, requestId: string, query: ListQuery & { includeReferenceLink?: boolean }): Page<MeetingRequestDocument> {
    const request = await this.requestRow(accountId, requestId);
    return listPage(documentsList(request.id), query, (spec) => this.repo.listDocuments(accountId, request.id, spec),
      (r) => this.documentToApi(r, query.includeReferenceLink !== false), this.href(`meeting-requests/${request.id}/documents`));
  }

  /** Attaches an uploaded file (POST /files) to the request as a document (an eventline extension); a file attached elsewhere is 409. */
  async addDocument(auth: AuthContext, requestId: string, input: DocumentInput): Promise<MeetingRequestDocument> {
    return this.repo.transaction(async (trx) => {
      const request = await this.requestRow(auth.accountId, requestId, trx);
      const file = await this.uses.files.info(auth.accountId, input.file.id.toLowerCase(), trx);
      const slot = documentSlot(request.id);
      if (file.attachedTo !== null && file.attachedTo !== slot) {
        throw MeetingRequestErrors.conflict('The file is already in use elsewhere: upload it again for this request', { target: 'file.id' });
      }
      await this.uses.files.attach(auth, file.id, { attachedTo: slot }, trx);
      const row: Row<'meeting_request_documents'> = {
        id: newId(), account_id: auth.accountId, request_id: request.id, file_id: file.id, name: input.name ?? file.friendlyName, size: file.fileSize,
        mime_type: file.contentType, ...auditStamp(auth, this.clock()).created,
      };
      await this.repo.insertDocument(row, trx);
      return this.documentToApi(row, true);
    });
  }
}
