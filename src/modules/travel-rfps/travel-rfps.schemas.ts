import { Type, type Static, type TOptional, type TSchema } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

// The reference's schemas of the Travel RFPs and Proposal Draft tags (travel-program, question, travel-proposal,
// travel-proposal-bid, ProposalRequest / ProposalResponse): field names, enums, lengths and ranges as it gives them.
// The write extensions (programs, questions, proposals, bids) take the shapes the reads answer.

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const Ref = (description: string) => Type.Object({ id: Uuid(description) }, { additionalProperties: false });
const Opt = <T extends TSchema>(s: T) => Type.Optional(s);
const Str = (max: number, min = 1) => Type.String({ minLength: min, maxLength: max });
const Enum = <const T extends string[]>(values: readonly [...T], description?: string) =>
  Type.Enum<[...T]>(values, { type: 'string', ...(description !== undefined ? { description } : {}) });
const Date_ = Type.String({ format: 'date' });
const DateTime = Type.String({ format: 'date-time' });
const Money = Type.Number({ minimum: 0.01, maximum: 9999999999.99 });
const Amount = Type.Number({ minimum: 0, maximum: 9999999999.99 });
const Int = (min: number, max: number) => Type.Integer({ minimum: min, maximum: max });
/** An object of optional properties, closed (an unknown field is a 400 naming it). */
function obj<P extends Record<string, TSchema>>(props: P, title?: string) {
  const optional = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, Type.Optional(v)])) as { [K in keyof P]: TOptional<P[K]> };
  return Type.Object(optional, { additionalProperties: false, ...(title !== undefined ? { title } : {}) });
}

const Audit = {
  created: Type.String({ format: 'date-time', description: 'When this record was created.' }),
  createdBy: Type.String({ description: 'Who created this record.' }),
  lastModified: Type.String({ format: 'date-time', description: 'When this record was last updated.' }),
  lastModifiedBy: Type.String({ description: 'Who last updated this record.' }),
};
const ReadOnlyAudit = { created: Opt(Type.String()), createdBy: Opt(Type.String()), lastModified: Opt(Type.String()), lastModifiedBy: Opt(Type.String()) };

const { limit, token, filter, after, before } = listQuerySchema().properties;
export const WindowQuerySchema = Type.Object({ limit, token, after, before }, { additionalProperties: false });
export const FilteredWindowQuerySchema = Type.Object({ limit, token, after, before, filter }, { additionalProperties: false });
export const ProgramParamsSchema = Type.Object({ programId: Uuid('ID of a travel program.') });
export const QuestionParamsSchema = Type.Object({ programId: Uuid('ID of a travel program.'), questionId: Uuid('ID of a question of the program.') });
export const ProposalParamsSchema = Type.Object({ travelProposalId: Uuid('ID of a travel proposal.') });
export const BidParamsSchema = Type.Object({ travelProposalBidId: Uuid('ID of a travel proposal bid.') });
export const DraftParamsSchema = Type.Object({ id: Uuid('ID of a proposal draft.') });

// ---- Programs ----

export const PROGRAM_STATUSES = ['in_progress', 'complete', 'closed'] as const;
const ProgramFields = {
  name: Str(60),
  contractPeriod: Opt(Int(1900, 9999)),
  type: Enum(['corporate', 'leisure', 'consortia']),
  format: Enum(['gbta2013', 'universal']),
  status: Opt(Enum(PROGRAM_STATUSES, 'Default in_progress.')),
  travelAccount: Opt(Ref('The travel account.')),
  stayType: Opt(Enum(['daily', 'daily_and_extended_stay'])),
  startDate: Opt(Date_), endDate: Opt(Date_), dueDate: Opt(Date_), closeoutDate: Opt(Date_),
};
export const ProgramInputSchema = Type.Object({ ...ProgramFields, id: Opt(Type.String({ description: 'Read-only: ignored.' })), ...ReadOnlyAudit },
  { additionalProperties: false, title: 'Travel Program' });
export type ProgramInput = Static<typeof ProgramInputSchema>;
const SECTIONS = ['program_client', 'program_g_and_m'] as const;
export const ProgramSchema = Type.Object({
  id: Uuid('The program.'), ...ProgramFields, status: Enum(PROGRAM_STATUSES),
  questions: Type.Array(Type.Object({ questionId: Uuid('A question of the program.'), section: Enum(SECTIONS), required: Type.Boolean(), sequence: Type.Integer() })),
  ...Audit,
}, { title: 'Travel Program' });
export type Program = Static<typeof ProgramSchema>;
export const ProgramPageSchema = paginated(ProgramSchema, 'Travel Program Paginated Response');

// ---- Questions ----

export const RESPONSE_DATA_TYPES = ['text', 'date', 'date_time', 'time', 'number', 'email', 'boolean'] as const;
export type ResponseDataType = (typeof RESPONSE_DATA_TYPES)[number];
const QuestionFields = {
  text: Str(300),
  required: Opt(Type.Boolean()),
  responseType: Enum(['single', 'choice'], 'single: free answer; choice: one of responseChoices.'),
  responseDataType: Enum(RESPONSE_DATA_TYPES),
  responseFormat: Opt(Enum(['lower_case', 'proper_case', 'upper_case'], 'Text answers are stored in this case.')),
  responseChoices: Opt(Type.Array(Str(300), { uniqueItems: true, maxItems: 100 })),
};
export const QuestionInputSchema = Type.Object({
  ...QuestionFields,
  section: Opt(Enum(SECTIONS, 'Default program_client.')),
  sequence: Opt(Int(1, 9999)),
  id: Opt(Type.String({ description: 'Read-only: ignored.' })), ...ReadOnlyAudit,
}, { additionalProperties: false, title: 'Travel Program Question' });
export type QuestionInput = Static<typeof QuestionInputSchema>;
export const QuestionSchema = Type.Object({ id: Uuid('The question.'), ...QuestionFields, required: Type.Boolean(), ...Audit }, { title: 'Travel Program Question' });
export type Question = Static<typeof QuestionSchema>;
export const QuestionPageSchema = paginated(QuestionSchema, 'Travel Program Question Paginated Response');
export const ProgramQuestionSchema = Type.Object({ travelProgram: Ref('The program.'), ...QuestionSchema.properties }, { title: 'Travel Program Question' });
export type ProgramQuestion = Static<typeof ProgramQuestionSchema>;
export const ProgramQuestionPageSchema = paginated(ProgramQuestionSchema, 'Travel Program Questions Paginated Response');

// ---- Proposals ----

export const PROPOSAL_STATUSES = [
  'participation_requested', 'new', 'active', 'submitted', 'declined_participation', 'verified', 'approved', 'account_accepted', 'account_rejected',
  'internal_rejected', 'request_renegotiation', 'decline_renegotiation', 'deleted',
] as const;
const RATE_TYPES = ['fixed', 'dynamic', 'dynamicwithceiling'] as const;
const money = <const N extends string[]>(...names: N) => Object.fromEntries(names.map((n) => [n, Money])) as { [K in N[number]]: typeof Money };
const bools = <const N extends string[]>(...names: N) => Object.fromEntries(names.map((n) => [n, Type.Boolean()])) as { [K in N[number]]: ReturnType<typeof Type.Boolean> };
const seasons = ['One', 'Two', 'Three', 'Four', 'Five'].flatMap((s) => [`season${s}10To50People`, `season${s}51To100People`]);
const GroupAndMeeting = obj({
  runOfHouseRate: obj(money(...seasons)),
  dayDelegateRate: obj(money('fullDay10To50People', 'fullDay51To100People', 'halfDay10To50People', 'halfDay51To100People')),
  taxAndServiceCharge: obj({ taxAmount: Amount, serviceChargeAmount: Amount, ...bools('taxPercent', 'taxIncluded', 'serviceChargePercent', 'serviceChargeIncluded') }),
  meetingRoomBasicInformation: obj({ largestMeetingRoom: Int(1, 9999999999), unitOfMeasurement: Str(50, 0), meetingRooms: Int(1, 9999999999) }),
  amenity: obj({ ...money('lcdPrice', 'screenPrice', 'hsiaPrice'), ...bools('lcdIncluded', 'screenIncluded', 'hsiaIncluded', 'complementaryParkingIncluded'), whatCompanyProvidesAVEquipment: Str(100, 0) }),
  breakOutRoom: obj({ ...money('price10PersonRoom', 'price25PersonRoom'), ...bools('10PersonRoomIncluded', '25PersonRoomIncluded', 'permanentBoardRoomSetUp') }),
});
const BidRef = Ref('A bid.');
const RoomRef = Ref('A room of the property.');
const Disposition = obj({
  bidDispositions: Type.Array(obj({ bid: BidRef, acceptedBidRooms: Type.Array(obj({ propertyRoom: RoomRef, ...bools('lraRateAccepted', 'nlraRateAccepted') })), rateType: Enum(RATE_TYPES) })),
  groupAndMeetingAccepted: Type.Boolean(),
});
const ProposalFields = {
  supplierProperty: Ref('The supplier\'s property.'),
  travelProgram: Ref('The travel program (400 when it is not the account\'s).'),
  contractPeriod: Opt(Int(1900, 9999)),
  status: Opt(Enum(PROPOSAL_STATUSES, 'Default new.')),
  deleted: Opt(Type.Boolean()),
  rateReviewStatus: Opt(Enum(['requested', 'not_required', 'approved', 'rejected'])),
  businessType: Opt(Enum(['corporate', 'leisure'])),
  format: Opt(Enum(['gbta2013', 'universal'])),
  documentRead: Opt(Type.Boolean()),
  rejectReasonCode: Opt(Str(30)),
  rejectComment: Opt(Str(2000)),
  submitDate: Opt(DateTime),
  negotiationRound: Opt(Int(0, 999)),
  negotiationDueDate: Opt(DateTime),
  roomNightConsumption: Opt(Int(0, 999999999)),
  draft: Opt(Type.Boolean({ description: 'A draft need not answer the program\'s required questions yet.' })),
  customQuestionAnswers: Opt(Type.Array(Type.Object({ question: Ref('A question of the proposal\'s program.'), answer: Type.String({ maxLength: 4000 }) }, { additionalProperties: false }), { maxItems: 200 })),
  groupAndMeeting: Opt(GroupAndMeeting),
  proposalDisposition: Opt(Disposition),
};
export const ProposalInputSchema = Type.Object({ ...ProposalFields, id: Opt(Type.String({ description: 'Read-only: ignored.' })), bids: Opt(Type.Array(BidRef, { maxItems: 0, description: 'Read-only: bids are added with POST /travel-proposals/bids.' })), ...ReadOnlyAudit },
  { additionalProperties: false, title: 'Travel Proposal' });
export type ProposalInput = Static<typeof ProposalInputSchema>;
export const ProposalSchema = Type.Object({
  id: Uuid('The proposal.'), ...ProposalFields, status: Enum(PROPOSAL_STATUSES), deleted: Type.Boolean(), documentRead: Type.Boolean(), draft: Type.Boolean(),
  bids: Type.Array(BidRef), customQuestionAnswers: Type.Array(Type.Object({ question: Ref('The question.'), answer: Type.String() })), ...Audit,
}, { title: 'Travel Proposal' });
export type Proposal = Static<typeof ProposalSchema>;
export const ProposalPageSchema = paginated(ProposalSchema, 'Travel Proposal Paginated Response');

// ---- Bids ----

const ITEM_STATUS = Enum(['requested', 'delete_requested', 'deleted', 'not_available']);
const Room = obj({ propertyRoom: RoomRef, allocation: Int(1, 9999), order: Type.Integer(), status: ITEM_STATUS });
const SeasonRate = obj({ propertyRoom: RoomRef, ...money('lraSingleRate', 'lraDoubleRate', 'nlraSingleRate', 'nlraDoubleRate'), allotment: Int(1, 999), status: ITEM_STATUS });
const Season = obj({ name: Str(20, 0), startDate: Date_, endDate: Date_, releasePeriod: Int(1, 999), weekendReleasePeriod: Int(1, 999), rates: Type.Array(SeasonRate, { maxItems: 99 }), status: ITEM_STATUS });
const FairRate = obj({ propertyRoom: RoomRef, ...money('singleRate', 'doubleRate', 'tripleRate', 'quadRate'), allotment: Int(1, 999), status: ITEM_STATUS });
const FairSeason = obj({
  type: Enum(['negotiated', 'blackout']), name: Str(20, 0), startDate: Date_, endDate: Date_, minLengthOfStay: Int(1, 999), releasePeriod: Int(1, 999),
  rates: Type.Array(FairRate, { maxItems: 99 }), status: ITEM_STATUS,
});
export const BID_DETAILS = ['comments', 'roomTypes', 'seasons', 'discounts', 'fairSeasons', 'amenities', 'policies', 'taxesAndFees'] as const;
const BidFields = {
  travelProposal: Ref('The proposal (400 when it is not the account\'s).'),
  stayType: Opt(Enum(['daily', 'extended'], 'Default daily.')),
  order: Opt(Int(1, 999)),
  status: Opt(Enum(['in_progress', 'attached', 'deleted'], 'Default in_progress.')),
  name: Opt(Str(60, 3)),
  rate: Opt(obj({ level: Enum(['corporate', 'leisure', 'government']), type: Enum(RATE_TYPES), planCode: Str(10, 0), tier: Str(10, 0) })),
  marketCode: Opt(Str(10, 0)),
  currencyCode: Opt(Type.String({ minLength: 3, maxLength: 3, pattern: '^[A-Z]{3}$' })),
  weekendDays: Opt(Type.Array(Enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']), { uniqueItems: true, maxItems: 7 })),
  lra: Opt(Type.Boolean()), nlra: Opt(Type.Boolean()), fairDateLra: Opt(Type.Boolean()),
  internalNote: Opt(Str(3000, 0)),
  comments: Opt(Type.Array(obj({ commentType: Enum(['promotions', 'special_offers', 'child_policies', 'other_information', 'internal_comments']), comment: Str(3000, 0) }), { maxItems: 5 })),
  roomTypes: Opt(Type.Array(Room, { maxItems: 99 })),
  seasons: Opt(Type.Array(Season, { maxItems: 99 })),
  discounts: Opt(Type.Array(obj({ propertyRoom: RoomRef, discount: Int(0, 99), status: ITEM_STATUS }), { maxItems: 99 })),
  fairSeasons: Opt(Type.Array(FairSeason, { maxItems: 99 })),
  amenities: Opt(Type.Array(obj({
    type: Enum(['included_amenity', 'amenity', 'bundled_supplement']), code: Str(60), category: Str(60), included: Type.Boolean(), ...money('price', 'discountAmount', 'internalCost'), status: ITEM_STATUS,
  }), { maxItems: 99 })),
  policies: Opt(Type.Array(obj({
    code: Str(30), category: Str(30), value: Str(250), valueType: Enum(['selection_list', 'integer', 'money', 'percent', 'multi_select', 'text_multi_line', 'percent_or_money']),
    included: Type.Boolean(), status: ITEM_STATUS,
  }), { maxItems: 99 })),
  taxesAndFees: Opt(Type.Array(obj({
    code: Enum(['city_tax', 'lodging_tax', 'occupancy_tax', 'service_fee', 'state_tax', 'vat_tax', 'vatfb_tax', 'other_tax', 'resort_fee']), amount: Amount,
    ...bools('percent', 'included'), notes: Str(50, 0), status: ITEM_STATUS,
  }), { maxItems: 99 })),
};
export const BidInputSchema = Type.Object({ ...BidFields, id: Opt(Type.String({ description: 'Read-only: ignored.' })) }, { additionalProperties: false, title: 'Travel Proposal Bid' });
export type BidInput = Static<typeof BidInputSchema>;
export const BidSchema = Type.Object({
  id: Uuid('The bid.'), ...BidFields, stayType: Enum(['daily', 'extended']), order: Type.Integer(), status: Enum(['in_progress', 'attached', 'deleted']),
  lra: Type.Boolean(), nlra: Type.Boolean(), fairDateLra: Type.Boolean(),
}, { title: 'Travel Proposal Bid' });
export type Bid = Static<typeof BidSchema>;
export const BidPageSchema = paginated(BidSchema, 'Travel Proposal Bid Paginated Response');

// ---- Proposal drafts ----

const DATE_TYPES = ['PREFERRED', ...Array.from({ length: 12 }, (_, i) => `ALTERNATE_${i + 1}`)] as const;
const Contact = obj({
  contactType: Enum(['PRIMARY', 'SECONDARY']), firstName: Str(50, 0), lastName: Str(50, 0), organizationWebsite: Type.String({ format: 'uri', maxLength: 100 }),
  organization: Str(100, 0), title: Str(50, 0), email: Type.String({ format: 'email', maxLength: 300 }), countryCode: Str(25, 0), phone: Str(50, 0), fax: Str(50, 0),
  mobile: Str(50, 0), streetAddress1: Str(255, 0), streetAddress2: Str(255, 0), streetAddress3: Str(255, 0), city: Str(100, 0), postalCode: Str(30, 0), notes: Str(255, 0),
});
const SleepingRoom = obj({
  proposalDateType: Enum(DATE_TYPES), checkInDate: Date_, checkOutDate: Date_, peakRoomNights: Int(0, 999999999), totalRoomNights: Int(0, 999999999),
  lowestRate: Type.Number(), maximumRate: Type.Number(), lowestAverageDailyRate: Type.Number(), highestAverageDailyRate: Type.Number(), totalRoomCost: Type.Number(),
  budgetedRoomRate: Type.Number(),
  lowestAvailableRoomCount: Type.Integer(), highestAvailableRoomCount: Type.Integer(), notes: Str(2500, 0),
  sleepingRoomBlocks: Type.Array(obj({ proposalDateType: Enum(DATE_TYPES), sleepingRoomType: Enum(['SINGLE', 'DOUBLE', 'SUITE', 'STAFF']), date: Date_, quantity: Int(0, 999999), rate: Type.Number({ minimum: 0 }) }), { maxItems: 1000 }),
});
const DraftFields = {
  scpTemplateId: Uuid('A template.'),
  type: Enum(['VENUE']),
  supplierSummary: obj({ supplier: obj({ type: Enum(['VENUE']), id: Str(100), name: Str(200) }) }),
  rfpSummary: obj({ id: Uuid('The RFP.') }),
  eventSummary: obj({ id: Uuid('An event of the account (400 otherwise).') }),
  statusSummary: obj({ reason: Str(100, 0), comment: Str(2500, 0) }),
  introduction: Str(2500, 0),
  currencyCode: Type.String({ pattern: '^[A-Z]{3}$', description: 'An ISO 4217 currency (400 when unknown).' }),
  commissionableBid: Type.Boolean(),
  commissionRate: Type.Number({ minimum: 0, maximum: 100 }),
  name: Str(50, 0),
  blockCode: Str(50, 0),
  proposalDates: Type.Array(obj({ dateType: Enum(DATE_TYPES), startDate: Date_, endDate: Date_ }), { maxItems: 13 }),
  sleepingRooms: Type.Array(SleepingRoom, { maxItems: 100 }),
  aggregatedCost: obj({ totalFoodAndBeverageCost: Type.Number(), totalMiscCost: Type.Number() }),
  estimatedCost: obj({ guestRoom: Type.Number(), meetingRoom: Type.Number(), foodAndBeverage: Type.Number(), foodAndBeverageMinimum: Type.Number(), notes: Str(2500, 0) }),
  contacts: Type.Array(Contact, { maxItems: 20 }),
  plannerContacts: Type.Array(Contact, { maxItems: 20 }),
};
export const DraftInputSchema = obj(DraftFields, 'ProposalRequest');
export type DraftInput = Static<typeof DraftInputSchema>;
export const DraftSchema = Type.Object({
  id: Uuid('The proposal draft.'),
  proposalCode: Type.String({ minLength: 14, maxLength: 14, description: 'A 14-character code, e.g. P270115-G7T9DR.' }),
  status: Enum(['NOT_SENT', 'SUBMITTED', 'AWARDED', 'DECLINED', 'DELETED', 'NO_RESPONSE', 'CANCELLED', 'WITHDRAWN']),
  version: Type.Integer(),
  ...DraftInputSchema.properties,
  ...Audit,
}, { title: 'Proposal' });
export type Draft = Static<typeof DraftSchema>;
