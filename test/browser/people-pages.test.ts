import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { pdf, png } from '../helpers/files.js';
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

  it('uploads an exhibitor\'s logo and adds booth staff found by name, as the API then has them', async () => {
    const { page } = h;
    const listed = (await h.api('GET', `/events/${eventId}/exhibitors`)).json as { data: Array<{ id: string; name: string; deleted?: boolean }> };
    const exhibitor = listed.data.filter((x) => !x.deleted).sort((a, b) => a.name.localeCompare(b.name))[0];
    expect(exhibitor).toBeDefined();
    const xid = exhibitor?.id ?? '';
    const xname = exhibitor?.name ?? '';
    const staffPath = `/events/${eventId}/exhibitors/${xid}/booth-staff`;
    const staffBefore = ((await h.api('GET', staffPath)).json as { data: Array<{ attendee: { id: string } }> }).data.map((s) => s.attendee.id);
    const attendees = (await h.api('GET', `/attendees?limit=100&filter=${encodeURIComponent(`event.id eq '${eventId}'`)}`)).json as { data: Array<{ id: string; contact: { firstName?: string; lastName?: string } }> };
    const person = attendees.data.find((a) => a.contact.firstName && a.contact.lastName && !/\s/.test(a.contact.firstName) && !staffBefore.includes(a.id));
    expect(person).toBeDefined();
    const personName = `${person?.contact.firstName ?? ''} ${person?.contact.lastName ?? ''}`;

    await page.goto(`${h.t.baseUrl}/#/events/${eventId}/exhibitors/${xid}`);
    await page.getByRole('heading', { name: xname, exact: true }).waitFor();

    // The logo: the form takes focus, Escape closes it; a file that is not an image is refused in words.
    const logoButton = page.getByRole('button', { name: /^(Upload a logo|Replace the logo)$/ });
    await logoButton.click();
    const logoInput = page.getByLabel('Logo image');
    await expect.poll(() => page.evaluate('document.activeElement && document.activeElement.id')).toBe(await logoInput.getAttribute('id'));
    await page.keyboard.press('Escape');
    await expect.poll(() => logoInput.count()).toBe(0);
    await logoButton.click();
    await logoInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await page.getByRole('form', { name: /^(Upload a logo|Replace the logo)$/ }).getByRole('button', { name: /^(Upload a logo|Replace the logo)$/ }).click();
    await page.getByText('“notes.txt” is not a JPEG, PNG or GIF image. Choose one of those.').waitFor();
    const image = png(48, 32);
    await logoInput.setInputFiles({ name: 'acme-logo.png', mimeType: 'image/png', buffer: image });
    await page.getByRole('form', { name: /^(Upload a logo|Replace the logo)$/ }).getByRole('button', { name: /^(Upload a logo|Replace the logo)$/ }).click();
    await page.getByText(new RegExp(`^The logo of ${xname} was (uploaded|replaced)\\.$`)).waitFor();
    const after = (await h.api('GET', `/events/${eventId}/exhibitors/${xid}`)).json as { profileLogoId?: string; profileLogoUrl?: string };
    expect(after.profileLogoId).toBeTruthy();
    const logo = (await h.api('GET', `/files/${after.profileLogoId ?? ''}`)).json as { friendlyName?: string; fileSize?: number };
    expect(logo.friendlyName).toBe('acme-logo.png');
    expect(logo.fileSize).toBe(image.length);
    await page.getByRole('img', { name: `${xname} logo` }).waitFor();
    await page.getByRole('button', { name: 'Replace the logo' }).waitFor();

    // Booth staff: found by name (an empty search says what to type), added, and listed by the API.
    await page.getByRole('button', { name: 'Add booth staff' }).click();
    const search = page.getByLabel('Search attendees by name');
    await expect.poll(() => page.evaluate('document.activeElement && document.activeElement.id')).toBe(await search.getAttribute('id'));
    const staffForm = page.getByRole('form', { name: 'Add booth staff' });
    await staffForm.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Enter the start of a first name, last name or email to search.').waitFor();
    await search.fill(personName);
    await staffForm.getByRole('button', { name: 'Search' }).click();
    await staffForm.getByRole('button', { name: `Add ${personName} to the booth staff` }).click();
    await page.getByText(`${personName} was added to the booth staff of ${xname}.`).waitFor();
    const staffAfter = ((await h.api('GET', staffPath)).json as { data: Array<{ id: string; attendee: { id: string } }> }).data;
    expect(staffAfter.map((s) => s.attendee.id).sort()).toEqual([...staffBefore, person?.id ?? ''].sort());
    await page.getByRole('heading', { name: `Booth staff (${staffAfter.length})` }).waitFor();
    expect(await staffForm.count()).toBe(0);

    // A document, added to the exhibitor's files under a display name, as the API then lists it.
    const filesPath = `/events/${eventId}/exhibitors/${xid}/files`;
    const filesBefore = ((await h.api('GET', filesPath)).json as { data: unknown[] }).data.length;
    await page.getByRole('button', { name: 'Add a file' }).click();
    const fileForm = page.getByRole('form', { name: 'Add a file' });
    await fileForm.getByRole('button', { name: 'Add file' }).click();
    await page.getByText('Choose a file to add.').waitFor();
    await fileForm.getByLabel('File', { exact: true }).setInputFiles({ name: 'price-list.pdf', mimeType: 'application/pdf', buffer: pdf() });
    await fileForm.getByLabel('Display name').fill('Price list 2026');
    await fileForm.getByRole('button', { name: 'Add file' }).click();
    await page.getByText(`“Price list 2026” was added to the files of ${xname}.`).waitFor();
    const files = ((await h.api('GET', filesPath)).json as { data: Array<{ displayName: string; hidden: boolean }> }).data;
    expect(files).toHaveLength(filesBefore + 1);
    expect(files.find((f) => f.displayName === 'Price list 2026')?.hidden).toBe(false);
    await page.getByRole('heading', { name: `Files (${files.length})` }).waitFor();
    expect(await scan()).toEqual([]);
    await h.shoot('43b-exhibitor-edit');

    // And removed again: the API no longer lists them.
    await page.getByRole('button', { name: `Remove ${personName} from the booth staff` }).click();
    await page.getByText(`${personName} was removed from the booth staff of ${xname}. They stay registered.`).waitFor();
    const staffEnd = ((await h.api('GET', staffPath)).json as { data: Array<{ attendee: { id: string } }> }).data.map((s) => s.attendee.id);
    expect(staffEnd.sort()).toEqual([...staffBefore].sort());
  }, 180_000);

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
