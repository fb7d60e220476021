import { Readable } from 'node:stream';
import type { Services } from '../app.js';
import type { AuthContext } from '../actor.js';
import { ALL_SCOPES } from '../modules/oauth/index.js';

// A one-page PDF: what the planning document's file holds.
const RUN_OF_SHOW = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/**
 * The demo event's setup (issue 29): registration paths, invitation lists (one default), emails for them, a planning
 * document (an uploaded PDF), and the Planners group associated with the event.
 */
export async function seedDemoEventSetup(services: Services, input: { accountId: string; plannerId: string; eventId: string }): Promise<void> {
  const auth: AuthContext = {
    accountId: input.accountId, clientId: 'demo-seed', applicationId: null, userId: input.plannerId, scopes: new Set(ALL_SCOPES), tokenId: 'demo-seed',
  };
  const setup = services.eventSetup;
  await setup.createPath(auth, input.eventId, { name: 'General admission', description: 'Attendees in Boston and online' });
  await setup.createPath(auth, input.eventId, { name: 'Speakers and press', code: 'SPEAKERS-PRESS', description: 'By invitation' });
  const customers = await setup.createInvitationList(auth, input.eventId, { name: 'Customers', default: true });
  const partners = await setup.createInvitationList(auth, input.eventId, { name: 'Partners' });
  await setup.createEmail(auth, input.eventId, {
    name: 'Invitation', subject: 'You are invited to the eventline Demo Summit', fromName: 'Demo Planner', fromEmail: 'planner@demo.eventline.test',
    htmlBody: '<p>Join us in Boston or online.</p>', plaintextBody: 'Join us in Boston or online.', invitationList: { id: customers.id }, clickTrackingEnabled: true,
  });
  await setup.createEmail(auth, input.eventId, { name: 'Partner invitation', subject: 'Partners: save the date', invitationList: { id: partners.id } });
  await setup.createEmail(auth, input.eventId, { name: 'Reminder (draft)', subject: 'See you tomorrow', active: false });
  const file = await services.files.upload(auth, (async function* () {
    yield { kind: 'file' as const, name: 'file', filename: 'run-of-show.pdf', mimetype: 'application/pdf', stream: Readable.from([RUN_OF_SHOW]) };
  })());
  await setup.addDocument(auth, input.eventId, { file: { id: file.id }, category: 'Logistics', description: 'Who does what, hour by hour' });
  const planners = (await services.userGroups.list(input.accountId, { filter: "name eq 'Planners'" })).data[0];
  if (planners) await services.eventUserGroups.associate(auth, input.eventId, planners.id);
}
