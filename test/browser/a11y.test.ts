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

  beforeAll(async () => {
    h = await startHarness();
    const events = (await h.api('GET', `/events?filter=${encodeURIComponent("title eq 'eventline Demo Summit'")}`)).json as { data: Array<{ id: string }> };
    eventId = events.data[0]?.id ?? '';
    const sessions = (await h.api('GET', `/sessions?filter=${encodeURIComponent(`event.id eq '${eventId}'`)}`)).json as { data: Array<{ id: string }> };
    sessionId = sessions.data[0]?.id ?? '';
    expect(eventId).not.toBe('');
    expect(sessionId).not.toBe('');
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
      await page.goto(`${h.origin}${p.path.replace('{event}', eventId).replace('{session}', sessionId)}`);
      const heading = typeof p.heading === 'string' ? page.getByRole('heading', { level: 1, name: p.heading, exact: true }) : page.getByRole('heading', { level: 1, name: p.heading });
      await heading.waitFor({ timeout: 30_000 });
      // Wait for what the page loads after its heading (lists, tables) to settle.
      await page.waitForFunction('!document.body.innerText.includes("Loading ")', undefined, { timeout: 30_000 }).catch(() => undefined);
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      for (const v of result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
        failures.push(`${p.name}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
      }
      await h.shoot(p.name);
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
