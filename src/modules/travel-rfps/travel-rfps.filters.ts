import { defineList, filterColumns, RANGE, type FilterField } from '../../lists/index.js';
import type { Row } from '../../db/types.js';

// Exactly the fields and operators the reference's `filter` lists for each list (DESIGN rule 6). Fields answered by
// an index of migration 0036 are marked `indexed`.
const EQ_NE = { ops: ['eq', 'ne'] } as const;
const indexed = (f: FilterField): FilterField => ({ ...f, indexed: true });

const program = filterColumns('travel_programs');
/** GET /travel-programs. */
export const PROGRAMS_LIST = defineList<Row<'travel_programs'>>({
  name: 'travel-programs',
  filters: {
    id: program.field('id', 'uuid', EQ_NE),
    name: program.field('name', 'string', { ops: ['eq', 'ne', 'sw', 'contains'] }),
    type: program.field('type', 'string', EQ_NE),
    'travelAccount.id': indexed(program.field('travel_account_id', 'uuid', EQ_NE)),
    created: program.field('created', 'datetime', { ops: RANGE }),
    lastModified: program.field('last_modified', 'datetime', { ops: RANGE }),
  },
  order: [{ column: 'travel_programs.id', value: (r) => r.id }],
  window: 'travel_programs.last_modified',
});

/** GET /travel-programs/questions (every program's) and /travel-programs/{programId}/questions: paging and after / before only. */
export const questionsList = (programId: string | null) => defineList<Row<'travel_program_questions'>>({
  name: `travel-program-questions:${programId ?? '*'}`,
  filters: {},
  order: [{ column: 'travel_program_questions.id', value: (r) => r.id }],
  window: 'travel_program_questions.last_modified',
});

const proposal = filterColumns('travel_proposals');
/** GET /travel-proposals. */
export const PROPOSALS_LIST = defineList<Row<'travel_proposals'>>({
  name: 'travel-proposals',
  filters: {
    id: proposal.field('id', 'uuid', EQ_NE),
    businessType: proposal.field('business_type', 'string', EQ_NE),
    contractPeriod: proposal.field('contract_period', 'number', EQ_NE),
    status: proposal.field('status', 'string', EQ_NE),
    deleted: proposal.field('deleted', 'boolean', EQ_NE),
    'supplierProperty.id': indexed(proposal.field('supplier_property_id', 'uuid', EQ_NE)),
    'travelProgram.id': indexed(proposal.field('program_id', 'uuid', EQ_NE)),
    created: proposal.field('created', 'datetime', { ops: RANGE }),
    lastModified: proposal.field('last_modified', 'datetime', { ops: RANGE }),
  },
  order: [{ column: 'travel_proposals.id', value: (r) => r.id }],
  window: 'travel_proposals.last_modified',
});

/** A bid with its proposal's audit dates (the list filters on them). */
export type BidRow = Row<'travel_bids'> & { proposal_created: string; proposal_last_modified: string };
const bid = filterColumns('travel_bids');
const bidProposal = filterColumns('travel_proposals');
/** GET /travel-proposals/bids. */
export const BIDS_LIST = defineList<BidRow>({
  name: 'travel-proposal-bids',
  filters: {
    id: bid.field('id', 'uuid', EQ_NE),
    'proposal.id': indexed(bid.field('proposal_id', 'uuid', EQ_NE)),
    'proposal.created': bidProposal.field('created', 'datetime', { ops: RANGE }),
    'proposal.lastModified': bidProposal.field('last_modified', 'datetime', { ops: RANGE }),
  },
  order: [{ column: 'travel_bids.id', value: (r) => r.id }],
  window: 'travel_bids.last_modified',
});
