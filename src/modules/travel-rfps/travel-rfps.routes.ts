import { operations } from '../../http/operations.js';
import type { FilterFields } from '../../lists/index.js';
import { BIDS_LIST, PROGRAMS_LIST, PROPOSALS_LIST, questionsList } from './travel-rfps.filters.js';
import {
  BidInputSchema, BidPageSchema, BidParamsSchema, BidSchema, DraftInputSchema, DraftParamsSchema, DraftSchema, FilteredWindowQuerySchema, ProgramInputSchema,
  ProgramPageSchema, ProgramParamsSchema, ProgramQuestionPageSchema, ProgramSchema, ProposalInputSchema, ProposalPageSchema, ProposalParamsSchema, ProposalSchema,
  QuestionInputSchema, QuestionPageSchema, QuestionParamsSchema, QuestionSchema, WindowQuerySchema,
} from './travel-rfps.schemas.js';
import type { TravelRfpsService } from './travel-rfps.service.js';

const filters = (fields: FilterFields) =>
  `Filterable (the reference's list): ${Object.entries(fields).map(([name, f]) => `${name} (${f.ops.join('|')})`).join(', ')}.`;
const EXT = 'An eventline extension (DESIGN rule 11: the reference only reads these).';

export function travelRfpsRoutes(travel: TravelRfpsService) {
  return operations((op) => {
    // ---- Programs ----
    op.list('ListTravelPrograms', {
      description: `The account's travel programs with their questions, in creation order. ${filters(PROGRAMS_LIST.filters)} \`after\` / \`before\` bound lastModified.`,
      query: FilteredWindowQuerySchema, page: ProgramPageSchema, filterOperationId: null, filters: PROGRAMS_LIST.filters,
      list: (auth, query) => travel.listPrograms(auth.accountId, query),
    });
    op('getTravelProgram', {
      description: 'A travel program with its questions (id, section, required, sequence).', params: ProgramParamsSchema, response: { 200: ProgramSchema },
    }, async ({ auth, params }) => travel.getProgram(auth.accountId, params.programId));
    op('createTravelProgram', {
      description: `Creates a travel program. ${EXT} Dates must be in order: endDate not before startDate, dueDate not after startDate (400 naming the date).`,
      body: ProgramInputSchema, response: { 201: ProgramSchema },
    }, async ({ auth, body }) => travel.createProgram(auth, body));

    // ---- Questions ----
    op.list('ListTravelProgramsQuestions', {
      description: 'Every program\'s questions, each naming its program, in creation order. `after` / `before` bound lastModified.',
      query: WindowQuerySchema, page: ProgramQuestionPageSchema, filterOperationId: null, filters: questionsList(null).filters,
      list: (auth, query) => travel.listAllQuestions(auth.accountId, query),
    });
    op.list('ListTravelProgramQuestions', {
      description: 'The program\'s questions, in creation order. `after` / `before` bound lastModified.',
      params: ProgramParamsSchema, query: WindowQuerySchema, page: QuestionPageSchema, filterOperationId: null, errors: [404], filters: questionsList(null).filters,
      list: (auth, query, params) => travel.listQuestions(auth.accountId, params.programId, query),
    });
    op('getTravelProgramQuestion', {
      description: 'A question of the program (404 when it is another program\'s).', params: QuestionParamsSchema, response: { 200: QuestionSchema },
    }, async ({ auth, params }) => travel.getQuestion(auth.accountId, params.programId, params.questionId));
    op('createTravelProgramQuestion', {
      description: `Adds a question to the program. ${EXT} A choice question needs responseChoices, each of its responseDataType; a single question takes none. `
        + 'The sequence defaults to after the program\'s last question.',
      params: ProgramParamsSchema, body: QuestionInputSchema, response: { 201: QuestionSchema },
    }, async ({ auth, params, body }) => travel.createQuestion(auth, params.programId, body));

    // ---- Proposals ----
    op.list('ListTravelProposals', {
      description: `The account's travel proposals with their answers and bid ids, in creation order. ${filters(PROPOSALS_LIST.filters)} \`after\` / \`before\` bound lastModified.`,
      query: FilteredWindowQuerySchema, page: ProposalPageSchema, filterOperationId: null, filters: PROPOSALS_LIST.filters,
      list: (auth, query) => travel.listProposals(auth.accountId, query),
    });
    op('GetTravelProposal', {
      description: 'A travel proposal with its answers and bid ids.', params: ProposalParamsSchema, response: { 200: ProposalSchema },
    }, async ({ auth, params }) => travel.getProposal(auth.accountId, params.travelProposalId));
    op('createTravelProposal', {
      description: `Records a supplier's proposal to a program of the account. ${EXT} customQuestionAnswers keep the program's questions: a question of another `
        + 'program, an answer not of its data type or choices, and (unless draft: true) an unanswered required question are 400 naming the question; text answers '
        + 'are stored in the question\'s responseFormat case. contractPeriod, format and businessType default to the program\'s.',
      body: ProposalInputSchema, response: { 201: ProposalSchema },
    }, async ({ auth, body }) => travel.createProposal(auth, body));

    // ---- Bids ----
    op.list('ListTravelProposalBids', {
      description: `The account's travel proposal bids, in creation order. ${filters(BIDS_LIST.filters)} \`after\` / \`before\` bound the bid's lastModified.`,
      query: FilteredWindowQuerySchema, page: BidPageSchema, filterOperationId: null, filters: BIDS_LIST.filters,
      list: (auth, query) => travel.listBids(auth.accountId, query),
    });
    op('GetTravelProposalBid', {
      description: 'A travel proposal bid.', params: BidParamsSchema, response: { 200: BidSchema },
    }, async ({ auth, params }) => travel.getBid(auth.accountId, params.travelProposalBidId));
    op('createTravelProposalBid', {
      description: `Adds a bid to a proposal of the account (400 naming travelProposal.id otherwise). ${EXT} Season dates must be in order; currencyCode is ISO 4217.`,
      body: BidInputSchema, response: { 201: BidSchema },
    }, async ({ auth, body }) => travel.createBid(auth, body));

    // ---- Proposal drafts ----
    op('createProposalDraft', {
      description: 'Creates a venue proposal draft (status NOT_SENT, version 1, a 14-character proposalCode); `location` is the draft\'s URL (GET /proposal-drafts/{id}). '
        + 'eventSummary.id must be an event of the account and currencyCode an ISO 4217 currency (400 naming the field). eventline keeps the fields listed here; '
        + 'others of the reference (meetingRoom, transaction, categoryItemsCost, billingContractualResponse, a contact\'s country / stateProvince) are 400. '
        + 'Contacts are people: obfuscating a contact redacts them.',
      body: DraftInputSchema, response: { 201: DraftSchema },
    }, async ({ auth, body }, reply) => {
      const draft = await travel.createDraft(auth, body);
      void reply.header('location', travel.draftUrl(draft.id));
      return draft;
    });
    op('getProposalDraft', {
      description: `A proposal draft (the \`location\` of its creation). ${EXT}`, params: DraftParamsSchema, response: { 200: DraftSchema },
    }, async ({ auth, params }) => travel.getDraft(auth.accountId, params.id));
  });
}
