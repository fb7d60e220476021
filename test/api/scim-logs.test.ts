import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestApp, type TestApp } from '../helpers/app.js';
import { PATCH_OP, USER_URN, scimClient, type Scim } from '../helpers/scim.js';

// SCIM users' names, emails, phone numbers and passwords are personal data of the
// account's people: provisioning them (including refused and failed requests)
// leaves them out of the logs, which still carry one line per request.

const logs: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, cb) {
    logs.push(chunk.toString('utf8'));
    cb();
  },
});

let t: TestApp;
let scim: Scim;

beforeAll(async () => {
  t = await startTestApp({ env: { LOG_LEVEL: 'debug' }, build: { logger: { stream: sink } } });
  const tenant = await createTenant(t.services);
  scim = scimClient(t.app, (await t.services.scimTokens.issue(tenant.accountId)).token);
});
afterAll(async () => t?.close());

describe('SCIM and the logs', () => {
  it('logs the requests but none of the personal values they carry', async () => {
    logs.length = 0;
    const person = {
      schemas: [USER_URN], userName: 'zebulon.quixote@privacy.example', name: { givenName: 'Zebulon', familyName: 'Quixotesque' },
      emails: [{ value: 'zebulon.quixote@privacy.example', type: 'work' }], phoneNumbers: [{ value: '+44 7700 900123', type: 'mobile' }],
      password: 'Sup3r-Secret-Passw0rd',
    };
    const created = await scim('POST', '/Users', person);
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: string }).id;
    expect((await scim('POST', '/Users', person)).statusCode).toBe(409);
    expect((await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "zebulon.quixote@privacy.example" and name.familyName co "Quixotesque"')}`)).statusCode).toBe(200);
    expect((await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "zebulon.quixote@privacy.example" and')}`)).statusCode).toBe(400);
    expect((await scim('PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] })).statusCode).toBe(200);
    expect((await scim('PUT', `/Users/${id}`, { ...person, password: 'An0ther-Secret' })).statusCode).toBe(200);

    const text = logs.join('');
    expect(text).toContain('/ea/scim/v2/Users');
    for (const value of ['zebulon', 'Zebulon', 'Quixote', 'privacy.example', '7700 900123', 'Sup3r-Secret', 'An0ther-Secret']) expect(text).not.toContain(value);
  });
});
