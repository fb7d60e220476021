// The accessibility scan of every page of the UI (issue 34): axe-core in Debian's Chromium, no serious or critical
// violation on any page listed in pages.ts. Each page is also photographed (npm run docs:screenshots writes
// docs/ui/<name>.png for docs/ui.md).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import { describeInChromium, startHarness, type Harness } from './harness.js';
import { PAGES } from './pages.js';

describeInChromium('accessibility of every page (axe-core)', () => {
  let h: Harness;
  let eventId = '';
  let sessionId = '';
  let exhibitorId = '';
  let surveyId = '';

  beforeAll(async () => {
    h = await startHarness();
    const events = (await h.api('GET', `/events?filter=${encodeURIComponent("title eq 'eventline Demo Summit'")}`)).json as { data: Array<{ id: string }> };
    eventId = events.data[0]?.id ?? '';
    const sessions = (await h.api('GET', `/sessions?filter=${encodeURIComponent(`event.id eq '${eventId}'`)}`)).json as { data: Array<{ id: string }> };
    sessionId = sessions.data[0]?.id ?? '';
    exhibitorId = ((await h.api('GET', `/events/${eventId}/exhibitors`)).json as { data: Array<{ id: string }> }).data[0]?.id ?? '';
    surveyId = ((await h.api('GET', `/events/${eventId}/surveys`)).json as { data: Array<{ id: string }> }).data[0]?.id ?? '';
    expect(eventId).not.toBe('');
    expect(sessionId).not.toBe('');
    expect(exhibitorId).not.toBe('');
    expect(surveyId).not.toBe('');
  }, 180_000);

  afterAll(async () => {
    await h?.close();
  });

  it('finds no serious or critical violation on any page, signed out and signed in', async () => {
    const { page } = h;
    const failures: string[] = [];
    let signedIn = false;
    for (const p of [...PAGES].sort((a, b) => Number(!a.signedOut) - Number(!b.signedOut))) {
      if (!p.signedOut && !signedIn) {
        await h.signIn(h.creds.planner.email, h.creds.planner.password);
        signedIn = true;
      }
      await page.goto(`${h.origin}${p.path.replace('{event}', eventId).replace('{session}', sessionId).replace('{exhibitor}', exhibitorId).replace('{survey}', surveyId)}`);
      const heading = typeof p.heading === 'string' ? page.getByRole('heading', { level: 1, name: p.heading, exact: true }) : page.getByRole('heading', { level: 1, name: p.heading });
      await heading.waitFor({ timeout: 30_000 });
      // Wait for what the page loads after its heading (lists, tables) to settle.
      await page.waitForFunction('!document.body.innerText.includes("Loading ")', undefined, { timeout: 30_000 }).catch(() => undefined);
      failures.push(...(await scan(p.name)));
      await h.shoot(p.name);
    }
    expect(failures).toEqual([]);
  }, 600_000);

  // The developer portal signed in is one page whose sections (applications, scopes, audit log, request log and
  // sandbox controls, webhooks) appear once the developer's data has loaded.
  it('finds no serious or critical violation on the developer portal, signed in', async () => {
    const { page } = h;
    await page.goto(`${h.origin}/#/portal`);
    await page.getByRole('heading', { name: 'Developer portal sign-in' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Email').fill(h.creds.developer.email);
    await page.getByLabel('Password').fill(h.creds.developer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor({ timeout: 30_000 });
    await page.getByRole('region', { name: 'Webhooks' }).getByText('No endpoints yet.').waitFor({ timeout: 30_000 });
    await page.waitForFunction('!document.body.innerText.includes("Loading")', undefined, { timeout: 30_000 }).catch(() => undefined);
    expect(await scan('portal')).toEqual([]);
    await h.shoot('portal');
  }, 180_000);

  // An administrator's portal adds the account's audit log: its entries, newest first, narrowed by an action prefix.
  it('shows an administrator the audit log, filters it, and finds no serious or critical violation there', async () => {
    const { page } = h;
    // Out of the developer's portal session: without its cookie, a fresh load of the page asks for a sign-in.
    await page.context().clearCookies();
    await page.goto(`${h.origin}/#/portal`);
    await page.reload();
    await page.getByRole('heading', { name: 'Developer portal sign-in' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Email').fill(h.creds.planner.email);
    await page.getByLabel('Password').fill(h.creds.planner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const audit = page.getByRole('region', { name: 'Audit log' });
    await audit.waitFor({ timeout: 30_000 });
    const table = audit.getByRole('table', { name: 'Audit log entries' });
    await table.waitFor({ timeout: 30_000 });
    const entries = await h.t.services.db.db.selectFrom('audit_log').select(['action']).where('account_id', '=', h.creds.accountId).orderBy('id', 'desc').limit(50).execute();
    expect(entries.length).toBeGreaterThan(0);
    const shown = await table.locator('tbody th[scope="row"]').allTextContents();
    expect(shown).toEqual(entries.map((e) => e.action));
    // The filter: an action prefix that one of them has.
    const prefix = entries[0]?.action.split('.')[0] ?? '';
    await audit.getByLabel('Action starts with').fill(prefix);
    await audit.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(async () => (await table.locator('tbody th[scope="row"]').allTextContents()).every((a) => a.startsWith(prefix)), { timeout: 30_000 }).toBe(true);
    expect(await scan('portal-admin')).toEqual([]);
    await h.shoot('portal-audit-log');
  }, 180_000);

  async function scan(name: string): Promise<string[]> {
    const result = await new AxeBuilder({ page: h.page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    return result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')
      .map((v) => `${name}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  }
});
