import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeZoom } from '../sync/fakes/zoom.js';
import { fixtureEvent } from '../helpers/webcast-fixtures.js';
import { describeInChromium, startHarness, type Harness } from './harness.js';

// Issue 33 part 4, the planner's side: an administrator connects Zoom (the Zoom fake, checked against Zoom's published
// API), tests the connection, then creates a session's meeting from the Virtual Session tab and sees the join link
// appear once the worker has made it. Screenshots: test-artifacts/browser/6x-*.png (docs/sync.md, "Connections").
interface Webcast { provider: string; meetingId: string; _links: { join?: { href?: string } } }

describeInChromium('the planner pages: connecting Zoom and creating a meeting from the Virtual Session tab', () => {
  let h: Harness;
  let fake: FakeZoom;
  let eventId: string;
  let sessionId: string;

  beforeAll(async () => {
    fake = new FakeZoom();
    await fake.start();
    // The fake listens on loopback: the development setting lets the connection call it (production: https to public addresses only).
    h = await startHarness({ env: { HOOKS_ALLOW_LOOPBACK: 'true' } });
    eventId = await fixtureEvent(h.t.services, h.creds.accountId, 'Virtual', 'Zoom Launch Day');
    const created = await h.api('POST', '/sessions', {
      title: 'Launch keynote', event: { id: eventId }, start: '2027-03-01T10:00:00.000Z', end: '2027-03-01T11:00:00.000Z', virtual: true,
    });
    expect(created.status).toBe(201);
    sessionId = (created.json as { id: string }).id;
    await h.signIn(h.creds.planner.email, h.creds.planner.password);
  }, 120_000);

  afterAll(async () => {
    await h?.close();
    await fake?.stop();
  });

  it('connects Zoom and tests the connection', async () => {
    const { page } = h;
    await page.goto(`${h.t.baseUrl}/#/connections`);
    await page.getByRole('heading', { name: 'Webcast platforms' }).waitFor();
    await page.getByText('No platform is connected yet.').waitFor();
    await page.getByRole('button', { name: 'Connect a platform' }).click();
    const form = page.getByRole('form', { name: 'Connect a platform' });
    await form.getByLabel('Platform').selectOption('zoom');
    await form.getByLabel('Name').fill('Zoom');
    await form.getByLabel('Account ID').fill(fake.accountId);
    await form.getByLabel('Client ID').fill(fake.clientId);
    await form.getByLabel('Host user').fill(fake.hostEmail);
    await form.getByLabel('API URL (optional)').fill(fake.apiUrl);
    await form.getByLabel('OAuth URL (optional)').fill(fake.url);
    await form.getByLabel('Client secret').fill(fake.clientSecret);
    await form.getByLabel('Webhook secret').fill(fake.webhookSecret);
    await h.shoot('60-connect-zoom');
    await form.getByRole('button', { name: 'Connect' }).click();
    await page.getByText('Zoom is connected.').waitFor();
    const item = page.locator('li.vsession', { hasText: 'Webhook URL' });
    expect(await item.locator('[data-field="webhook-url"]').textContent()).toMatch(new RegExp(`^${h.t.baseUrl}/hooks/zoom/[0-9a-f-]{36}$`));
    // The secrets are never shown again: only that they are set.
    expect(await page.content()).not.toContain(fake.clientSecret);

    await item.getByRole('button', { name: /Test connection/ }).click();
    await item.locator('[data-field="test-result"]', { hasText: 'Connected' }).waitFor();
    expect(await item.locator('[data-field="test-result"]').textContent()).toMatch(/Zoom accepted the app's credentials/);
    await h.shoot('61-zoom-connected-and-tested');
  }, 60_000);

  it('creates the session\'s meeting on Zoom from the Virtual Session tab, and shows its join link and sync state', async () => {
    const { page } = h;
    await page.goto(`${h.t.baseUrl}/#/events/${eventId}/virtual`);
    const item = page.locator('li.vsession', { hasText: 'Launch keynote' });
    await item.getByRole('button', { name: /Edit virtual details by hand/ }).waitFor();
    await h.shoot('62-virtual-tab-create-on-zoom');
    await item.getByRole('button', { name: /Create on Zoom/ }).click();
    await page.getByText('Creating the meeting of “Launch keynote” on Zoom.').waitFor();

    // The worker makes the meeting on Zoom and the webcast in eventline; the page polls and shows the join link.
    await item.locator('[data-field="join-url"]').waitFor({ timeout: 45_000 });
    await item.getByText(/Sync: In sync with Zoom · last synced/).waitFor({ timeout: 30_000 });
    await page.getByText('The meeting is ready: its join link is below.').waitFor();
    const reveal = item.getByRole('button', { name: 'Reveal Join URL' });
    if (await reveal.count() > 0) await reveal.click();
    const href = await item.locator('[data-field="join-url"] a').getAttribute('href');
    expect(href).toMatch(/^https:\/\/fake\.zoom\.test\/j\/\d+/);
    await h.shoot('63-meeting-created-on-zoom');

    const webcasts = (await h.api('GET', `/webcasts?filter=${encodeURIComponent(`session.id eq '${sessionId}'`)}`)).json as { data: Webcast[] };
    expect(webcasts.data).toHaveLength(1);
    expect(webcasts.data[0]).toMatchObject({ provider: 'Zoom', _links: { join: { href } } });
    expect(fake.violations).toEqual([]);
  }, 90_000);

  it('disconnects Zoom, and the session says it no longer syncs', async () => {
    const { page } = h;
    await page.goto(`${h.t.baseUrl}/#/connections`);
    const item = page.locator('li.vsession', { hasText: 'Webhook URL' });
    await item.getByRole('button', { name: /Disconnect/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Disconnect this platform?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('Zoom is disconnected.').waitFor();
    await page.getByText('No platform is connected yet.').waitFor();
    await page.goto(`${h.t.baseUrl}/#/events/${eventId}/virtual`);
    const session = page.locator('li.vsession', { hasText: 'Launch keynote' });
    await session.getByText(/was disconnected/).waitFor();
    await h.shoot('64-zoom-disconnected');
  }, 60_000);
});
