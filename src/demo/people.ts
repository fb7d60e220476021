import { Readable } from 'node:stream';
import type { Services } from '../app.js';
import type { AuthContext } from '../actor.js';
import { ALL_SCOPES } from '../modules/oauth/index.js';

// A 1x1 PNG: the merged contact's profile picture, which the survivor takes over.
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * The demo account's people (issue 30): contact types, contact groups with members (a STANDARD group, a distribution
 * list, a blacklist), a relationship, and a merge of a duplicate contact, so the survivor's change history shows the
 * merge (and the duplicate's its end).
 */
export async function seedDemoPeople(services: Services, input: { accountId: string; plannerId: string; eventId: string }): Promise<void> {
  const auth: AuthContext = {
    accountId: input.accountId, clientId: 'demo-seed', applicationId: null, userId: input.plannerId, scopes: new Set(ALL_SCOPES), tokenId: 'demo-seed',
  };
  const people = services.contactGroups;
  const member = await people.createType(auth, { name: 'Member', description: 'A paying member of the association' });
  await people.createType(auth, { name: 'Press' });

  const jordan = await services.contacts.create(auth, {
    firstName: 'Jordan', lastName: 'Reyes', email: 'jordan.reyes@demo.eventline.test', company: 'Northwind', title: 'Head of Events', type: { id: member.id },
  });
  const assistant = await services.contacts.create(auth, { firstName: 'Sam', lastName: 'Okoro', email: 'sam.okoro@demo.eventline.test', company: 'Northwind' });
  // A duplicate of Jordan, from an old import: another email, a mobile phone and a profile picture.
  const duplicate = await services.contacts.create(auth, {
    firstName: 'Jordan', lastName: 'Reyes', email: 'j.reyes@old.demo.eventline.test', company: 'Northwind Traders', mobilePhone: '+1 617 555 0142',
  });
  const file = await services.files.upload(auth, (async function* () {
    yield { kind: 'file' as const, name: 'file', filename: 'jordan.png', mimetype: 'image/png', stream: Readable.from([PIXEL]) };
  })());
  await services.contactHistory.setProfileImage(auth, duplicate.id, { file: { id: file.id } });

  const vip = await people.createGroup(auth, { name: 'VIP guests', shortDescription: 'Front rows at the keynote' });
  const newsletter = await people.createGroup(auth, {
    name: 'Summit newsletter', type: 'DISTRIBUTION_LIST', distributionListInfo: { securityType: 'PUBLIC', internalNote: 'Monthly, first Tuesday' },
  });
  await people.createGroup(auth, { name: 'Do not contact', type: 'BLACKLIST' });
  await people.addMember(auth, vip.id, jordan.id);
  await people.addMember(auth, newsletter.id, duplicate.id);
  await people.addMember(auth, newsletter.id, assistant.id);
  await services.contactHistory.relate(auth, duplicate.id, assistant.id);

  // The merge: Jordan keeps its own email, takes the duplicate's mobile phone, newsletter membership, relationship and picture.
  await services.contactHistory.merge(auth, jordan.id, {
    secondaryContacts: [duplicate.id], conflictResolution: { contactFields: [{ fieldName: 'mobilePhone', contactId: duplicate.id }] },
  });
  await seedDemoOnsite(services, auth, input.eventId);
}

/**
 * The rest of issue 30 on the demo event: one of its attendees signed in at check-in, has a planner's internal note
 * (an answer to the event's question) and unsubscribed from its emails; an event role for the planner; an Events+ hub
 * with members; a submitted process form. (Attendance durations come from check-ins, which the demo's walkthrough records.)
 */
async function seedDemoOnsite(services: Services, auth: AuthContext, eventId: string): Promise<void> {
  const attendee = (await services.attendees.list(auth.accountId, { filter: `event.id eq '${eventId}'`, limit: 200 })).data.at(-1)?.id;
  if (attendee !== undefined) {
    const signature = await services.files.upload(auth, (async function* () {
      yield { kind: 'file' as const, name: 'file', filename: 'signature.png', mimetype: 'image/png', stream: Readable.from([PIXEL]) };
    })());
    await services.signatures.create(auth, { attendee: { id: attendee }, checkinSignature: { file: { id: signature.id } } });
    const question = (await services.eventQuestions.list(auth.accountId, { filter: `event.id eq '${eventId}'`, limit: 1 })).data[0];
    const asked = question === undefined ? undefined : await services.eventQuestions.eventQuestion(auth.accountId, eventId, { id: question.id });
    if (asked) await services.attendeeExtras.setInternalInfo(auth, attendee, { question: { id: asked.id }, value: [asked.choices[0] ?? 'Front row, keynote'] });
    await services.attendeeExtras.setSubscription(auth, attendee, true);
  }

  if (auth.userId !== null) {
    const role = await services.eventRoles.createRole(auth, { name: 'Event Manager', description: 'Runs the event end to end' });
    await services.eventRoles.assign(auth, { event: { id: eventId }, user: { id: auth.userId }, eventRole: { id: role.id } });
  }
  const hub = await services.hubs.createHub(auth, {
    title: 'eventline Customer Hub', owner: { firstName: 'Demo', lastName: 'Planner', email: 'planner@demo.eventline.test' },
    url: 'https://hub.demo.eventline.test', colors: { main: '#1F4E79', action: '#F2A900' },
  });
  await services.hubs.addMember(auth, hub.id, { firstName: 'Jordan', lastName: 'Reyes', emailAddress: 'jordan.reyes@demo.eventline.test', jobTitle: 'Head of Events', companyName: 'Northwind' });
  await services.hubs.addMember(auth, hub.id, { firstName: 'Sam', lastName: 'Okoro', emailAddress: 'sam.okoro@demo.eventline.test', companyName: 'Northwind', visible: true });
  const form = await services.processForms.createForm(auth, {
    name: 'Event approval', questions: [{ name: 'Budget (USD)', type: 'Currency' }, { name: 'Region', type: 'SingleSelect', choices: ['Americas', 'EMEA', 'APAC'] }],
  });
  await services.processForms.submit(auth, {
    event: { id: eventId }, 'process-form': { id: form.id }, status: 'Approved',
    questions: [{ id: form.questions[0]?.id ?? '', value: ['85000'] }, { id: form.questions[1]?.id ?? '', value: ['Americas'] }],
  });
}
