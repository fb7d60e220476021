import type { Services } from '../app.js';
import type { AuthContext } from '../actor.js';
import { ALL_SCOPES } from '../modules/oauth/index.js';

/**
 * Issue 32 in the demo account: two meeting-request forms (the default workflow, and one with its own statuses and
 * moves) with requests in several statuses (one connected to the demo event), and a travel program with questions, a
 * supplier's proposal with two bids, and a proposal draft.
 */
export async function seedDemoMeetingRequests(services: Services, input: { accountId: string; plannerId: string; eventId: string; start: Date }): Promise<void> {
  const auth: AuthContext = {
    accountId: input.accountId, clientId: 'demo-seed', applicationId: null, userId: input.plannerId, scopes: new Set(ALL_SCOPES), tokenId: 'demo-seed',
  };
  const mr = services.meetingRequests;
  const day = (offsetDays: number) => new Date(input.start.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

  const sales = await mr.createForm(auth, {
    name: 'Sales meeting request',
    questions: [
      { name: 'Requester name', type: 'FreeText', required: true, maxLength: 100 },
      { name: 'Requester email', type: 'Email', required: true },
      { name: 'Meeting type', type: 'SingleSelect', required: true, value: ['Sales kickoff', 'Customer summit', 'Training'], answerTypes: ['Other'] },
      { name: 'Expected attendees', type: 'Number', required: true },
      { name: 'Preferred date', type: 'Date' },
      { name: 'Tracks', type: 'MultiSelect', value: ['Product', 'Sales', 'Partners'], maxChoice: 2 },
    ],
  });
  const [name, email, type, attendees, date, tracks] = sales.questions.map((q) => q.id) as [string, string, string, string, string, string];
  const created = await mr.createRequests(auth, sales.id, [
    {
      name: 'Demo Summit (this event)', sourceId: 'crm-demo-001', event: { id: input.eventId },
      questions: [
        { id: name, value: ['Dana Demo'] }, { id: email, value: ['dana.demo@example.com'] }, { id: type, value: ['Customer summit'] },
        { id: attendees, value: ['450'] }, { id: date, value: [day(0)] }, { id: tracks, value: ['Product', 'Partners'] },
        { id: '9a224e41-58d9-43a2-ae59-6d1aa16442ce', value: [JSON.stringify({ date: day(0), startTime: '09:00:00', endTime: '17:00:00', numberOfPeople: 450, setupType: ['Theater'] })] },
      ],
    },
    {
      name: 'EMEA sales kickoff', sourceId: 'crm-demo-002',
      questions: [{ id: name, value: ['Lee Example'] }, { id: email, value: ['lee.example@example.com'] }, { id: type, value: ['Sales kickoff'] }, { id: attendees, value: ['120'] }],
    },
    {
      name: 'Partner roadshow',
      questions: [{ id: name, value: ['Sam Sample'] }, { id: email, value: ['sam.sample@example.com'] }, { id: type, value: [], answerType: 'Other', secondaryValue: 'Roadshow' }, { id: attendees, value: ['60'] }],
    },
  ], false);
  const [summit, kickoff] = created.map((c) => c.data.id) as [string, string, string];
  await mr.updateRequests(auth, sales.id, [{ id: summit, status: 'In Review', statusNote: 'Budget check with finance' }, { id: kickoff, status: 'Declined', statusNote: 'Merged into the global kickoff' }], false);
  await mr.updateRequests(auth, sales.id, [{ id: summit, status: 'Approved', statusNote: 'Approved: planning started' }], false);

  const training = await mr.createForm(auth, {
    name: 'Internal training request',
    statuses: ['Requested', 'Scheduled', 'Delivered', 'Cancelled'],
    statusTransitions: { Requested: ['Scheduled', 'Cancelled'], Scheduled: ['Delivered', 'Cancelled'], Delivered: [], Cancelled: [] },
    questions: [
      { name: 'Team', type: 'SingleSelect', required: true, value: ['Engineering', 'Support', 'Sales'] },
      { name: 'Topic', type: 'FreeText', required: true, maxLength: 200 },
      { name: 'Remote friendly', type: 'ConsentQuestion' },
    ],
  });
  const [team, topic, remote] = training.questions.map((q) => q.id) as [string, string, string];
  const sessions = await mr.createRequests(auth, training.id, [
    { name: 'API onboarding', questions: [{ id: team, value: ['Support'] }, { id: topic, value: ['Using the eventline API'] }, { id: remote, value: ['true'] }] },
    { name: 'Negotiation basics', questions: [{ id: team, value: ['Sales'] }, { id: topic, value: ['Venue contract negotiation'] }] },
  ], false);
  await mr.updateRequests(auth, training.id, [{ id: (sessions[0] as { data: { id: string } }).data.id, status: 'Scheduled' }], false);

  // ---- The sourcing side ----
  const travel = services.travelRfps;
  const year = input.start.getUTCFullYear() + 1;
  const program = await travel.createProgram(auth, {
    name: `Corporate hotel program ${year}`, contractPeriod: year, type: 'corporate', format: 'gbta2013', stayType: 'daily',
    startDate: `${year}-01-01`, endDate: `${year}-12-31`, dueDate: `${year - 1}-10-15`, travelAccount: { id: '0190d000-0000-7000-8000-00000000c001' },
  });
  const breakfast = await travel.createQuestion(auth, program.id, { text: 'Is breakfast included in the rate?', required: true, responseType: 'single', responseDataType: 'boolean' });
  const wifi = await travel.createQuestion(auth, program.id, { text: 'Wi-Fi offer', required: true, responseType: 'choice', responseDataType: 'text', responseChoices: ['Free', 'Paid', 'None'] });
  await travel.createQuestion(auth, program.id, { text: 'Group sales email', responseType: 'single', responseDataType: 'email', responseFormat: 'lower_case', section: 'program_g_and_m' });
  const room = '0190d000-0000-7000-8000-00000000c101';
  const proposal = await travel.createProposal(auth, {
    travelProgram: { id: program.id }, supplierProperty: { id: '0190d000-0000-7000-8000-00000000c201' }, status: 'submitted', rateReviewStatus: 'requested',
    submitDate: `${year - 1}-10-01T12:00:00Z`, roomNightConsumption: 1800,
    customQuestionAnswers: [{ question: { id: breakfast.id }, answer: 'true' }, { question: { id: wifi.id }, answer: 'Free' }],
    groupAndMeeting: { dayDelegateRate: { fullDay10To50People: 89, halfDay10To50People: 59 }, meetingRoomBasicInformation: { meetingRooms: 6, largestMeetingRoom: 400, unitOfMeasurement: 'sqm' } },
  });
  await travel.createBid(auth, {
    travelProposal: { id: proposal.id }, name: 'Standard corporate rate', currencyCode: 'USD', rate: { level: 'corporate', type: 'fixed', planCode: 'CORP' },
    weekendDays: ['Friday', 'Saturday'], roomTypes: [{ propertyRoom: { id: room }, allocation: 20 }],
    seasons: [
      { name: 'Low', startDate: `${year}-01-01`, endDate: `${year}-05-31`, rates: [{ propertyRoom: { id: room }, lraSingleRate: 169, lraDoubleRate: 189 }] },
      { name: 'High', startDate: `${year}-06-01`, endDate: `${year}-12-31`, rates: [{ propertyRoom: { id: room }, lraSingleRate: 209, lraDoubleRate: 229 }] },
    ],
    amenities: [{ type: 'included_amenity', code: 'BRKF', category: 'Breakfast', included: true }],
    taxesAndFees: [{ code: 'occupancy_tax', amount: 14.5, percent: true }],
  });
  await travel.createBid(auth, {
    travelProposal: { id: proposal.id }, name: 'Extended stay', stayType: 'extended', order: 2, currencyCode: 'USD', rate: { level: 'corporate', type: 'dynamicwithceiling' },
    discounts: [{ propertyRoom: { id: room }, discount: 12 }], comments: [{ commentType: 'promotions', comment: 'Seventh night free for stays of a week' }],
  });
  await travel.createDraft(auth, {
    name: 'Harbor Hotel: Demo Summit', currencyCode: 'USD', eventSummary: { id: input.eventId }, introduction: 'Thank you for considering the Harbor Hotel.',
    proposalDates: [{ dateType: 'PREFERRED', startDate: day(-1), endDate: day(2) }],
    sleepingRooms: [{ proposalDateType: 'PREFERRED', checkInDate: day(-1), checkOutDate: day(2), peakRoomNights: 180, totalRoomNights: 420 }],
    estimatedCost: { guestRoom: 79_800, meetingRoom: 12_000, foodAndBeverage: 36_000 },
    contacts: [{ contactType: 'PRIMARY', firstName: 'Hana', lastName: 'Hotelier', email: 'groups@harbor-hotel.example.com', title: 'Group sales' }],
  });
}
