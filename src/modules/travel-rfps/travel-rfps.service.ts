import { randomInt } from 'node:crypto';
import type { Transaction } from 'kysely';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import type { Database, Dialect } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import type { Clock } from '../../db/time.js';
import type { NewRow, Row } from '../../db/types.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { EventsService } from '../events/index.js';
import { TravelRfpsErrors } from './travel-rfps.errors.js';
import { BIDS_LIST, PROGRAMS_LIST, PROPOSALS_LIST, questionsList, type BidRow } from './travel-rfps.filters.js';
import type { TravelRfpsRepository } from './travel-rfps.repository.js';
import {
  BID_DETAILS, type Bid, type BidInput, type Draft, type DraftInput, type Program, type ProgramInput, type ProgramQuestion, type Proposal, type ProposalInput,
  type Question, type QuestionInput, type ResponseDataType,
} from './travel-rfps.schemas.js';

/** What the travel module calls in other modules. */
export interface TravelRfpsUses {
  readonly events: Pick<EventsService, 'find'>;
}

type Page<T> = Promise<{ paging: Paging; data: T[] }>;

const audit = (r: { created: string; created_by: string; last_modified: string; last_modified_by: string }) =>
  ({ created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by });
const opt = <K extends string, V>(key: K, v: V | null | undefined): Partial<Record<K, V>> => (v === null || v === undefined ? {} : { [key]: v } as Record<K, V>);
const bad = (message: string, target: string) => TravelRfpsErrors.invalid(message, { target });

const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const DATA_TYPE_CHECKS: Readonly<Record<ResponseDataType, (v: string) => boolean>> = {
  text: () => true,
  number: (v) => /^-?\d+(\.\d+)?$/.test(v),
  date: isDate,
  date_time: (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)),
  time: (v) => /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(v),
  email: (v) => /^[^\s@"<>]+@[^\s@"<>]+\.[^\s@"<>]+$/.test(v),
  boolean: (v) => v === 'true' || v === 'false',
};
const DATA_TYPE_WORDS: Readonly<Record<ResponseDataType, string>> = {
  text: 'text', number: 'a number', date: 'a date (YYYY-MM-DD)', date_time: 'an ISO 8601 date-time', time: 'a time (HH:MM[:SS])', email: 'an email address', boolean: 'true or false',
};
/** A text answer in the question's case (responseFormat). */
function formatted(v: string, format: string | null): string {
  if (format === 'lower_case') return v.toLowerCase();
  if (format === 'upper_case') return v.toUpperCase();
  if (format === 'proper_case') return v.toLowerCase().replace(/(^|[\s\-'])(\p{L})/gu, (_m, sep: string, c: string) => `${sep}${c.toUpperCase()}`);
  return v;
}
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * The sourcing side (issue 32): travel programs and their questions, suppliers' proposals (answers checked against
 * the program's questions) with their bids, and venue proposal drafts.
 */
export class TravelRfpsService {
  constructor(
    private readonly repo: TravelRfpsRepository,
    private readonly uses: TravelRfpsUses,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
    private readonly dialect: Dialect,
  ) {}

  private href(rest: string): string {
    return `${this.config.publicUrl}/${this.config.apiVersion}/${rest}`;
  }

  // ---- Programs ----

  private programToApi(r: Row<'travel_programs'>, questions: ReadonlyArray<Row<'travel_program_questions'>>): Program {
    return {
      id: r.id, name: r.name, ...opt('contractPeriod', r.contract_period), type: r.type as Program['type'], format: r.format as Program['format'],
      status: r.status as Program['status'], ...opt('travelAccount', r.travel_account_id !== null ? { id: r.travel_account_id } : null),
      ...opt('stayType', r.stay_type as Program['stayType'] | null), ...opt('startDate', r.start_date), ...opt('endDate', r.end_date), ...opt('dueDate', r.due_date),
      ...opt('closeoutDate', r.closeout_date),
      questions: questions.map((q) => ({ questionId: q.id, section: q.section as 'program_client' | 'program_g_and_m', required: q.required === 1, sequence: q.sequence })),
      ...audit(r),
    };
  }

  private async program(accountId: string, id: string, trx?: Transaction<Database>): Promise<Row<'travel_programs'>> {
    const row = await this.repo.findProgram(accountId, id.toLowerCase(), trx);
    if (!row) throw TravelRfpsErrors.programNotFound(undefined, { target: 'programId' });
    return row;
  }

  async listPrograms(accountId: string, query: ListQuery): Page<Program> {
    const page = await listPage(PROGRAMS_LIST, query, (spec) => this.repo.listPrograms(accountId, spec), (r) => r, this.href('travel-programs'));
    const questions = await this.repo.questionsOf(accountId, page.data.map((r) => r.id));
    return { paging: page.paging, data: page.data.map((r) => this.programToApi(r, questions.filter((q) => q.program_id === r.id))) };
  }

  async getProgram(accountId: string, id: string): Promise<Program> {
    const row = await this.program(accountId, id);
    return this.programToApi(row, await this.repo.questionsOf(accountId, [row.id]));
  }

  /** Creates a travel program (an eventline extension); its dates must be in order (400 naming the date). */
  async createProgram(auth: AuthContext, input: ProgramInput): Promise<Program> {
    if (input.startDate !== undefined && input.endDate !== undefined && input.endDate < input.startDate) throw bad('endDate is before startDate', 'endDate');
    if (input.startDate !== undefined && input.dueDate !== undefined && input.dueDate > input.startDate) throw bad('dueDate is after startDate: proposals are due before the program starts', 'dueDate');
    const row: Row<'travel_programs'> = {
      id: newId(), account_id: auth.accountId, name: input.name, contract_period: input.contractPeriod ?? null, type: input.type, format: input.format,
      status: input.status ?? 'in_progress', travel_account_id: input.travelAccount?.id.toLowerCase() ?? null, stay_type: input.stayType ?? null,
      start_date: input.startDate ?? null, end_date: input.endDate ?? null, due_date: input.dueDate ?? null, closeout_date: input.closeoutDate ?? null,
      ...auditStamp(auth, this.clock()).created,
    };
    await this.repo.insertProgram(row);
    return this.programToApi(row, []);
  }

  // ---- Questions ----

  private questionToApi(r: Row<'travel_program_questions'>): Question {
    const choices = JSON.parse(r.response_choices) as string[];
    return {
      id: r.id, text: r.text, required: r.required === 1, responseType: r.response_type as Question['responseType'], responseDataType: r.response_data_type as ResponseDataType,
      ...opt('responseFormat', r.response_format as Question['responseFormat'] | null), ...(choices.length > 0 ? { responseChoices: choices } : {}), ...audit(r),
    };
  }

  async listAllQuestions(accountId: string, query: ListQuery): Page<ProgramQuestion> {
    return listPage(questionsList(null), query, (spec) => this.repo.listQuestions(accountId, null, spec),
      (r): ProgramQuestion => ({ travelProgram: { id: r.program_id }, ...this.questionToApi(r) }), this.href('travel-programs/questions'));
  }

  async listQuestions(accountId: string, programId: string, query: ListQuery): Page<Question> {
    const program = await this.program(accountId, programId);
    return listPage(questionsList(program.id), query, (spec) => this.repo.listQuestions(accountId, program.id, spec), (r) => this.questionToApi(r),
      this.href(`travel-programs/${program.id}/questions`));
  }

  async getQuestion(accountId: string, programId: string, questionId: string): Promise<Question> {
    const program = await this.program(accountId, programId);
    const row = await this.repo.findQuestion(accountId, program.id, questionId.toLowerCase());
    if (!row) throw TravelRfpsErrors.questionNotFound(undefined, { target: 'questionId' });
    return this.questionToApi(row);
  }

  /** Adds a question to the program (an eventline extension): a choice question needs its choices, each of its data type. */
  async createQuestion(auth: AuthContext, programId: string, input: QuestionInput): Promise<Question> {
    const choices = input.responseChoices ?? [];
    if (input.responseType === 'choice' && choices.length === 0) throw bad('A choice question needs responseChoices', 'responseChoices');
    if (input.responseType === 'single' && choices.length > 0) throw bad('Only choice questions take responseChoices', 'responseChoices');
    const check = DATA_TYPE_CHECKS[input.responseDataType];
    const wrong = choices.find((c) => !check(c));
    if (wrong !== undefined) throw bad(`The choice '${wrong}' is not ${DATA_TYPE_WORDS[input.responseDataType]}`, 'responseChoices');
    return this.repo.transaction(async (trx) => {
      const program = await this.program(auth.accountId, programId, trx);
      await this.repo.lockProgram(auth.accountId, program.id, trx, this.dialect);
      const existing = await this.repo.questionsOf(auth.accountId, [program.id], trx);
      const row: Row<'travel_program_questions'> = {
        id: newId(), account_id: auth.accountId, program_id: program.id, text: input.text, required: input.required === true ? 1 : 0, response_type: input.responseType,
        response_data_type: input.responseDataType, response_format: input.responseFormat ?? null, response_choices: JSON.stringify(choices),
        section: input.section ?? 'program_client', sequence: input.sequence ?? Math.max(0, ...existing.map((q) => q.sequence)) + 1,
        ...auditStamp(auth, this.clock()).created,
      };
      await this.repo.insertQuestion(row, trx);
      return this.questionToApi(row);
    });
  }

  // ---- Proposals ----

  private proposalToApi(r: Row<'travel_proposals'>, answers: ReadonlyArray<Row<'travel_proposal_answers'>>, bids: readonly string[]): Proposal {
    return {
      id: r.id, supplierProperty: { id: r.supplier_property_id }, travelProgram: { id: r.program_id }, ...opt('contractPeriod', r.contract_period),
      status: r.status as Proposal['status'], deleted: r.deleted === 1, ...opt('rateReviewStatus', r.rate_review_status as Proposal['rateReviewStatus'] | null),
      ...opt('businessType', r.business_type as Proposal['businessType'] | null), ...opt('format', r.format as Proposal['format'] | null),
      documentRead: r.document_read === 1, ...opt('rejectReasonCode', r.reject_reason_code), ...opt('rejectComment', r.reject_comment), ...opt('submitDate', r.submit_date),
      ...opt('negotiationRound', r.negotiation_round), ...opt('negotiationDueDate', r.negotiation_due_date), ...opt('roomNightConsumption', r.room_night_consumption),
      draft: r.draft === 1, bids: bids.map((id) => ({ id })), customQuestionAnswers: answers.map((a) => ({ question: { id: a.question_id }, answer: a.answer })),
      ...(r.group_and_meeting !== null ? { groupAndMeeting: JSON.parse(r.group_and_meeting) as Proposal['groupAndMeeting'] } : {}),
      ...(r.disposition !== null ? { proposalDisposition: JSON.parse(r.disposition) as Proposal['proposalDisposition'] } : {}),
      ...audit(r),
    };
  }

  private async proposalsToApi(accountId: string, rows: ReadonlyArray<Row<'travel_proposals'>>): Promise<Proposal[]> {
    const ids = rows.map((r) => r.id);
    const [answers, bids] = await Promise.all([this.repo.answersOf(accountId, ids), this.repo.bidIdsOf(accountId, ids)]);
    return rows.map((r) => this.proposalToApi(r, answers.filter((a) => a.proposal_id === r.id), bids.filter((b) => b.proposal_id === r.id).map((b) => b.id)));
  }

  async listProposals(accountId: string, query: ListQuery): Page<Proposal> {
    const page = await listPage(PROPOSALS_LIST, query, (spec) => this.repo.listProposals(accountId, spec), (r) => r, this.href('travel-proposals'));
    return { paging: page.paging, data: await this.proposalsToApi(accountId, page.data) };
  }

  async getProposal(accountId: string, id: string): Promise<Proposal> {
    const row = await this.repo.findProposal(accountId, id.toLowerCase());
    if (!row) throw TravelRfpsErrors.proposalNotFound(undefined, { target: 'travelProposalId' });
    return (await this.proposalsToApi(accountId, [row]))[0] as Proposal;
  }

  /**
   * Records a supplier's proposal to a program of the account (an eventline extension). Its answers keep the program's
   * questions: a question of another program, a value not of the question's data type or choices, and (unless `draft`)
   * an unanswered required question are 400 naming it; text answers are stored in the question's case.
   */
  async createProposal(auth: AuthContext, input: ProposalInput): Promise<Proposal> {
    return this.repo.transaction(async (trx) => {
      const program = await this.repo.findProgram(auth.accountId, input.travelProgram.id.toLowerCase(), trx);
      if (!program) throw bad('Unknown travel program', 'travelProgram.id');
      const questions = new Map((await this.repo.questionsOf(auth.accountId, [program.id], trx)).map((q) => [q.id, q]));
      const id = newId();
      const answers: Array<NewRow<'travel_proposal_answers'>> = [];
      for (const [i, a] of (input.customQuestionAnswers ?? []).entries()) {
        const target = `customQuestionAnswers[${i}].question.id`;
        const qid = a.question.id.toLowerCase();
        const q = questions.get(qid);
        if (q === undefined) throw bad(`Question ${qid} is not a question of the proposal's program`, target);
        if (answers.some((x) => x.question_id === qid)) throw bad(`Question '${q.text}' is answered twice`, target);
        const dataType = q.response_data_type as ResponseDataType;
        const value = a.answer.trim();
        if (value === '') throw bad(`Question '${q.text}' has a blank answer`, target);
        if (!DATA_TYPE_CHECKS[dataType](value)) throw bad(`Question '${q.text}' takes ${DATA_TYPE_WORDS[dataType]}, not '${value}'`, target);
        const choices = JSON.parse(q.response_choices) as string[];
        // A choice matches whatever its case; the answer stored is the choice as the program wrote it.
        const choice = choices.find((c) => c.toLowerCase() === value.toLowerCase());
        if (q.response_type === 'choice' && choice === undefined) throw bad(`Question '${q.text}' takes one of: ${choices.join(', ')}`, target);
        const answer = choice ?? (dataType === 'text' || dataType === 'email' ? formatted(value, q.response_format) : value);
        answers.push({ id: newId(), account_id: auth.accountId, proposal_id: id, question_id: qid, answer });
      }
      if (input.draft !== true) {
        const missing = [...questions.values()].find((q) => q.required === 1 && !answers.some((a) => a.question_id === q.id));
        if (missing !== undefined) throw bad(`Question '${missing.text}' is required (send draft: true to save an incomplete proposal)`, `customQuestionAnswers.${missing.id}`);
      }
      const row: Row<'travel_proposals'> = {
        id, account_id: auth.accountId, program_id: program.id, supplier_property_id: input.supplierProperty.id.toLowerCase(),
        contract_period: input.contractPeriod ?? program.contract_period, status: input.status ?? 'new', deleted: input.deleted === true || input.status === 'deleted' ? 1 : 0,
        rate_review_status: input.rateReviewStatus ?? null, business_type: input.businessType ?? (program.type === 'consortia' ? null : program.type),
        format: input.format ?? program.format, document_read: input.documentRead === true ? 1 : 0, reject_reason_code: input.rejectReasonCode ?? null,
        reject_comment: input.rejectComment ?? null, submit_date: input.submitDate ?? null, negotiation_round: input.negotiationRound ?? null,
        negotiation_due_date: input.negotiationDueDate ?? null, room_night_consumption: input.roomNightConsumption ?? null, draft: input.draft === true ? 1 : 0,
        group_and_meeting: input.groupAndMeeting !== undefined ? JSON.stringify(input.groupAndMeeting) : null,
        disposition: input.proposalDisposition !== undefined ? JSON.stringify(input.proposalDisposition) : null,
        ...auditStamp(auth, this.clock()).created,
      };
      await this.repo.insertProposal(row, answers, trx);
      return this.proposalToApi(row, answers as Array<Row<'travel_proposal_answers'>>, []);
    });
  }

  // ---- Bids ----

  private bidToApi(r: Row<'travel_bids'>): Bid {
    const details = JSON.parse(r.details) as Partial<Bid>;
    const weekend = JSON.parse(r.weekend_days) as Bid['weekendDays'];
    const rate = { ...opt('level', r.rate_level), ...opt('type', r.rate_type), ...opt('planCode', r.plan_code), ...opt('tier', r.tier) } as Bid['rate'];
    return {
      id: r.id, travelProposal: { id: r.proposal_id }, stayType: r.stay_type as Bid['stayType'], order: r.sort_order, status: r.status as Bid['status'],
      ...opt('name', r.name), ...(Object.keys(rate ?? {}).length > 0 ? { rate } : {}), ...opt('marketCode', r.market_code), ...opt('currencyCode', r.currency_code),
      ...(weekend !== undefined && weekend.length > 0 ? { weekendDays: weekend } : {}), lra: r.lra === 1, nlra: r.nlra === 1, fairDateLra: r.fair_date_lra === 1,
      ...opt('internalNote', r.internal_note), ...Object.fromEntries(BID_DETAILS.filter((k) => details[k] !== undefined).map((k) => [k, details[k]])),
    };
  }

  async listBids(accountId: string, query: ListQuery): Page<Bid> {
    return listPage(BIDS_LIST, query, (spec) => this.repo.listBids(accountId, spec), (r: BidRow) => this.bidToApi(r), this.href('travel-proposals/bids'));
  }

  async getBid(accountId: string, id: string): Promise<Bid> {
    const row = await this.repo.findBid(accountId, id.toLowerCase());
    if (!row) throw TravelRfpsErrors.bidNotFound(undefined, { target: 'travelProposalBidId' });
    return this.bidToApi(row);
  }

  /** Adds a bid to a proposal of the account (an eventline extension); season dates must be in order (400 naming the season). */
  async createBid(auth: AuthContext, input: BidInput): Promise<Bid> {
    for (const [key, list] of [['seasons', input.seasons], ['fairSeasons', input.fairSeasons]] as const) {
      for (const [i, s] of (list ?? []).entries()) {
        if (s.startDate !== undefined && s.endDate !== undefined && s.endDate < s.startDate) throw bad('endDate is before startDate', `${key}[${i}].endDate`);
      }
    }
    if (input.currencyCode !== undefined && !CURRENCIES.has(input.currencyCode)) throw bad(`Unknown currency ${input.currencyCode}`, 'currencyCode');
    return this.repo.transaction(async (trx) => {
      const proposal = await this.repo.findProposal(auth.accountId, input.travelProposal.id.toLowerCase(), trx);
      if (!proposal) throw bad('Unknown travel proposal', 'travelProposal.id');
      const details = Object.fromEntries(BID_DETAILS.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));
      const row: Row<'travel_bids'> = {
        id: newId(), account_id: auth.accountId, proposal_id: proposal.id, name: input.name ?? null, stay_type: input.stayType ?? 'daily', sort_order: input.order ?? 1,
        status: input.status ?? 'in_progress', rate_level: input.rate?.level ?? null, rate_type: input.rate?.type ?? null, plan_code: input.rate?.planCode ?? null,
        tier: input.rate?.tier ?? null, market_code: input.marketCode ?? null, currency_code: input.currencyCode ?? null, weekend_days: JSON.stringify(input.weekendDays ?? []),
        lra: input.lra === false ? 0 : 1, nlra: input.nlra === false ? 0 : 1, fair_date_lra: input.fairDateLra === false ? 0 : 1, internal_note: input.internalNote ?? null,
        details: JSON.stringify(details), ...auditStamp(auth, this.clock()).created,
      };
      await this.repo.insertBid(row, trx);
      return this.bidToApi(row);
    });
  }

  // ---- Proposal drafts ----

  private draftToApi(r: Row<'proposal_drafts'>): Draft {
    return { ...(JSON.parse(r.body) as DraftInput), id: r.id, proposalCode: r.proposal_code, status: r.status as Draft['status'], version: r.version, ...audit(r) };
  }

  /** The URL of a draft: the `location` of its creation. */
  draftUrl(id: string): string {
    return this.href(`proposal-drafts/${id}`);
  }

  /**
   * Creates a venue proposal draft (NOT_SENT, version 1) with a 14-character code. Its event must be the account's and its
   * currency an ISO 4217 one (400 naming the field); proposal dates and check-in / check-out must be in order.
   */
  async createDraft(auth: AuthContext, input: DraftInput): Promise<Draft> {
    if (input.currencyCode !== undefined && !CURRENCIES.has(input.currencyCode)) throw bad(`Unknown currency ${input.currencyCode}`, 'currencyCode');
    for (const [i, d] of (input.proposalDates ?? []).entries()) {
      if (d.startDate !== undefined && d.endDate !== undefined && d.endDate < d.startDate) throw bad('endDate is before startDate', `proposalDates[${i}].endDate`);
    }
    for (const [i, s] of (input.sleepingRooms ?? []).entries()) {
      if (s.checkInDate !== undefined && s.checkOutDate !== undefined && s.checkOutDate < s.checkInDate) throw bad('checkOutDate is before checkInDate', `sleepingRooms[${i}].checkOutDate`);
    }
    const eventId = input.eventSummary?.id?.toLowerCase();
    if (eventId !== undefined && !(await this.uses.events.find(auth.accountId, eventId))) throw bad('Unknown event', 'eventSummary.id');
    const now = this.clock();
    const code = `P${now.toISOString().slice(2, 10).replace(/-/g, '')}-${Array.from({ length: 6 }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join('')}`;
    const row: Row<'proposal_drafts'> = {
      id: newId(), account_id: auth.accountId, name: input.name ?? null, event_id: eventId ?? null, rfp_id: input.rfpSummary?.id?.toLowerCase() ?? null, status: 'NOT_SENT',
      proposal_code: code, version: 1, body: JSON.stringify({ type: 'VENUE', ...input }), ...auditStamp(auth, now).created,
    };
    await this.repo.insertDraft(row);
    return this.draftToApi(row);
  }

  async getDraft(accountId: string, id: string): Promise<Draft> {
    const row = await this.repo.findDraft(accountId, id.toLowerCase());
    if (!row) throw TravelRfpsErrors.draftNotFound(undefined, { target: 'id' });
    return this.draftToApi(row);
  }
}
