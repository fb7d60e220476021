import type { Services } from '../app.js';
import type { AuthContext } from '../actor.js';
import { ALL_SCOPES } from '../modules/oauth/index.js';

/**
 * The demo event's exhibit hall: registration types (attendees hold one; the
 * first attendees are exhibitor staff), sponsorship levels, exhibitor
 * categories, a few exhibitors in them, a registration pack, and the event's
 * exhibitor questions with one exhibitor's answers.
 */
/** Returns the exhibitor whose booth the demo's leads are scanned at (Harborcast Studios). */
export async function seedDemoExhibitors(services: Services, input: { accountId: string; plannerId: string; eventId: string }): Promise<{ leadsExhibitorId: string }> {
  const auth: AuthContext = {
    accountId: input.accountId, clientId: 'demo-seed', applicationId: null, userId: input.plannerId, scopes: new Set(ALL_SCOPES), tokenId: 'demo-seed',
  };
  const eventId = input.eventId;
  const event = { id: eventId };

  const types = services.registrationTypes;
  const attendee = await types.create(auth, eventId, { name: 'Attendee', code: 'ATT', description: 'General admission, in person or online' });
  const staff = await types.create(auth, eventId, { name: 'Exhibitor Staff', code: 'EXH', description: 'Staff of an exhibitor\'s booth', capacity: { total: 40 } });
  await types.create(auth, eventId, { name: 'Virtual', code: 'VIRT', description: 'Online attendance only', virtual: true });
  // The demo's attendees hold a registration type: the first four staff booths, the others attend.
  const { data: people } = await services.attendees.list(input.accountId, { filter: `event.id eq '${eventId}'`, limit: 100 });
  for (const [i, person] of people.entries()) {
    await services.attendees.update(auth, person.id, { event, contact: {}, status: 'Accepted', registrationType: { id: i < 4 ? staff.id : attendee.id } });
  }

  const levels = services.sponsorshipLevels;
  const platinum = await levels.create(auth, eventId, { event, name: 'Platinum', rank: 1 });
  const gold = await levels.create(auth, eventId, { event, name: 'Gold', rank: 2 });
  await levels.create(auth, eventId, { event, name: 'Silver', rank: 3 });

  const categories = services.exhibitorCategories;
  const streaming = await categories.create(auth, eventId, { event, name: 'Streaming & Video', description: 'Webcast platforms and production', order: 1, type: 'LOGO' });
  const venues = await categories.create(auth, eventId, { event, name: 'Venues & Travel', description: 'Where the in-person half happens', order: 2, type: 'BANNER' });

  const exhibitors = services.exhibitors;
  const harbor = await exhibitors.create(auth, eventId, {
    event, name: 'Harborcast Studios', description: 'Hybrid production crews and studio rental.', code: 'HCS', location: 'Booth 101',
    website: 'https://harborcast.example', email: 'hello@harborcast.example', eventSponsor: true, featured: true, sponsorshipLevel: { id: platinum.id },
    address: { address1: '12 Seaport Blvd', city: 'Boston', region: 'Massachusetts', postalCode: '02210', country: 'United States' },
  });
  const relay = await exhibitors.create(auth, eventId, {
    event, name: 'Relay Webinars', description: 'Webinar platform with Q&A and polls.', code: 'RLW', location: 'Booth 102',
    website: 'https://relay-webinars.example', eventSponsor: true, sponsorshipLevel: { id: gold.id },
  });
  const stay = await exhibitors.create(auth, eventId, {
    event, name: 'Waterfront Stays', description: 'Group hotel blocks near the convention center.', code: 'WFS', location: 'Booth 210',
  });
  await categories.addExhibitor(auth, eventId, streaming.id, harbor.id);
  await categories.addExhibitor(auth, eventId, streaming.id, relay.id);
  await categories.addExhibitor(auth, eventId, venues.id, stay.id);

  await services.registrationPacks.create(auth, eventId, harbor.id, {
    event, exhibitor: { id: harbor.id }, capacities: [{ registrationType: { id: staff.id }, reservedCapacity: 6 }, { registrationType: { id: attendee.id }, reservedCapacity: 10 }],
  });

  // DESIGN rule 11: writing exhibitor questions is an extension, so the demo carries examples of it.
  const questions = services.exhibitorQuestions;
  const focus = await questions.createQuestion(auth, eventId, {
    event, text: 'What will visitors find at your booth?', code: 'FOCUS', type: 'SingleChoice', required: true, answerFormat: 'RadioButton',
    choices: [{ text: 'Live production and studios' }, { text: 'Webinar and streaming software' }, { text: 'Venues and travel' }], otherAnswer: { text: 'Something else' },
  });
  const followUp = await questions.createQuestion(auth, eventId, {
    event, text: 'Where should attendees write after the event?', code: 'FOLLOWUP', type: 'OpenEndedTextOneLine', required: false, answerFormat: 'EmailAddress',
  });
  const answer = (question: { id: string }, answers: Array<{ type: 'Choice' | 'Text'; value?: string; choice?: { id: string } }>) => ({ question, event, exhibitor: { id: harbor.id }, answers });
  await questions.putAnswers(auth, eventId, harbor.id, {
    data: [answer(focus, [{ type: 'Choice', choice: { id: focus.choices?.[0]?.id ?? '' } }]), answer(followUp, [{ type: 'Text', value: 'hello@harborcast.example' }])],
  });
  return { leadsExhibitorId: harbor.id };
}
