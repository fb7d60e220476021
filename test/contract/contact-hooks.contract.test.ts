import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONTACT_FIELDS } from '../../src/modules/contact-hooks/index.js';
import { apiClient, createTenant, startTestApp, tokenFor, waitFor, type Api, type TestApp } from '../helpers/app.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { describeContract, expectMatchesReference, validateAgainstReference, validateAgainstReferenceSchema } from './reference.js';

// The Hooks operations' responses, as eventline really sends them, validated
// against the reference's schemas (DESIGN rule 2); and the callback eventline
// sends, against the reference's contact-transaction.
//
// One place where the reference's schema cannot be met literally: a hook's
// `security` is `oneOf: [API Key Authentication, Basic Authentication]`, and the
// Basic option (type + secret) accepts everything the API Key option does, so no
// value matches exactly one. The helper accepts that one oneOf error and
// validates the security object against the option its `type` names instead.

const SECURITY_ONE_OF = /^(\/data\/\d+)?\/security must match exactly one schema in oneOf/;

function expectHookMatches(method: string, path: string, status: number, body: unknown): void {
  const { errors } = validateAgainstReference(method, path, status, body);
  expect(errors.filter((e) => !SECURITY_ONE_OF.test(e)), `${method} ${path} ${status}`).toEqual([]);
  const page = body as { data?: Array<{ security: { type: string } }>; security?: { type: string } };
  const hooks = Array.isArray(page.data) ? page.data : [page as { security: { type: string } }];
  for (const hook of hooks) {
    const option = hook.security.type === 'basic' ? 1 : 0;
    expect(validateAgainstReferenceSchema(`hook-security.json/oneOf/${option}`, hook.security)).toEqual({ valid: true, errors: [] });
  }
}

describeContract('contract: Hooks operations match the reference', () => {
  let t: TestApp;
  let api: Api;
  let narrow: Api;
  let anon: Api;
  let receiver: Receiver;
  let hookId: string;
  const UNKNOWN = '0190a1b2-0000-7000-8000-000000000000';
  const body = (extra: Record<string, unknown> = {}) => ({ name: 'Attendee Identification', callback: receiver.url, security: { type: 'apiKey', secret: '2b3cc2bf083ff11206ce6b2f3ee09591', authHeaderKey: 'x-api-key' }, ...extra });

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await startTestApp({ env: { HOOKS_ALLOW_LOOPBACK: 'true' } });
    const tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    narrow = apiClient(t.app, await tokenFor(t.app, tenant, 'event/contacts:read'));
    anon = apiClient(t.app, undefined);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('POST /contacts/hooks 201, 400 (invalid body, refused callback), 401, 403; 409 against the error schema', async () => {
    const created = await api('POST', '/ea/contacts/hooks', body());
    expect(created.statusCode, created.body).toBe(201);
    expectHookMatches('POST', '/contacts/hooks', 201, created.json());
    hookId = (created.json() as { id: string }).id;
    for (const bad of [{ name: '' }, { callback: 'https://169.254.169.254/latest/meta-data/' }, { security: { type: 'oauth', secret: 'x' } }]) {
      const res = await api('POST', '/ea/contacts/hooks', body(bad));
      expect(res.statusCode, res.body).toBe(400);
      expectMatchesReference('POST', '/contacts/hooks', 400, res.json());
    }
    const conflict = await api('POST', '/ea/contacts/hooks', body());
    expect(conflict.statusCode).toBe(409);
    expectMatchesReference('POST', '/contacts/hooks', 400, conflict.json());
    const noToken = await anon('POST', '/ea/contacts/hooks', body());
    expect(noToken.statusCode).toBe(401);
    expectMatchesReference('POST', '/contacts/hooks', 401, noToken.json());
    const forbidden = await narrow('POST', '/ea/contacts/hooks', body());
    expect(forbidden.statusCode).toBe(403);
    expectMatchesReference('POST', '/contacts/hooks', 403, forbidden.json());
  });

  it('GET /contacts/hooks 200 (with a filter), 400, 401, 403', async () => {
    const ok = await api('GET', `/ea/contacts/hooks?filter=${encodeURIComponent(`id eq '${hookId}' and name ne 'sampleIntegration'`)}`);
    expect((ok.json() as { data: unknown[] }).data).toHaveLength(1);
    expectHookMatches('GET', '/contacts/hooks', 200, ok.json());
    const bad = await api('GET', `/ea/contacts/hooks?filter=${encodeURIComponent("callback eq 'x'")}`);
    expect(bad.statusCode).toBe(400);
    expectMatchesReference('GET', '/contacts/hooks', 400, bad.json());
    expectMatchesReference('GET', '/contacts/hooks', 401, (await anon('GET', '/ea/contacts/hooks')).json());
    const forbidden = await narrow('GET', '/ea/contacts/hooks');
    expect(forbidden.statusCode).toBe(403);
    expectMatchesReference('GET', '/contacts/hooks', 403, forbidden.json());
  });

  it('PUT /contacts/hooks/{id} 200 (apiKey and basic), 400, 404, 401, 403', async () => {
    const ok = await api('PUT', `/ea/contacts/hooks/${hookId}`, body({ security: { type: 'basic', secret: 'ZGVtbzpwQDU1dzByZA==' } }));
    expect(ok.statusCode, ok.body).toBe(200);
    expectHookMatches('PUT', '/contacts/hooks/{id}', 200, ok.json());
    const back = await api('PUT', `/ea/contacts/hooks/${hookId}`, body());
    expectHookMatches('PUT', '/contacts/hooks/{id}', 200, back.json());
    const bad = await api('PUT', `/ea/contacts/hooks/${hookId}`, body({ callback: 'https://10.0.0.1/' }));
    expect(bad.statusCode).toBe(400);
    expectMatchesReference('PUT', '/contacts/hooks/{id}', 400, bad.json());
    const missing = await api('PUT', `/ea/contacts/hooks/${UNKNOWN}`, body());
    expect(missing.statusCode).toBe(404);
    expectMatchesReference('PUT', '/contacts/hooks/{id}', 404, missing.json());
    expectMatchesReference('PUT', '/contacts/hooks/{id}', 401, (await anon('PUT', `/ea/contacts/hooks/${hookId}`, body())).json());
    expectMatchesReference('PUT', '/contacts/hooks/{id}', 403, (await narrow('PUT', `/ea/contacts/hooks/${hookId}`, body())).json());
  });

  it('the callback: eventline sends a contact-transaction and reads the reference\'s contact-fields answer', async () => {
    const answer = { data: [{ id: CONTACT_FIELDS[3]?.id, name: 'Company', maximumLength: 100, type: 'String', value: ['Cvent'] }] };
    expect(validateAgainstReferenceSchema('contact-fields', answer)).toEqual({ valid: true, errors: [] });
    receiver.answer(() => ({ status: 200, body: answer }));
    const res = await api('POST', '/ea/contacts', [{ firstName: 'John', lastName: 'Doe', email: 'johndoe@contract.test' }]);
    const contactId = (res.json() as Array<{ data: { id: string } }>)[0]?.data.id ?? '';
    await waitFor(async () => ((await api('GET', `/ea/contacts/${contactId}`)).json() as { company?: string }).company === 'Cvent', 30_000, 'the merge');
    const [call] = receiver.received;
    expect(validateAgainstReferenceSchema('contact-transaction', call?.json)).toEqual({ valid: true, errors: [] });
  });

  it('DELETE /contacts/hooks/{id} 204, 404, 401, 403', async () => {
    expectMatchesReference('DELETE', '/contacts/hooks/{id}', 401, (await anon('DELETE', `/ea/contacts/hooks/${hookId}`)).json());
    expectMatchesReference('DELETE', '/contacts/hooks/{id}', 403, (await narrow('DELETE', `/ea/contacts/hooks/${hookId}`)).json());
    const ok = await api('DELETE', `/ea/contacts/hooks/${hookId}`);
    expect(ok.statusCode).toBe(204);
    expect(ok.body).toBe('');
    const missing = await api('DELETE', `/ea/contacts/hooks/${hookId}`);
    expect(missing.statusCode).toBe(404);
    expectMatchesReference('DELETE', '/contacts/hooks/{id}', 404, missing.json());
  });
});
