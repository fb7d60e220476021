import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTenant, ok, startTestApp, tokenFor, type Api, type TestApp } from '../helpers/app.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';

interface Player { id: string; webcast: { id: string }; provider?: string; playerType?: string; playerTypeProvider?: string; created: string }
interface Page { paging: { totalCount: number; nextToken?: string }; data: Player[] }

// GET /webcasts/players (issue 32): until per-account platform connections exist, one player per webcast on an
// outside platform, named by the webcast's id, with the platform in `provider` / `playerType`.
describe('webcast players', () => {
  let t: TestApp;
  let api: Api;
  let other: Api;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_ENABLED: 'false' }, build: { worker: false } });
    const tenant = await createTenant(t.services);
    api = apiClient(t.app, await tokenFor(t.app, tenant));
    other = apiClient(t.app, await tokenFor(t.app, await createTenant(t.services)));
    const event = await fixtureEvent(t.services, tenant.accountId, 'Virtual');
    for (const [name, body] of Object.entries({
      zoom: { provider: 'Zoom' },
      brightcove: { provider: 'Brightcove', playerType: 'Brightcove' },
      vimeo: { playerType: 'Vimeo' },
      none: { provider: 'None' },
      bare: {},
    })) ids[name] = (await ok<{ id: string }>(api('POST', '/ea/webcasts', { event: { id: event }, title: name, ...body }))).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists one player per webcast on an outside platform, named by the webcast, with its platform', async () => {
    const page = await ok<Page>(api('GET', '/ea/webcasts/players'));
    const byId = new Map(page.data.map((p) => [p.id, p]));
    expect([...byId.keys()].sort()).toEqual([ids['zoom'], ids['brightcove'], ids['vimeo']].sort());
    expect(byId.get(ids['zoom']!)).toMatchObject({ webcast: { id: ids['zoom'] }, provider: 'Zoom' });
    expect(byId.get(ids['zoom']!)?.playerTypeProvider).toBeUndefined();
    expect(byId.get(ids['brightcove']!)).toMatchObject({ provider: 'Brightcove', playerType: 'Brightcove', playerTypeProvider: 'Brightcove' });
    expect(byId.get(ids['vimeo']!)).toMatchObject({ playerType: 'Vimeo' });
    expect(page.paging.totalCount).toBe(3);
  });

  it('filters by webcast.id and pages with a token', async () => {
    const one = await ok<Page>(api('GET', `/ea/webcasts/players?filter=${encodeURIComponent(`webcast.id eq '${ids['zoom']}'`)}`));
    expect(one.data.map((p) => p.id)).toEqual([ids['zoom']]);
    const notPlaying = await ok<Page>(api('GET', `/ea/webcasts/players?filter=${encodeURIComponent(`webcast.id eq '${ids['none']}'`)}`));
    expect(notPlaying.data).toEqual([]);
    const first = await ok<Page>(api('GET', '/ea/webcasts/players?limit=2'));
    const second = await ok<Page>(api('GET', `/ea/webcasts/players?limit=2&token=${first.paging.nextToken}`));
    expect([...first.data, ...second.data].map((p) => p.id)).toHaveLength(3);
    expect(second.paging.nextToken).toBeUndefined();
  });

  it('answers 400 naming the filter for a field the reference does not list', async () => {
    const res = await api('GET', `/ea/webcasts/players?filter=${encodeURIComponent("provider eq 'Zoom'")}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ target: 'filter' });
  });

  it('shows another account none of the account\'s players', async () => {
    expect((await ok<Page>(other('GET', '/ea/webcasts/players'))).data).toEqual([]);
  });
});
