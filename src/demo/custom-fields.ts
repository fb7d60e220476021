import type { Services } from '../app.js';
import type { AuthContext } from '../actor.js';
import { ALL_SCOPES } from '../modules/oauth/index.js';

/**
 * The demo account's custom fields, with answers (contacts and sessions), an event question with choices (written
 * with eventline's extensions), and two audience segments with members.
 */
export async function seedDemoCustomFields(services: Services, input: { accountId: string; plannerId: string; eventId: string }): Promise<void> {
  const auth: AuthContext = {
    accountId: input.accountId, clientId: 'demo-seed', applicationId: null, userId: input.plannerId, scopes: new Set(ALL_SCOPES), tokenId: 'demo-seed',
  };
  const fields = services.customFields;
  const diet = await fields.create(auth, {
    category: 'Contact', name: 'Dietary preference', code: 'DIET', type: 'Choice - Single Answer', required: false,
    details: { choices: [{ text: 'No preference' }, { text: 'Vegetarian' }, { text: 'Vegan' }], displayType: 'Dropdown' },
  });
  const size = await fields.create(auth, {
    category: 'Contact', name: 'Company size', code: 'COMPANY-SIZE', type: 'Open Ended Text - One Line', required: false, details: { answerFormat: 'Number', minimum: 1 },
  });
  const track = await fields.create(auth, {
    category: 'Session', name: 'Track', code: 'TRACK', type: 'Choice - Single Answer', required: false,
    details: { choices: [{ text: 'Product' }, { text: 'Engineering' }, { text: 'Compliance' }] },
  });
  const capacity = await fields.create(auth, {
    category: 'Session', name: 'Expected attendance', code: 'EXPECTED-ATTENDANCE', type: 'Open Ended Text - One Line', required: false, details: { answerFormat: 'Number', minimum: 0 },
  });
  const region = await fields.create(auth, { category: 'Event', name: 'Region', code: 'REGION', type: 'Open Ended Text - One Line', required: false });
  await fields.translate(auth, track.id, { language: 'fr-FR', translation: { nameTranslation: 'Parcours' } }, 'create');
  await fields.answer(auth, 'Event', input.eventId, region.id, { value: ['North America'] });

  const sessions = (await services.sessions.list(input.accountId, { filter: `event.id eq '${input.eventId}'`, sort: 'start:ASC' })).data;
  const tracks = ['Product', 'Engineering', 'Compliance'];
  for (const [i, s] of sessions.entries()) {
    await fields.answer(auth, 'Session', s.id, track.id, { value: [/compliance/i.test(s.title) ? 'Compliance' : tracks[i % 2] as string] });
    await fields.answer(auth, 'Session', s.id, capacity.id, { value: [String(150 - (i % 8) * 15)] });
  }

  const attendees = (await services.attendees.list(input.accountId, { filter: `event.id eq '${input.eventId}'`, limit: 10 })).data;
  for (const [i, a] of attendees.entries()) {
    if (a.contact?.id === undefined) continue;
    await fields.answer(auth, 'Contact', a.contact.id, diet.id, { value: [['No preference', 'Vegetarian', 'Vegan'][i % 3] as string] });
    if (i < 4) await fields.answer(auth, 'Contact', a.contact.id, size.id, { value: [String(50 * (i + 1))] });
  }

  const shirt = await services.eventQuestions.create(auth, { event: { id: input.eventId }, text: 'What is your T-shirt size?', code: 'TSHIRT', tag: 'swag', type: 'SingleChoice' });
  for (const text of ['S', 'M', 'L', 'XL']) await services.eventQuestions.createChoice(auth, shirt.id, { text });
  await services.eventQuestions.createChoice(auth, shirt.id, { text: 'No T-shirt, thanks', type: 'NotApplicableChoice' });

  const vip = await services.audienceSegments.create(auth, { event: { id: input.eventId }, name: 'VIP guests', description: 'Front rows at the keynote, speakers\' dinner' });
  const cohort = await services.audienceSegments.create(auth, { event: { id: input.eventId }, name: 'First-time attendees', description: 'Welcome session and a buddy' });
  for (const [i, a] of attendees.entries()) await services.audienceSegments.associate(auth, i < 4 ? vip.id : cohort.id, a.id);
  // Session segments: the closing panel is shown to the VIP guests, the welcome keynote to the first-timers.
  const panel = sessions.find((s) => s.title === 'Closing Panel');
  if (panel) await services.program.createSegment(auth, { session: { id: panel.id }, segment: { id: vip.id } });
  const opening = sessions.find((s) => s.title.startsWith('Opening Keynote'));
  if (opening) await services.program.createSegment(auth, { session: { id: opening.id }, segment: { id: cohort.id } });
}
