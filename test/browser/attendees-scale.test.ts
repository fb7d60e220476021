import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInChromium, plannerEvent, startLimitedHarness, type Harness } from './harness.js';

// The attendee page of an event with 20,000 attendees, on a Free account (2 calls a second, burst 1,
// 1,000 a day) with the real limiter on: it reads one page at a time, so opening it costs at most three
// calls and meets no 429; a planner finds one attendee by name, checks them in, and exports the filtered list.
const TOTAL = 20_000;

describeInChromium('attendees at scale in Chromium (Free tier, 20,000 attendees)', () => {
  let h: Harness;
  let eventId = '';
  let sessionId = '';

  beforeAll(async () => {
    h = await startLimitedHarness();
    const start = Date.parse('2031-10-06T08:00:00Z');
    const made = await plannerEvent(h, { title: 'Twenty Thousand Expo', format: 'In-person', timezone: 'Europe/Amsterdam', start, hours: 10 });
    const { auth } = made;
    eventId = made.eventId;
    const session = await h.t.services.sessions.create(auth, {
      title: 'Opening Plenary', event: { id: eventId }, includedSession: true, virtual: false,
      start: new Date(start + 3600_000).toISOString(), end: new Date(start + 2 * 3600_000).toISOString(),
    });
    sessionId = session.id;
    // Through the service (the same code as POST /attendees), so seeding spends none of the account's calls.
    // Three share the last name Vandermeer: the filtered export holds exactly them.
    const special = new Map<number, [string, string]>([[7_321, ['Ottilie', 'Vandermeer']], [12_004, ['Piet', 'Vandermeer']], [19_876, ['Anouk', 'Vandermeer']]]);
    const started = Date.now();
    const batch = (from: number) => Array.from({ length: Math.min(500, TOTAL - from) }, (_, j) => {
      const i = from + j;
      const [firstName, lastName] = special.get(i) ?? [`Guest${i}`, `Person${String(i).padStart(5, '0')}`];
      return {
        event: { id: eventId }, status: i % 3 === 0 ? 'Accepted' : 'No Response',
        contact: { firstName, lastName, email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}.${i}@scale.example.test`, company: `Company ${i % 97}` },
      };
    });
    // Four batches at a time: PostgreSQL writes them side by side (SQLite takes them in turn).
    for (let from = 0; from < TOTAL; from += 2000) {
      const starts = [0, 500, 1000, 1500].map((d) => from + d).filter((f) => f < TOTAL);
      const results = (await Promise.all(starts.map((f) => h.t.services.attendees.addMany(auth, batch(f))))).flat();
      const bad = results.find((r) => r.status !== 201);
      if (bad) throw new Error(`seeding: ${JSON.stringify(bad)}`);
    }
    console.log(`seeded ${TOTAL} attendees in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await h.t.services.accounts.setTier(h.creds.accountId, 'Free');
    await h.signIn(h.creds.planner.email, h.creds.planner.password);
  }, 1_200_000);

  // The test's own checks go through the API on the same Free account: a 429 is waited out, as any client would.
  const api = async (method: string, path: string, body?: unknown) => {
    for (let i = 0; ; i += 1) {
      const res = await h.api(method, path, body);
      if (res.status !== 429 || i > 20) return res;
      await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? '1')));
    }
  };

  afterAll(async () => {
    await h?.close();
  });

  it('opens the attendee page with at most 3 API calls and no 429', async () => {
    const { page } = h;
    const tier = (await api('GET', '/usage/tier')).json as { name: string; burstLimit: number };
    expect(tier).toMatchObject({ name: 'Free', burstLimit: 1 });
    // Every call of the API (/ea/...) from a fresh load of the page (a reload keeps the sign-in).
    const tab = page;
    const calls: string[] = [];
    const refused: string[] = [];
    let counting = false;
    tab.on('request', (r) => {
      const u = new URL(r.url());
      if (counting && u.pathname.startsWith('/ea/')) calls.push(`${r.method()} ${u.pathname}${u.search}`);
    });
    tab.on('response', (r) => {
      if (r.status() === 429) refused.push(r.url());
    });
    await tab.goto(`${h.t.baseUrl}/#/events/${eventId}/attendees`);
    await tab.getByRole('heading', { name: `Attendees (${TOTAL})` }).waitFor({ timeout: 30_000 });
    // Past the previous page's calls (the events list) and their pacing.
    await tab.waitForTimeout(2000);
    counting = true;
    calls.length = 0;
    refused.length = 0;
    await tab.reload();
    await tab.getByRole('heading', { name: `Attendees (${TOTAL})` }).waitFor({ timeout: 30_000 });
    const rows = tab.getByRole('table').locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(50);
    await tab.locator('[data-field="checked-in"] strong').first().filter({ hasText: '0' }).waitFor({ timeout: 30_000 });
    await tab.waitForTimeout(1500);
    expect(await tab.getByText(`Showing 1–50 of ${TOTAL.toLocaleString('en-US')}`).count()).toBe(1);
    // Sorted by last name: Anouk Vandermeer sorts after every PersonNNNNN.
    expect(await rows.first().locator('th').textContent()).toBe('Guest0 Person00000');
    expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(3);
    expect(calls.some((c) => c.startsWith('GET /ea/attendees?'))).toBe(true);
    expect(refused).toEqual([]);
    expect(await tab.locator('[role="alert"]').allTextContents()).toEqual([]);

    // Next page reads one more page, not the list.
    calls.length = 0;
    await tab.getByRole('button', { name: 'Next page' }).click();
    await tab.getByText(`Showing 51–100 of ${TOTAL.toLocaleString('en-US')}`).waitFor({ timeout: 30_000 });
    expect(await rows.first().locator('th').textContent()).toBe('Guest50 Person00050');
    await tab.getByRole('button', { name: 'Previous page' }).click();
    await tab.getByText(`Showing 1–50 of ${TOTAL.toLocaleString('en-US')}`).waitFor({ timeout: 30_000 });
    await expect.poll(() => rows.first().locator('th').textContent(), { timeout: 30_000 }).toBe('Guest0 Person00000');
    expect(calls).toHaveLength(2);
    expect(refused).toEqual([]);
    counting = false;
  }, 180_000);

  it('finds an attendee among 20,000 by name, checks them in to the event and a session, and exports the filtered list', async () => {
    const { page } = h;
    await page.goto(`${h.t.baseUrl}/#/events/${eventId}/attendees`);
    await page.getByRole('heading', { name: `Attendees (${TOTAL})` }).waitFor({ timeout: 30_000 });
    const rows = page.getByRole('table').locator('tbody tr');

    await page.getByLabel('Search by name or email').fill('Ottilie Vandermeer');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('heading', { name: 'Attendees (1)' }).waitFor({ timeout: 30_000 });
    expect(await rows.count()).toBe(1);
    expect(await rows.first().locator('th').textContent()).toBe('Ottilie Vandermeer');

    await page.getByRole('button', { name: 'Check in Ottilie Vandermeer' }).click();
    await page.getByText('Ottilie Vandermeer is checked in to the event.').waitFor({ timeout: 30_000 });
    await page.locator('[data-field="checked-in"] strong').first().filter({ hasText: /^1$/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Undo check-in of Ottilie Vandermeer' }).waitFor();
    const found = (await api('GET', `/attendees?filter=${encodeURIComponent(`event.id eq '${eventId}' and contact.lastName eq 'Vandermeer' and contact.firstName eq 'Ottilie'`)}`)).json as { data: Array<{ id: string; checkedIn: boolean; checkIn?: string }> };
    expect(found.data).toHaveLength(1);
    expect(found.data[0]).toMatchObject({ checkedIn: true });
    const ottilie = found.data[0]?.id ?? '';

    // A session check-in, with the session's live count.
    await page.getByText('Check in to a session').click();
    const sessionSelect = page.getByLabel('Session for check-in');
    await expect.poll(() => sessionSelect.locator('option').count(), { timeout: 30_000 }).toBe(2);
    await sessionSelect.selectOption({ index: 1 });
    await page.getByText(/checked in to the chosen session: 0/).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Check in to session Ottilie Vandermeer' }).click();
    await page.getByText(/Ottilie Vandermeer is checked in to Opening Plenary/).waitFor({ timeout: 30_000 });
    await page.getByText(/checked in to the chosen session: 1/).waitFor({ timeout: 30_000 });
    const attendance = (await api('GET', `/sessions/attendance?filter=${encodeURIComponent(`session.id eq '${sessionId}'`)}`)).json as { data: Array<{ attendee: { id: string }; deleted?: boolean }> };
    expect(attendance.data.map((a) => a.attendee.id)).toEqual([ottilie]);
    await h.shoot('40-attendees-checked-in');

    // The filtered list: every Vandermeer, exported through the browser's download.
    await page.getByLabel('Search by name or email').fill('Vandermeer');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('heading', { name: 'Attendees (3)' }).waitFor({ timeout: 30_000 });
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Export to CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('twenty-thousand-expo-attendees.csv');
    const csv = readFileSync(await download.path(), 'utf8');
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toBe('id,firstName,lastName,email,company,status,checkedIn,checkIn,registeredAt');
    const bodies = lines.slice(1).map((l) => l.split(','));
    // Sorted by last name, then the list's own order; the API's answer is the reference for what the file holds.
    const listed = (await api('GET', `/attendees?limit=200&filter=${encodeURIComponent(`event.id eq '${eventId}' and contact.lastName eq 'Vandermeer'`)}`)).json as { data: Array<{ id: string; contact: { firstName: string; email: string }; checkedIn: boolean }> };
    expect(listed.data).toHaveLength(3);
    expect(new Set(bodies.map((b) => b[0]))).toEqual(new Set(listed.data.map((a) => a.id)));
    for (const a of listed.data) {
      const line = bodies.find((b) => b[0] === a.id);
      expect(line?.[1]).toBe(a.contact.firstName);
      expect(line?.[3]).toBe(a.contact.email);
      expect(line?.[6]).toBe(a.checkedIn ? 'yes' : 'no');
    }
    expect(bodies.filter((b) => b[6] === 'yes').map((b) => b[1])).toEqual(['Ottilie']);
    await page.getByText('Export finished: 3 of 3 attendees').waitFor();
    expect(await page.locator('.export progress').evaluate((el) => [el.getAttribute('value'), el.getAttribute('max')])).toEqual(['3', '3']);
    await h.shoot('41-attendees-export');

    const axe = await new AxeBuilder({ page }).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }, 240_000);

  it('changes the status of a selection, adds it to a new segment, filters by that segment, and removes an attendee after a confirmation', async () => {
    const { page } = h;
    const rows = page.getByRole('table').locator('tbody tr');
    // The three Vandermeers are listed (the search of the previous test).
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(3);
    await page.getByLabel('Select every attendee on this page').check();
    await page.getByLabel('New status').selectOption('Accepted');
    await page.getByRole('button', { name: 'Change status' }).click();
    await page.getByText('3 attendees are now Accepted.').waitFor({ timeout: 30_000 });
    const vs = async () => ((await api('GET', `/attendees?limit=200&filter=${encodeURIComponent(`event.id eq '${eventId}' and contact.lastName eq 'Vandermeer'`)}`)).json as { data: Array<{ id: string; status: string; contact: { firstName: string } }> }).data;
    expect((await vs()).map((a) => a.status)).toEqual(['Accepted', 'Accepted', 'Accepted']);

    await page.getByRole('checkbox', { name: 'Select Piet Vandermeer' }).check();
    await page.getByRole('checkbox', { name: 'Select Anouk Vandermeer' }).check();
    await page.getByLabel('Segment', { exact: true }).last().selectOption('new');
    await page.getByLabel('New segment\'s name').fill('Front row');
    await page.getByRole('button', { name: 'Add to segment' }).click();
    await page.getByText('2 attendees were added to the segment Front row.').waitFor({ timeout: 30_000 });
    const segs = (await api('GET', `/audience-segments?filter=${encodeURIComponent(`event.id eq '${eventId}'`)}`)).json as { data: Array<{ id: string; name: string }> };
    const front = segs.data.find((s) => s.name === 'Front row');
    expect(front).toBeDefined();
    const members = (await api('GET', `/audience-segments/${front?.id ?? ''}/attendees`)).json as { data: Array<{ id: string }> };
    const byName = new Map((await vs()).map((a) => [a.contact.firstName, a.id]));
    expect(new Set(members.data.map((m) => m.id))).toEqual(new Set([byName.get('Piet'), byName.get('Anouk')]));

    // The segment filter: clear the search and show only the segment's members.
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.getByRole('heading', { name: `Attendees (${TOTAL})` }).waitFor({ timeout: 30_000 });
    await page.getByText('Registration type and segment filters').click();
    const segFilter = page.locator('#att-segment');
    await expect.poll(() => segFilter.locator('option').count(), { timeout: 30_000 }).toBe(2);
    await segFilter.selectOption({ label: 'Front row' });
    await page.getByRole('heading', { name: 'Attendees (2)' }).waitFor({ timeout: 30_000 });
    expect((await rows.locator('th').allTextContents()).sort()).toEqual(['Anouk Vandermeer', 'Piet Vandermeer']);

    await page.getByRole('button', { name: 'Remove Piet Vandermeer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Piet Vandermeer from the event?' });
    await dialog.waitFor();
    await h.shoot('42-attendees-remove');
    await dialog.getByRole('button', { name: 'Remove attendee' }).click();
    await page.getByText('Piet Vandermeer was removed from the event: the registration is cancelled.').waitFor({ timeout: 30_000 });
    expect((await vs()).find((a) => a.contact.firstName === 'Piet')?.status).toBe('Cancelled');
  }, 240_000);
});
