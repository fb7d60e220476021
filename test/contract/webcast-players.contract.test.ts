import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTenant, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';
import { describeContract, expectReferenceAnswer, referenceOperation } from './reference.js';

// listPlayers (issue 32): every status eventline answers, validated against the reference's response schemas.
describeContract('contract: GET /webcasts/players matches the reference', () => {
  let t: TestApp;
  let api: Api;
  let anonymous: Api;
  let narrow: Api;
  let webcast: string;
  const check = expectReferenceAnswer;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
    const tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    anonymous = apiClient(t.app, undefined);
    narrow = apiClient(t.app, await tokenFor(t.app, tenant, 'event/webcasts:read'));
    const event = await fixtureEvent(t.services, tenant.accountId, 'Virtual');
    webcast = ((await api('POST', '/ea/webcasts', { event: { id: event }, provider: 'Brightcove', playerType: 'Brightcove' })).json() as { id: string }).id;
    await api('POST', '/ea/webcasts', { event: { id: event }, provider: 'Zoom' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('declares the reference scope', () => {
    expect(referenceOperation('GET', '/webcasts/players')).toEqual({ operationId: 'listPlayers', scopes: ['event/players:read'] });
  });

  it('GET 200, 400, 401, 403', async () => {
    const page = check('GET', '/webcasts/players', 200, await api('GET', '/ea/webcasts/players')) as { data: unknown[] };
    expect(page.data).toHaveLength(2);
    const filtered = check('GET', '/webcasts/players', 200, await api('GET', `/ea/webcasts/players?filter=${encodeURIComponent(`webcast.id eq '${webcast}' and created le '2100-01-01T00:00:00Z'`)}`)) as {
      data: Array<{ playerTypeProvider?: string }>;
    };
    expect(filtered.data.map((p) => p.playerTypeProvider)).toEqual(['Brightcove']);
    check('GET', '/webcasts/players', 400, await api('GET', `/ea/webcasts/players?filter=${encodeURIComponent("id gt 'x'")}`));
    check('GET', '/webcasts/players', 401, await anonymous('GET', '/ea/webcasts/players'));
    check('GET', '/webcasts/players', 403, await narrow('GET', '/ea/webcasts/players'));
  });
});
