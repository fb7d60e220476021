import type { Services } from '../app.js';
import type { AuthContext } from '../actor.js';
import { ALL_SCOPES } from '../modules/oauth/index.js';

/**
 * Badges and e-mail on the demo event (issue 30): a badge for each of the first attendees, a printer pool and a print
 * job of their badges (the worker renders its PDF), an e-marketing campaign with a template sent to two of them (to the
 * outbox, or the SMTP relay when one is configured), and an attendee-messaging group channel.
 */
export async function seedDemoComms(services: Services, input: { accountId: string; plannerId: string; eventId: string }): Promise<void> {
  const auth: AuthContext = {
    accountId: input.accountId, clientId: 'demo-seed', applicationId: null, userId: input.plannerId, scopes: new Set(ALL_SCOPES), tokenId: 'demo-seed',
  };
  const attendees = (await services.attendees.list(input.accountId, { filter: `event.id eq '${input.eventId}'`, limit: 4 })).data;
  const badgeIds: string[] = [];
  for (const [i, a] of attendees.entries()) {
    const id = `DEMO-${String(i + 1).padStart(4, '0')}`;
    await services.badges.createBadge(auth, input.eventId, { id, status: i === 3 ? 'Assigned' : 'Active', type: 'Qr', attendee: { id: a.id }, event: { id: input.eventId } });
    badgeIds.push(id);
  }
  const desk = await services.badges.createPool(auth, input.eventId, { name: 'Registration desk' });
  await services.badges.createPool(auth, input.eventId, { name: 'Speaker lounge', disabled: true });
  const [first, ...rest] = badgeIds;
  if (first !== undefined) await services.badges.createJob(auth, input.eventId, { pool: { id: desk.id }, badgeId: first, ...(rest.length > 0 ? { badgeIds: rest } : {}) });

  const campaign = await services.emarketing.createCampaign(auth, { campaignName: 'Demo Summit launch', companyName: 'eventline', fromName: 'Demo Planner' });
  await services.emarketing.createCampaign(auth, { campaignName: 'Last year\'s recap (paused)', active: false });
  const template = await services.emarketing.createTemplate(auth, campaign.campaignId, {
    name: 'Early-bird invitation', subject: '{{firstName}}, the Demo Summit is coming to Boston',
    plaintextBody: 'Dear {{firstName}} {{lastName}},\n\nJoin us in Boston or online. Early-bird seats are open.\n', htmlBody: '<p>Dear {{firstName}},</p><p>Join us in Boston or online.</p>',
    fromName: 'Demo Planner', fromEmail: 'planner@demo.eventline.test',
  });
  const recipients = attendees.slice(0, 2).map((a) => ({ id: a.contact.id }));
  if (recipients.length > 0) await services.emarketing.send(auth, { templateId: template.id, recipients });

  for (const a of attendees.slice(0, 3)) await services.attendeeMessages.join(auth, input.eventId, `production_group_${input.eventId}`, a.id);
}
