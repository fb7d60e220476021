import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInChromium, startHarness, type Harness } from './harness.js';
import { PAGES } from './pages.js';

// Exhibitors and their leads, survey results and engagement on the demo account's event, in Chromium:
// what each page shows is checked against what the API answers for the same data.
describeInChromium('exhibitors, leads, surveys and engagement in Chromium', () => {
  let h: Harness;
  let eventId = '';

  beforeAll(async () => {
    h = await startHarness();
    const events = (await h.api('GET', `/events?filter=${encodeURIComponent("title eq 'eventline Demo Summit'")}`)).json as { data: Array<{ id: string }> };
    eventId = events.data[0]?.id ?? '';
    expect(eventId).not.toBe('');
    await h.signIn(h.creds.planner.email, h.creds.planner.password);
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  });

  const scan = async () => {
    const result = await new AxeBuilder({ page: h.page }).analyze();
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    return serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };
  /** The rows of a chart's data table ([label, value]), read from the page. */
  const chartTable = async (title: string) => {
    const figure = h.page.locator('figure.rchart').filter({ has: h.page.getByRole('heading', { name: title, exact: true }) });
    await figure.locator('summary').click();
    const rows = figure.locator('tbody tr');
    const out: Array<[string, number]> = [];
    for (let i = 0; i < await rows.count(); i += 1) {
      out.push([(await rows.nth(i).locator('th').textContent()) ?? '', Number(await rows.nth(i).locator('td').textContent())]);
    }
    // The chart itself is there, named by the title and described.
    const area = figure.locator('.chart-area');
    expect(await area.getAttribute('aria-describedby')).toBeTruthy();
    expect(await figure.locator('svg.recharts-surface').count()).toBeGreaterThan(0);
    return out;
  };

  it('opens an exhibitor\'s leads, as the API lists them, and exports them', async () => {
    const { page } = h;
    const leads = (await h.api('GET', `/leads?limit=200&filter=${encodeURIComponent(`event.id eq '${eventId}' and deleted eq false`)}`)).json as { data: Array<{ id: string; exhibitor: { id: string }; firstName?: string; lastName?: string; email?: string }> };
    expect(leads.data.length).toBeGreaterThan(0);
    const exhibitorId = leads.data[0]?.exhibitor.id ?? '';
    const mine = leads.data.filter((l) => l.exhibitor.id === exhibitorId);
    const exhibitor = (await h.api('GET', `/events/${eventId}/exhibitors/${exhibitorId}`)).json as { name: string };

    await page.goto(`${h.t.baseUrl}/#/events/${eventId}`);
    await page.getByRole('link', { name: 'Exhibitors and leads' }).click();
    await page.getByRole('heading', { name: 'Exhibitors', exact: true }).waitFor();
    const listed = (await h.api('GET', `/events/${eventId}/exhibitors`)).json as { data: Array<{ name: string; deleted?: boolean }> };
    const rows = page.getByRole('table').first().locator('tbody tr th');
    await expect.poll(() => rows.allTextContents()).toEqual(listed.data.filter((x) => !x.deleted).map((x) => x.name).sort((a, b) => a.localeCompare(b)));

    await page.getByRole('link', { name: `Details and leads of ${exhibitor.name}` }).click();
    await page.getByRole('heading', { name: `Leads of ${exhibitor.name} (${mine.length})` }).waitFor();
    const leadRows = page.getByRole('table', { name: `Leads of ${exhibitor.name}` }).locator('tbody tr th');
    const names = (await leadRows.allTextContents()).map((t) => t.split(' · ')[0]);
    expect(names.sort()).toEqual(mine.map((l) => [l.firstName, l.lastName].filter(Boolean).join(' ') || l.email).sort());
    // Booth staff and categories of the exhibitor, as the API has them.
    const staff = (await h.api('GET', `/events/${eventId}/exhibitors/${exhibitorId}/booth-staff`)).json as { data: unknown[] };
    await page.getByRole('heading', { name: `Booth staff (${staff.data.length})` }).waitFor();
    const catIds = ((await h.api('GET', `/events/${eventId}/exhibitors/${exhibitorId}/exhibitor-categories`)).json as { data: Array<{ id: string }> }).data.map((c) => c.id);
    const allCats = ((await h.api('GET', `/events/${eventId}/exhibitor-categories`)).json as { data: Array<{ id: string; name: string }> }).data;
    const catList = page.locator('section[aria-labelledby="exh-cats-h"] li');
    expect((await catList.allTextContents()).sort()).toEqual(allCats.filter((c) => catIds.includes(c.id)).map((c) => c.name).sort());
    // Into another category, as the API then lists it.
    const other = allCats.find((c) => !catIds.includes(c.id));
    if (other) {
      await page.getByLabel('Add to category').selectOption({ label: other.name });
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByText(`${exhibitor.name} was added to ${other.name}.`).waitFor();
      const after = ((await h.api('GET', `/events/${eventId}/exhibitors/${exhibitorId}/exhibitor-categories`)).json as { data: Array<{ id: string }> }).data.map((c) => c.id);
      expect(after.sort()).toEqual([...catIds, other.id].sort());
      await expect.poll(() => catList.count()).toBe(after.length);
    }

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export leads to CSV' }).click();
    const csv = readFileSync(await (await downloading).path(), 'utf8').trim().split(/\r\n/);
    expect(csv[0]?.startsWith('id,firstName,lastName,email')).toBe(true);
    expect(csv.slice(1).map((l) => l.split(',')[0]).sort()).toEqual(mine.map((l) => l.id).sort());
    await page.getByText(`Export finished: ${mine.length} of ${mine.length} leads`).waitFor();
    expect(await scan()).toEqual([]);
    await h.shoot('43-exhibitor-leads');
  }, 120_000);

  it('reads a survey\'s charts: each chart\'s data table is what the API\'s responses count', async () => {
    const { page } = h;
    const surveys = (await h.api('GET', `/events/${eventId}/surveys`)).json as { data: Array<{ id: string; title: string }> };
    const feedback = surveys.data.find((s) => s.title === 'Summit feedback');
    expect(feedback).toBeDefined();
    const sid = feedback?.id ?? '';
    const questions = (await h.api('GET', `/events/${eventId}/surveys/${sid}/questions`)).json as { data: Array<{ id: string; text: string; choices?: Array<{ id: string; text: string }> }> };
    const responses = (await h.api('GET', `/events/${eventId}/surveys/${sid}/responses?limit=200`)).json as { data: Array<{ question: { id: string }; answers: Array<{ choice?: { id: string } }> }> };

    await page.goto(`${h.t.baseUrl}/#/events/${eventId}`);
    await page.getByRole('link', { name: 'Surveys' }).click();
    await page.getByRole('heading', { name: 'Surveys', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Summit feedback' }).click();
    await page.getByRole('heading', { name: 'Summit feedback' }).waitFor();
    let charted = 0;
    let answered = 0;
    for (const q of questions.data.filter((x) => x.choices && x.choices.length > 0)) {
      const expected = (q.choices ?? []).map((c): [string, number] => [c.text, responses.data
        .filter((r) => r.question.id === q.id).flatMap((r) => r.answers).filter((a) => a.choice?.id === c.id).length]);
      expect(await chartTable(q.text)).toEqual(expected);
      charted += 1;
      answered += expected.reduce((s, [, n]) => s + n, 0);
    }
    expect(charted).toBeGreaterThanOrEqual(2);
    expect(answered).toBeGreaterThan(0);
    expect(await scan()).toEqual([]);
    await h.shoot('44-survey-results');
  }, 120_000);

  it('reads the engagement page: the distribution, the top attendees with a score explained, and activity over time', async () => {
    const { page } = h;
    const insights = (await h.api('GET', `/attendee-insights?filter=${encodeURIComponent(`event.id eq '${eventId}'`)}`)).json as { data: Array<{ id: string; name: string; default: boolean }> };
    const insight = insights.data.find((i) => i.default) ?? insights.data[0];
    expect(insight).toBeDefined();
    const iid = insight?.id ?? '';
    // The demo's score counts session check-ins (10 points each): three attendees check in, the first to two sessions.
    const sessions = (await h.api('GET', `/sessions?filter=${encodeURIComponent(`event.id eq '${eventId}'`)}`)).json as { data: Array<{ id: string; status: string }> };
    const active = sessions.data.filter((s) => s.status === 'Active').slice(0, 2);
    expect(active).toHaveLength(2);
    const people = (await h.api('GET', `/attendees?limit=3&filter=${encodeURIComponent(`event.id eq '${eventId}' and status eq 'Accepted'`)}`)).json as { data: Array<{ id: string }> };
    expect(people.data).toHaveLength(3);
    const at = new Date().toISOString();
    for (const [i, s] of active.entries()) {
      const res = await h.api('POST', `/sessions/${s.id}/check-in`, (i === 0 ? people.data : people.data.slice(0, 1)).map((a) => ({ id: a.id, checkIn: at })));
      expect(res.status, JSON.stringify(res.json)).toBe(207);
      expect((res.json as Array<{ status: number }>).every((r) => r.status < 300), JSON.stringify(res.json)).toBe(true);
    }
    await expect.poll(async () => ((await h.api('GET', `/attendee-insights/${iid}/scores`)).json as { data: unknown[] }).data.length, { timeout: 30_000 }).toBe(3);
    const stats = (await h.api('GET', `/attendee-insights/${iid}/stats`)).json as { attendeeCount: number; distribution: Array<{ minPoints: number; maxPoints: number; attendeeCount: number }> };
    const scores = (await h.api('GET', `/attendee-insights/${iid}/scores?limit=10`)).json as { data: Array<{ attendee: { id: string }; points: number; rank: number }> };
    expect(scores.data.length).toBeGreaterThan(0);

    await page.goto(`${h.t.baseUrl}/#/events/${eventId}`);
    await page.getByRole('link', { name: 'Engagement' }).click();
    await page.getByRole('heading', { name: 'Engagement', exact: true }).waitFor();
    await page.getByRole('heading', { name: insight?.name ?? '' }).waitFor();
    expect(await chartTable('Score distribution')).toEqual(stats.distribution.map((b) => [b.minPoints === b.maxPoints ? `${b.minPoints}` : `${b.minPoints}–${b.maxPoints}`, b.attendeeCount]));

    const top = page.locator('ol.top-attendees > li');
    expect(await top.count()).toBe(scores.data.length);
    const first = scores.data[0];
    expect(await top.first().textContent()).toContain(`#${first?.rank ?? ''} `);
    expect(await top.first().textContent()).toContain(`${first?.points ?? ''} points`);
    await top.first().getByRole('button', { name: /^Explain the score of / }).click();
    const explained = (await h.api('GET', `/attendee-insights/${iid}/scores/${first?.attendee.id ?? ''}/activities`)).json as { data: Array<{ points: number }> };
    const table = top.first().getByRole('table');
    await table.waitFor();
    expect(await table.locator('caption').textContent()).toMatch(new RegExp(`earned ${first?.points ?? ''} points$`));
    expect(await table.locator('tbody tr').count()).toBe(explained.data.length);
    expect(explained.data.reduce((s, e) => s + e.points, 0)).toBe(first?.points);

    // Activity over time: the per-day counts add up to the event's activities.
    const activities = (await h.api('GET', `/attendees/activities?limit=200&filter=${encodeURIComponent(`event.id eq '${eventId}'`)}`)).json as { data: unknown[]; paging: { nextToken?: string } };
    const perDay = await chartTable('Activities per day');
    expect(perDay.length).toBeGreaterThan(0);
    if (!activities.paging.nextToken) expect(perDay.reduce((s, [, n]) => s + n, 0)).toBe(activities.data.length);
    expect(await scan()).toEqual([]);
    await h.shoot('45-engagement');
  }, 120_000);

  it('has no serious or critical axe violation on each of these pages (PAGES)', async () => {
    // This suite's pages; a11y.test.ts scans every page of PAGES.
    const people = new Set(['attendees', 'exhibitors', 'surveys', 'engagement']);
    for (const p of PAGES.filter((x) => people.has(x.name))) {
      await h.page.goto(`${h.t.baseUrl}${p.path.replace('{event}', eventId)}`);
      await h.page.getByRole('heading', { name: p.heading, exact: true }).waitFor();
      await h.page.waitForLoadState('networkidle');
      expect(await scan(), p.name).toEqual([]);
    }
  }, 180_000);
});
