import { Readable } from 'node:stream';
import type { Services } from '../app.js';
import type { AuthContext } from '../actor.js';
import { ALL_SCOPES } from '../modules/oauth/index.js';

// A 1×1 PNG: the speakers' profile pictures (files from the files module, as POST /files stores them).
const PORTRAIT = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** The demo event's speakers: a Keynotes category, two speakers with profile pictures, both on the first session (the opening keynote). */
export async function seedDemoSpeakers(services: Services, input: { accountId: string; plannerId: string; eventId: string }): Promise<void> {
  const auth: AuthContext = {
    accountId: input.accountId, clientId: 'demo-seed', applicationId: null, userId: input.plannerId, scopes: new Set(ALL_SCOPES), tokenId: 'demo-seed',
  };
  const event = { id: input.eventId };
  const keynotes = await services.speakers.createCategory(auth, { name: 'Keynotes' });
  const panelists = await services.speakers.createCategory(auth, { name: 'Panelists' });
  const ana = await services.speakers.create(auth, {
    event, firstName: 'Ana', lastName: 'Okafor', email: 'ana.okafor@speakers.demo.eventline.test', company: 'Harbor Media Lab', title: 'Director of Hybrid Experiences',
    category: { id: keynotes.id }, featured: true, biography: 'Ana has produced hybrid conferences on three continents.',
  });
  const ravi = await services.speakers.create(auth, {
    event, firstName: 'Ravi', lastName: 'Menon', email: 'ravi.menon@speakers.demo.eventline.test', company: 'Northwind Events', title: 'Head of Compliance',
    category: { id: panelists.id }, biography: 'Ravi writes the privacy playbooks of a dozen event teams.',
  });
  for (const [speaker, name] of [[ana, 'ana-okafor.png'], [ravi, 'ravi-menon.png']] as const) {
    const file = await services.files.upload(auth, (async function* () {
      yield { kind: 'file' as const, name: 'file', filename: name, mimetype: 'image/png', stream: Readable.from([PORTRAIT]) };
    })());
    await services.speakers.setProfileImage(auth, speaker.id, { file: { id: file.id } });
  }
  const sessions = (await services.sessions.list(input.accountId, { filter: `event.id eq '${input.eventId}'`, sort: 'start:ASC', limit: 2 })).data;
  const [first] = sessions;
  if (first) {
    await services.speakers.addToSession(auth, first.id, ana.id, { speakerCategory: { id: keynotes.id }, order: 1 });
    await services.speakers.addToSession(auth, first.id, ravi.id, { speakerCategory: { id: panelists.id }, order: 2 });
  }
}
