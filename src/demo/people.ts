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
}
