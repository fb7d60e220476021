import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { seedDemo, type DemoCredentials } from '../../src/demo/seed.js';
import { startListeningTestApp, type ListeningTestApp } from '../helpers/http.js';
import { serviceRequired } from '../helpers/services.js';
import { buildWeb } from './harness.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const ARTIFACTS = join(root, 'test-artifacts', 'browser');
const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
];
const WIDE = { width: 1280, height: 900 };
const roomy = { perSecond: 10_000, burst: 10_000 };
const USAGE_ON = {
  RATE_LIMIT_ENABLED: 'true', USAGE_FLUSH_SECONDS: '1', IP_RATE_LIMIT_PER_SECOND: '10000', IP_RATE_LIMIT_BURST: '10000',
  RATE_LIMIT_TIERS: JSON.stringify({ Free: { perDay: 1000, ...roomy }, Professional: { perDay: 15_000, ...roomy }, Enterprise: { perDay: 500_000, ...roomy } }),
};
const NARROW = { width: 390, height: 844 };

interface Webcast { id: string; session?: { id: string }; _links: { host?: { key?: string; href?: string; code?: string } }; [k: string]: unknown }

function browserSuite(): void {
  let t: ListeningTestApp;
  let creds: DemoCredentials;
  let context: BrowserContext;
  let page: Page;
  let scratch: string;
  let apiToken: string;

  const api = async (method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> => {
    const res = await fetch(`${t.baseUrl}/ea${path}`, {
      method, headers: { authorization: `Bearer ${apiToken}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) as unknown : undefined };
  };

  /** A screenshot of the page at 1280 and at 390 px wide. */
  const shoot = async (name: string) => {
    await page.screenshot({ path: join(ARTIFACTS, `${name}-1280.png`), fullPage: true });
    await page.setViewportSize(NARROW);
    await page.screenshot({ path: join(ARTIFACTS, `${name}-390.png`), fullPage: true });
    // Nothing may be wider than a phone screen except scrollable tables.
    // Wide tables scroll inside their own box; the page itself must not scroll sideways.
    // (Browser code as a string: the tests are type-checked without the DOM library.)
    const wide = await page.evaluate<string[]>(`(() => {
      const over = (el) => !!el && el.getBoundingClientRect().right > window.innerWidth + 1;
      if (document.documentElement.scrollWidth <= window.innerWidth) return [];
      return [...document.querySelectorAll('body *')].filter((el) => over(el) && !over(el.parentElement))
        .slice(0, 5).map((el) => el.tagName.toLowerCase() + '.' + String(el.className) + ' ' + (el.textContent || '').slice(0, 40));
    })()`);
    expect(wide, `${name} overflows at 390 px`).toEqual([]);
    await page.setViewportSize(WIDE);
  };

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'eventline-browser-'));
    mkdirSync(ARTIFACTS, { recursive: true });
    // The UI is built from the current sources into a scratch folder, so the test never serves a stale build.
    await buildWeb(join(scratch, 'web'));
    // Rate limiting on (with room to spare) so usage is counted and the account chart has data.
    t = await startListeningTestApp({ env: { DATA_DIR: join(scratch, 'data'), WEB_DIR: join(scratch, 'web'), ...USAGE_ON } });
    const seeded = await seedDemo(t.services, t.config);
    if (!seeded.credentials) throw new Error('the demo account was not seeded');
    creds = seeded.credentials;
    const tokenRes = await fetch(`${t.baseUrl}/ea/oauth2/token`, {
      method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    apiToken = ((await tokenRes.json()) as { access_token: string }).access_token;
    context = await chromium.launchPersistentContext(join(scratch, 'profile'), { executablePath: CHROMIUM, args: ARGS, headless: true, viewport: WIDE });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.baseUrl });
    page = context.pages()[0] ?? await context.newPage();
    page.setDefaultTimeout(15_000);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await t?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('walks the planner path: sign in, any part virtual = Yes, Virtual Session tab, mark virtual, edit the host code', async () => {
    await page.goto(`${t.baseUrl}/`);
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome to eventline' }).isVisible()).toBe(true);
    await shoot('01-welcome');
    await page.getByRole('button', { name: 'Sign in as a planner' }).click();
    await page.waitForURL(/\/ea\/oauth2\/authorize/);
    await page.getByLabel('Email').fill(creds.planner.email);
    await page.getByLabel('Password').fill(creds.planner.password);
    await shoot('02-sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('heading', { name: 'Events', exact: true }).waitFor();
    await shoot('03-events');
    await page.getByRole('link', { name: 'eventline Demo Summit' }).click();
    await page.getByRole('heading', { name: 'eventline Demo Summit' }).waitFor();

    // Any part virtual: Yes (hybrid), saved through PUT /ea/events/{id}.
    const group = page.getByRole('group', { name: 'Is any part of this event virtual?' });
    await group.getByLabel('Yes').check();
    await page.getByLabel('Part of it (hybrid)').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved: format is Hybrid.').waitFor();
    await shoot('04-event');

    await page.getByRole('tab', { name: 'Virtual Session' }).click();
    const breakout = page.locator('li.vsession', { hasText: 'Breakout: Compliance for Virtual Events' });
    await breakout.getByText('Not virtual').waitFor();
    await shoot('05-virtual-tab');
    await breakout.getByRole('button', { name: /Mark virtual/ }).click();
    await page.getByText('“Breakout: Compliance for Virtual Events” is now virtual.').waitFor();
    await breakout.getByRole('button', { name: /Edit virtual details/ }).click();
    const editor = breakout.getByRole('form', { name: 'Virtual details of Breakout: Compliance for Virtual Events' });
    await editor.getByLabel('Provider').selectOption('Zoom');
    await editor.getByLabel('Join URL').fill('https://zoom.example.test/j/555');
    await editor.getByLabel('Join password / access code').fill('join-555');
    await editor.getByLabel('Host URL').fill('https://zoom.example.test/s/555');
    await editor.getByLabel('Host code (host password / access code)').fill('424242');
    await editor.getByLabel('Host key').fill('7788');
    await shoot('06-virtual-editor');
    await editor.getByRole('button', { name: 'Save virtual details' }).click();
    await page.getByText('Virtual details of “Breakout: Compliance for Virtual Events” saved.').waitFor();
    // Codes are masked until revealed.
    await breakout.getByRole('button', { name: 'Reveal Host code' }).click();
    await expect.poll(() => breakout.locator('[data-field="host-code"]').textContent()).toBe('424242');

    // The UI's edit is in the API at once.
    const sessions = (await api('GET', `/sessions?filter=${encodeURIComponent("title eq 'Breakout: Compliance for Virtual Events'")}`)).json as { data: Array<{ id: string; virtual: boolean }> };
    const session = sessions.data[0];
    expect(session?.virtual).toBe(true);
    const webcasts = (await api('GET', '/webcasts')).json as { data: Webcast[] };
    const mine = webcasts.data.find((w) => w.session?.id === session?.id);
    expect(mine?._links.host).toMatchObject({ code: '424242', key: '7788', href: 'https://zoom.example.test/s/555' });
    expect(mine?.['provider']).toBe('Zoom');

    // And the reverse: an API edit shows on reload.
    const keynote = webcasts.data.find((w) => w['title'] === 'Opening Keynote (Zoom)');
    expect(keynote).toBeDefined();
    const { id: keynoteId, ...rest } = keynote as Webcast;
    const put = await api('PUT', `/webcasts/${keynoteId}`, { ...rest, _links: { ...keynote?._links, host: { ...keynote?._links.host, code: '909090' } } });
    expect(put.status).toBe(200);
    await page.reload();
    const keynoteItem = page.locator('li.vsession', { hasText: 'Opening Keynote: The Hybrid Future' });
    await keynoteItem.getByRole('button', { name: 'Reveal Host code' }).click();
    await expect.poll(() => keynoteItem.locator('[data-field="host-code"]').textContent()).toBe('909090');
  }, 120_000);

  it('shows the Virtual Session tab only after Yes is saved, and errors beside the field', async () => {
    const account = creds.accountId;
    const planner = await t.services.accounts.findAccountByName('Demo Account');
    expect(planner?.id).toBe(account);
    const created = await api('POST', '/events/async', {
      title: 'Board Offsite', format: 'In-person', type: 'Meeting', timezone: 'UTC', languages: ['en-US'],
      start: new Date(Date.now() + 40 * 86_400_000).toISOString(), end: new Date(Date.now() + 41 * 86_400_000).toISOString(),
      planners: [{ firstName: 'Demo', lastName: 'Planner', email: 'planner@demo.eventline.test' }],
    });
    expect(created.status).toBe(202);
    const creationId = (created.json as { id: string }).id;
    let eventId = '';
    for (let i = 0; i < 100 && !eventId; i += 1) {
      const status = (await api('GET', `/events/async/${creationId}/status`)).json as { event?: { id: string } };
      eventId = status.event?.id ?? '';
      if (!eventId) await new Promise((r) => setTimeout(r, 100));
    }
    expect(eventId).not.toBe('');
    await page.goto(`${t.baseUrl}/#/events/${eventId}`);
    await page.getByRole('heading', { name: 'Board Offsite' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Virtual Session' }).count()).toBe(0);
    await page.getByRole('group', { name: 'Is any part of this event virtual?' }).getByLabel('Yes').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('tab', { name: 'Virtual Session' }).waitFor();
    expect(((await api('GET', `/events/${eventId}`)).json as { format: string }).format).toBe('Hybrid');

    // A session marked virtual keeps the event from going back to In-person: the API's reason shows at the question.
    const session = await api('POST', '/sessions', { title: 'Remote briefing', event: { id: eventId }, start: new Date(Date.now() + 40 * 86_400_000).toISOString(), end: new Date(Date.now() + 40 * 86_400_000 + 3_600_000).toISOString(), virtual: true });
    expect(session.status).toBe(201);
    await page.getByRole('group', { name: 'Is any part of this event virtual?' }).getByLabel('No').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.locator('#format-error').waitFor();
    expect(await page.locator('#format-error').textContent()).toMatch(/virtual/);
    await shoot('07-settings-error');
  }, 120_000);

  it('shows the attendees of a session with links, check-in and duration', async () => {
    // A personal join link and a check-in for one attendee of the keynote (an Included session with a webcast).
    const sessions = (await api('GET', `/sessions?filter=${encodeURIComponent("title eq 'Opening Keynote: The Hybrid Future'")}`)).json as { data: Array<{ id: string; event: { id: string }; start: string }> };
    const keynote = sessions.data[0];
    const webcast = ((await api('GET', `/webcasts?filter=${encodeURIComponent(`session.id eq '${keynote?.id ?? ''}'`)}`)).json as { data: Webcast[] }).data[0];
    const attendees = (await api('GET', `/attendees?filter=${encodeURIComponent(`event.id eq '${keynote?.event.id ?? ''}'`)}&limit=1`)).json as { data: Array<{ id: string; contact: { firstName: string; lastName: string } }> };
    const someone = attendees.data[0];
    expect(someone && webcast && keynote).toBeTruthy();
    const link = await api('POST', `/webcasts/${webcast?.id ?? ''}/attendee-links`, [{ attendee: { id: someone?.id }, join: { href: 'https://zoom.example.test/w/personal-1', code: 'p1' } }]);
    expect(link.status).toBeLessThan(300);
    const checkIn = new Date(keynote?.start ?? '');
    const checkedIn = await api('POST', `/sessions/${keynote?.id ?? ''}/check-in`, [{ id: someone?.id, checkIn: checkIn.toISOString(), checkOut: new Date(checkIn.getTime() + 45 * 60_000).toISOString() }]);
    expect(checkedIn.status).toBeLessThan(300);
    await page.goto(`${t.baseUrl}/#/events/${keynote?.event.id ?? ''}/sessions/${keynote?.id ?? ''}`);
    const row = page.getByRole('row', { name: new RegExp(`${someone?.contact.firstName ?? ''} ${someone?.contact.lastName ?? ''}`) });
    await row.getByRole('link', { name: /Join link/ }).waitFor();
    expect(await row.textContent()).toMatch(/Yes,.*45 min/);
    expect(await page.locator('tbody tr').count()).toBe(36);

    await page.goto(`${t.baseUrl}/#/events`);
    await page.getByRole('link', { name: 'eventline Demo Summit' }).click();
    await page.getByRole('link', { name: 'Attendees of Workshop: Producing Hybrid Sessions' }).click();
    await page.getByRole('heading', { name: 'Attendees: Workshop: Producing Hybrid Sessions' }).waitFor();
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(18);
    await shoot('08-attendees');
  }, 60_000);

  it('shows the tier and today\'s usage against the quota', async () => {
    await page.goto(`${t.baseUrl}/#/account`);
    await page.getByRole('heading', { name: 'Tier: Professional' }).waitFor();
    await page.getByRole('img', { name: /Calls per hour today/ }).waitFor();
    // The calls this test made so far are counted (flushed each second) and drawn.
    await expect.poll(async () => {
      await page.reload();
      await page.getByRole('heading', { name: 'Tier: Professional' }).waitFor();
      const label = await page.locator('label[for="quota-meter"]').textContent();
      return Number((label ?? '0').split(' of ')[0]?.replace(/,/g, ''));
    }, { timeout: 15_000, interval: 1_000 }).toBeGreaterThan(0);
    await page.getByText('Compliance communications are not enabled for this account.').waitFor();
    await t.services.accounts.setFeature(creds.accountId, 'compliance-communications', true);
    await page.reload();
    await page.getByText(/^Enabled\. Message types recorded/).waitFor();
    await shoot('09-account');

    // A token the API no longer accepts sends the planner back to sign-in.
    await page.evaluate(`localStorage.setItem('eventline.token', JSON.stringify({ accessToken: 'not-a-token', expiresAt: Date.now() + 600000 }))`);
    await page.goto(`${t.baseUrl}/#/events`);
    await page.getByRole('button', { name: 'Sign in as a planner' }).waitFor();
  }, 60_000);

  it('lets a developer create an application, copy its secret once and get a token with it', async () => {
    // A developer may not use the planner sign-in.
    await page.evaluate('sessionStorage.clear(); localStorage.clear()');
    await page.goto(`${t.baseUrl}/`);
    await page.getByRole('button', { name: 'Sign in as a planner' }).click();
    await page.getByLabel('Email').fill(creds.developer.email);
    await page.getByLabel('Password').fill(creds.developer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Planner pages are for planners and administrators').waitFor();

    await page.getByRole('link', { name: 'open the developer portal' }).click();
    await page.getByRole('heading', { name: 'Developer portal sign-in' }).waitFor();
    await page.getByLabel('Email').fill(creds.developer.email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email or password is incorrect').waitFor();
    await shoot('10-portal-sign-in');
    await page.getByLabel('Password').fill(creds.developer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Developer portal', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Demo workspace' }).waitFor();
    expect(await page.getByRole('heading', { name: 'New workspace' }).count()).toBe(0);

    // No scope is chosen for the developer; a name and at least one scope are needed, and each scope says what it allows.
    const newApp = page.getByRole('form', { name: 'New application' });
    expect(await newApp.getByRole('checkbox', { checked: true }).count()).toBe(0);
    await newApp.getByText('Allows the reading of events', { exact: true }).waitFor();
    await newApp.getByRole('button', { name: 'Create application' }).click();
    await newApp.getByText('Enter a name for the application').waitFor();
    await newApp.getByText('Choose at least one scope').waitFor();

    await page.getByLabel('Application name').fill('Webcast connector');
    await newApp.getByRole('checkbox', { name: /^event\/events:read\b/ }).check();
    await page.getByRole('button', { name: 'Create application' }).click();
    const secretBox = page.getByRole('region', { name: /Client credentials for/ });
    await secretBox.waitFor();
    await shoot('11-portal-secret');
    await secretBox.getByRole('button', { name: 'Copy secret' }).click();
    await page.getByText('Secret copied to the clipboard.').waitFor();
    const secret = await page.evaluate<string>('navigator.clipboard.readText()');
    const clientId = await secretBox.locator('[data-field="client-id"]').textContent();
    expect(secret).toMatch(/^els_/);

    const token = await fetch(`${t.baseUrl}/ea/oauth2/token`, {
      method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${clientId ?? ''}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(token.status).toBe(200);
    const access = ((await token.json()) as { access_token: string }).access_token;
    expect((await fetch(`${t.baseUrl}/ea/events`, { headers: { authorization: `Bearer ${access}` } })).status).toBe(200);

    // Shown once: after dismissing, the page (and the API) no longer has it.
    await secretBox.getByRole('button', { name: 'I have stored it' }).click();
    await page.reload();
    await page.getByRole('heading', { name: 'Applications' }).waitFor();
    expect(await page.content()).not.toContain(secret);
    const row = page.getByRole('row', { name: /Webcast connector/ });
    expect(await row.textContent()).toContain('1 scopes');

    // Revoking asks first, and only goes ahead once the application's name is typed.
    await row.getByRole('button', { name: /Revoke/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke “Webcast connector”?' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Revoke application' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type Webcast connector to confirm').fill('Webcast');
    expect(await confirm.isDisabled()).toBe(true);
    await shoot('12-portal-revoke-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await fetch(`${t.baseUrl}/ea/events`, { headers: { authorization: `Bearer ${access}` } })).status).toBe(200);

    await row.getByRole('button', { name: /Revoke/ }).click();
    expect(await dialog.getByLabel('Type Webcast connector to confirm').inputValue()).toBe('');
    await dialog.getByLabel('Type Webcast connector to confirm').fill('Webcast connector');
    await confirm.click();
    await row.getByText(/Revoked/).waitFor();
    expect((await fetch(`${t.baseUrl}/ea/events`, { headers: { authorization: `Bearer ${access}` } })).status).toBe(401);
    await shoot('12-portal');
  }, 120_000);

  // Needs the server's POST /portal/applications/{id}/rotate-secret (the portal branch).
  it('rotates an application\'s secret after a confirmation and shows the new one once', async () => {
    // Still signed in to the portal from the test above.
    await page.goto(`${t.baseUrl}/#/portal`);
    await page.getByRole('heading', { name: 'Applications' }).waitFor();
    await page.getByLabel('Application name').fill('Archive exporter');
    await page.getByRole('form', { name: 'New application' }).getByRole('checkbox', { name: /^event\/events:read\b/ }).check();
    await page.getByRole('button', { name: 'Create application' }).click();
    const firstBox = page.getByRole('region', { name: /Client credentials for/ });
    await firstBox.getByRole('button', { name: 'Copy secret' }).click();
    await page.getByText('Secret copied to the clipboard.').waitFor();
    const oldSecret = await page.evaluate<string>('navigator.clipboard.readText()');
    const clientId = (await firstBox.locator('[data-field="client-id"]').textContent()) ?? '';
    await firstBox.getByRole('button', { name: 'I have stored it' }).click();
    const tokenWith = (secret: string) => fetch(`${t.baseUrl}/ea/oauth2/token`, {
      method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect((await tokenWith(oldSecret)).status).toBe(200);

    const row = page.getByRole('row', { name: /Archive exporter/ });
    await row.getByRole('button', { name: /Rotate secret/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate the secret of “Archive exporter”?' });
    await dialog.waitFor();
    // Cancel changes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await tokenWith(oldSecret)).status).toBe(200);

    await row.getByRole('button', { name: /Rotate secret/ }).click();
    await dialog.getByRole('button', { name: 'Rotate secret' }).click();
    const box = page.getByRole('region', { name: 'New client secret for “Archive exporter”' });
    await box.waitFor();
    expect(await box.locator('[data-field="client-secret"]').textContent()).not.toMatch(/^els_/);
    await box.getByRole('button', { name: 'Reveal secret' }).click();
    const shown = (await box.locator('[data-field="client-secret"]').textContent()) ?? '';
    await box.getByRole('button', { name: 'Copy secret' }).click();
    await page.getByText('Secret copied to the clipboard.').waitFor();
    const newSecret = await page.evaluate<string>('navigator.clipboard.readText()');
    expect(newSecret).toBe(shown);
    expect(newSecret).not.toBe(oldSecret);
    await shoot('13-portal-rotated');
    expect((await tokenWith(newSecret)).status).toBe(200);
    expect((await tokenWith(oldSecret)).status).toBe(401);

    // Shown once.
    await box.getByRole('button', { name: 'I have stored it' }).click();
    await page.reload();
    await page.getByRole('heading', { name: 'Applications' }).waitFor();
    expect(await page.content()).not.toContain(newSecret);
  }, 120_000);
}

if (existsSync(CHROMIUM)) {
  describe('the web UI in Chromium', browserSuite);
} else if (serviceRequired('chromium')) {
  describe('the web UI in Chromium', () => {
    it('runs (CI_REQUIRE_SERVICES requires chromium)', () => {
      throw new Error(`${CHROMIUM} is missing, but CI_REQUIRE_SERVICES requires the browser tests to run (apt-get install -y chromium)`);
    });
  });
} else {
  const reason = `${CHROMIUM} is not installed (apt-get install -y chromium, or set CHROMIUM_PATH)`;
  console.warn(`browser suite skipped: ${reason}`);
  describe.skip(`the web UI in Chromium [skipped: ${reason}]`, browserSuite);
}
