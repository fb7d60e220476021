import type { AuthContext } from '../actor.js';
import type { Services } from '../app.js';
import { newId } from '../db/ids.js';
import { ALL_SCOPES } from '../modules/oauth/index.js';

/**
 * The demo's lead examples (DESIGN rule 11: the demo carries examples of the
 * extensions): an exhibitor's qualification questions, a booth staff member,
 * and two scanned leads, one qualified with an e-literature request. Without an
 * exhibitor of the demo event to use, one is added.
 */
export async function seedDemoLeads(services: Services, input: { accountId: string; plannerId: string; eventId: string; exhibitorId?: string }): Promise<void> {
  const auth: AuthContext = {
    accountId: input.accountId, clientId: 'demo-seed', applicationId: null, userId: input.plannerId, scopes: new Set(ALL_SCOPES), tokenId: 'demo-seed',
  };
  // The last attendees registered: the demo's first ones have join links and engagement examples of their own.
  const { data: people } = await services.attendees.list(input.accountId, { filter: `event.id eq '${input.eventId}'`, limit: 200 });
  const [second, first, staffer] = people.slice(-3).reverse();
  if (!staffer || !first || !second) return;
  const now = new Date().toISOString();
  const exhibitorId = input.exhibitorId ?? newId();
  if (input.exhibitorId === undefined) {
    await services.exhibitorsRepo.insert({
      id: exhibitorId, account_id: input.accountId, event_id: input.eventId, name: 'Northwind Stage Systems', description: 'Hybrid stage and streaming kits',
      code: 'NW-12', source_id: null, location: 'Booth 12', address: null, email: null, mobile_phone: null, work_phone: null, other_phone: null,
      website: 'https://northwind.example.test', contact_links: null, hidden: 0, event_sponsor: 0, featured: 1, sponsorship_level_id: null,
      banner_file_id: null, logo_file_id: null, created: now, last_modified: now, created_by: 'demo-seed', last_modified_by: 'demo-seed',
    });
  }
  const boothStaffId = newId();
  await services.exhibitorsRepo.insertBoothStaff({
    id: boothStaffId, account_id: input.accountId, event_id: input.eventId, exhibitor_id: exhibitorId, attendee_id: staffer.id,
    created: now, last_modified: now, created_by: 'demo-seed', last_modified_by: 'demo-seed',
  });

  const q = services.leadQualification;
  const timeline = await q.create(auth, input.eventId, exhibitorId, {
    type: 'SingleChoice', code: 'TIMELINE', text: 'When are you planning to buy?', required: true,
    choices: [{ text: 'This quarter' }, { text: 'This year' }, { text: 'Just looking' }], notApplicableAnswer: { text: 'Prefer not to say' },
  });
  const interests = await q.create(auth, input.eventId, exhibitorId, {
    type: 'MultiChoice', code: 'INTEREST', text: 'What are you interested in?',
    choices: [{ text: 'Stage kits' }, { text: 'Streaming' }, { text: 'Rental' }], otherAnswers: { text: 'Something else' },
  });
  await q.create(auth, input.eventId, exhibitorId, { type: 'OpenEndedTextCommentBox', code: 'NOTES', text: 'Anything else we should know?' });

  await services.leads.scan(auth, input.eventId, exhibitorId, {
    attendee: { id: first.id }, boothStaff: { id: boothStaffId }, device: { id: 'demo-ipad-1', name: 'Booth 12 iPad' }, comments: 'Wants a quote for two venues',
    answers: [
      { question: { id: timeline.id }, answers: [{ type: 'Choice', choice: { id: timeline.choices[0]?.id ?? '' } }] },
      { question: { id: interests.id }, answers: [{ type: 'Choice', choice: { id: interests.choices[0]?.id ?? '' } }, { type: 'Other', value: 'Captioning' }] },
    ],
    eliterature: { documents: [{ id: newId(), displayName: 'Stage kit brochure', type: 'FILE' }, { id: newId(), displayName: 'Rental price list', type: 'LINK' }] },
  });
  await services.leads.scan(auth, input.eventId, exhibitorId, { attendee: { id: second.id }, boothStaff: { id: boothStaffId }, device: { id: 'demo-ipad-1' } });
}
