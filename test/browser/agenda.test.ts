// Issue 34 in Chromium: the agenda with speakers by room, cancelling a session, a time zone change that keeps
// every session's clock time, a session outside the event's dates, and a sign-in shared by tabs and renewed with
// its refresh token.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pdf, png } from '../helpers/files.js';
import { createEvent, describeInChromium, startHarness, type Harness } from './harness.js';

interface SessionRow { id: string; title: string; start: string; end: string; status: string; location?: { id?: string } }

describeInChromium('the agenda, speakers and event administration', () => {
  let h: Harness;
  let eventId = '';
  const sessionIds: Record<string, string> = {};

  const session = async (id: string): Promise<SessionRow> => (await h.api('GET', `/sessions/${id}`)).json as SessionRow;

  beforeAll(async () => {
    h = await startHarness({ timezoneId: 'Europe/Berlin' });
    // 10–11 June 2031 in Berlin (CEST, UTC+2): a 9:30 keynote and an 11:00 workshop on the first day.
    eventId = await createEvent(h.api, {
      title: 'Agenda Day', format: 'In-person', type: 'TradeShow', timezone: 'Europe/Berlin', languages: ['en-US'],
      start: '2031-06-10T07:00:00Z', end: '2031-06-11T16:00:00Z', planners: [{ firstName: 'Demo', lastName: 'Planner', email: 'planner@demo.eventline.test' }],
    });
    for (const [title, start, end] of [['Keynote', '2031-06-10T07:30:00Z', '2031-06-10T08:30:00Z'], ['Workshop', '2031-06-10T09:00:00Z', '2031-06-10T10:00:00Z']] as const) {
      const res = await h.api('POST', '/sessions', { event: { id: eventId }, title, start, end, includedSession: true });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      sessionIds[title] = (res.json as { id: string }).id;
    }
    await h.signIn(h.creds.planner.email, h.creds.planner.password);
  }, 180_000);

  afterAll(async () => {
    await h?.close();
  });

  it('builds an agenda with two speakers (photo and document included) and shows it by room', async () => {
    const { page } = h;
    await page.goto(`${h.origin}/#/events/${eventId}/agenda`);
    await page.getByRole('heading', { name: 'Agenda: Agenda Day' }).waitFor();
    // The event's type reads as words, its zone by the abbreviation people use.
    await page.getByText(/9:00\s?AM CEST/).first().waitFor();

    for (const room of ['Hall A', 'Hall B']) {
      const form = page.getByRole('form', { name: 'New room' });
      await form.getByLabel('Room name').fill(room);
      await form.getByRole('button', { name: 'Add room' }).click();
      await page.getByText(`Room “${room}” was added.`).waitFor();
    }

    await page.getByRole('link', { name: 'Speakers', exact: true }).click();
    await page.getByRole('heading', { name: 'Speakers: Agenda Day' }).waitFor();
    const speakers = [
      { first: 'Ada', last: 'Lovelace', company: 'Analytical Engines', photo: true },
      { first: 'Grace', last: 'Hopper', company: 'Compilers Inc.', photo: false },
    ];
    for (const s of speakers) {
      await page.getByRole('button', { name: 'New speaker' }).click();
      const form = page.getByRole('form', { name: 'New speaker' });
      // Opening the form moves focus into it.
      await expect.poll(() => page.evaluate('document.activeElement && document.activeElement.getAttribute("name")')).toBe('firstName');
      await form.getByLabel('First name').fill(s.first);
      await form.getByLabel('Last name').fill(s.last);
      await form.getByLabel('Company').fill(s.company);
      if (s.photo) {
        await form.getByLabel('Photo').setInputFiles({ name: 'ada.png', mimeType: 'image/png', buffer: png(32, 32) });
        await form.getByLabel('Documents').setInputFiles({ name: 'slides.pdf', mimeType: 'application/pdf', buffer: pdf() });
      }
      await form.getByRole('button', { name: 'Add speaker' }).click();
      await page.getByText(`${s.first} ${s.last} was added.`).waitFor();
    }
    await page.getByRole('img', { name: 'Photo of Ada Lovelace' }).waitFor();
    await page.getByRole('link', { name: 'slides.pdf' }).waitFor();
    // Escape closes a form.
    await page.getByRole('button', { name: 'New speaker' }).click();
    await page.getByRole('form', { name: 'New speaker' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('form', { name: 'New speaker' }).waitFor({ state: 'detached' });
    await h.shoot('speakers-two');

    await page.getByRole('link', { name: 'Agenda', exact: true }).click();
    await page.getByRole('heading', { name: 'Agenda: Agenda Day' }).waitFor();
    const assign = async (title: string, room: string, speaker: string) => {
      await page.getByRole('button', { name: `Room, category and speakers of ${title}` }).click();
      const form = page.getByRole('form', { name: `Program of ${title}` });
      await form.getByLabel('Room').selectOption({ label: room });
      await form.getByLabel('Add a speaker').selectOption({ label: speaker });
      await form.getByRole('button', { name: 'Save program' }).click();
      await page.getByText(`“${title}” was saved.`).waitFor();
    };
    await assign('Keynote', 'Hall A', 'Ada Lovelace');
    await assign('Workshop', 'Hall B', 'Grace Hopper');
    // Two speakers on the keynote.
    await page.getByRole('button', { name: 'Room, category and speakers of Keynote' }).click();
    const keynoteForm = page.getByRole('form', { name: 'Program of Keynote' });
    await keynoteForm.getByLabel('Add a speaker').selectOption({ label: 'Grace Hopper' });
    await keynoteForm.getByRole('button', { name: 'Save program' }).click();
    await page.getByText('“Keynote” was saved.').waitFor();

    await page.getByLabel('By room').check();
    const hallA = page.getByRole('region', { name: 'Hall A' });
    const hallB = page.getByRole('region', { name: 'Hall B' });
    await hallA.getByText('Keynote', { exact: true }).waitFor();
    await expect.poll(() => hallA.locator('[data-field="speakers"]').textContent()).toBe('Speakers: Ada Lovelace, Grace Hopper');
    await expect.poll(() => hallA.locator('.agenda-time').first().textContent()).toBe('09:30–10:30');
    await hallB.getByText('Workshop', { exact: true }).waitFor();
    await expect.poll(() => hallB.locator('[data-field="speakers"]').textContent()).toBe('Speakers: Grace Hopper');
    expect(await hallA.getByText('Workshop', { exact: true }).count()).toBe(0);
    await h.shoot('agenda-by-room');

    // What the page shows is what the API holds.
    const keynoteSpeakers = (await h.api('GET', `/sessions/${sessionIds['Keynote']}/speakers`)).json as { data: Array<{ id: string }> };
    expect(keynoteSpeakers.data).toHaveLength(2);
    const rooms = (await h.api('GET', `/events/${eventId}/session-locations`)).json as { data: Array<{ id: string; name: string }> };
    expect((await session(sessionIds['Workshop'] ?? '')).location?.id).toBe(rooms.data.find((r) => r.name === 'Hall B')?.id);
    const ada = ((await h.api('GET', `/speakers?filter=${encodeURIComponent("lastName eq 'Lovelace'")}`)).json as { data: Array<{ id: string; links: { profilePicture?: { href: string } } }> }).data[0];
    expect(ada?.links.profilePicture?.href).toBeTruthy();
    const docs = (await h.api('GET', `/speakers/${ada?.id ?? ''}/docs`)).json as { data: Array<{ friendlyName?: string }> };
    expect(docs.data.map((d) => d.friendlyName)).toEqual(['slides.pdf']);

    // The print view leaves the controls out.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print the agenda' }).isVisible()).toBe(false);
    await hallA.getByText('Keynote', { exact: true }).waitFor();
    await page.emulateMedia({ media: 'screen' });
  }, 240_000);

  it('warns about a session outside the event\'s dates and saves it only when confirmed', async () => {
    const { page } = h;
    await page.goto(`${h.origin}/#/events/${eventId}`);
    await page.getByRole('heading', { name: 'Agenda Day' }).waitFor();
    await page.getByRole('button', { name: 'New session' }).click();
    const form = page.getByRole('form', { name: 'New session' });
    await form.getByLabel('Session title').fill('Warm-up the day before');
    await form.getByLabel('Session starts').fill('2031-06-09T18:00');
    await form.getByLabel('Session ends').fill('2031-06-09T19:00');
    await form.getByRole('button', { name: 'Add session' }).click();
    await form.getByText(/This session is outside the event's dates/).waitFor();
    const before = (await h.api('GET', `/sessions?filter=${encodeURIComponent(`event.id eq '${eventId}'`)}`)).json as { data: unknown[] };
    expect(before.data).toHaveLength(2);
    await form.getByRole('button', { name: 'Add session anyway' }).click();
    await page.getByText('“Warm-up the day before” was added.').waitFor();
    const after = (await h.api('GET', `/sessions?filter=${encodeURIComponent(`event.id eq '${eventId}'`)}`)).json as { data: SessionRow[] };
    expect(Date.parse(after.data.find((s) => s.title === 'Warm-up the day before')?.start ?? '')).toBe(Date.parse('2031-06-09T16:00:00Z'));
  }, 120_000);

  it('cancels a session after a confirmation that says what it keeps', async () => {
    const { page } = h;
    await page.goto(`${h.origin}/#/events/${eventId}`);
    await page.getByRole('heading', { name: 'Agenda Day' }).waitFor();
    await page.getByRole('button', { name: 'Cancel session Workshop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel “Workshop”?' });
    await dialog.getByText(/marked Cancelled, with its enrollments, attendance and speakers kept/).waitFor();
    await h.shoot('session-cancel');
    await dialog.getByRole('button', { name: 'Cancel the session' }).click();
    await page.getByText('“Workshop” was cancelled.').waitFor();
    expect((await session(sessionIds['Workshop'] ?? '')).status).toBe('Cancelled');
    const row = page.getByRole('row', { name: /Workshop/ });
    await row.getByText('Cancelled').waitFor();
  }, 120_000);

  it('keeps a 9:30 session at 9:30 when the event moves from Berlin to New York, after showing the effect', async () => {
    const { page } = h;
    await page.goto(`${h.origin}/#/events/${eventId}`);
    await page.getByRole('heading', { name: 'Agenda Day' }).waitFor();
    await page.getByRole('button', { name: 'Edit event details' }).click();
    await page.getByLabel('Time zone').selectOption('America/New_York');
    await page.getByRole('button', { name: 'Save event details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move the event to America/New_York?' });
    const keynote = dialog.getByRole('row', { name: /Keynote/ });
    await expect.poll(() => keynote.locator('[data-field="after"]').textContent()).toMatch(/9:30\s?AM EDT$/);
    await h.shoot('timezone-change');
    // Nothing is saved before the confirmation.
    expect(Date.parse((await session(sessionIds['Keynote'] ?? '')).start)).toBe(Date.parse('2031-06-10T07:30:00Z'));
    await dialog.getByRole('button', { name: 'Change the time zone' }).click();
    await page.getByText('Event details saved.').waitFor();
    expect(Date.parse((await session(sessionIds['Keynote'] ?? '')).start)).toBe(Date.parse('2031-06-10T13:30:00Z'));
    expect(Date.parse((await session(sessionIds['Workshop'] ?? '')).start)).toBe(Date.parse('2031-06-10T15:00:00Z'));
    const event = (await h.api('GET', `/events/${eventId}`)).json as { timezone: string; start: string };
    expect(event.timezone).toBe('America/New_York');
    expect(Date.parse(event.start)).toBe(Date.parse('2031-06-10T13:00:00Z'));
    await page.getByRole('row', { name: /Keynote/ }).getByText(/9:30\s?AM EDT/).waitFor();
  }, 120_000);

  it('keeps a second tab signed in, renews an expired access token with the refresh token, and signs both tabs out together', async () => {
    const { page, context } = h;
    await page.goto(`${h.origin}/#/events`);
    await page.getByRole('heading', { name: 'Events', exact: true }).waitFor();
    const second = await context.newPage();
    try {
      await second.goto(`${h.origin}/#/events/${eventId}`);
      await second.getByRole('heading', { name: 'Agenda Day' }).waitFor();
      expect(await second.getByRole('button', { name: 'Sign in as a planner' }).count()).toBe(0);

      // The access token expires (its stored expiry is put in the past): the next page renews it without a sign-in.
      const stored = JSON.parse(String(await page.evaluate('localStorage.getItem("eventline.token")'))) as { accessToken: string; refreshToken: string; expiresAt: number };
      expect(stored.refreshToken).toBeTruthy();
      await page.evaluate(`localStorage.setItem('eventline.token', JSON.stringify({ ...JSON.parse(localStorage.getItem('eventline.token')), expiresAt: Date.now() - 1000 }))`);
      await page.reload();
      await page.getByRole('heading', { name: 'Events', exact: true }).waitFor();
      await page.getByRole('link', { name: 'Agenda Day' }).waitFor();
      const renewed = JSON.parse(String(await page.evaluate('localStorage.getItem("eventline.token")'))) as { accessToken: string; refreshToken: string; expiresAt: number };
      expect(renewed.accessToken).not.toBe(stored.accessToken);
      expect(renewed.refreshToken).not.toBe(stored.refreshToken);
      expect(renewed.expiresAt).toBeGreaterThan(Date.now());
      // The rotated refresh token was spent: presenting it again is refused (and revokes the family).
      const reused = await fetch(`${h.t.baseUrl}/ea/oauth2/token`, {
        method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'eventline-web', refresh_token: stored.refreshToken }),
      });
      expect(reused.status).toBe(400);

      // Signing out in one tab signs the other out too.
      await h.signIn(h.creds.planner.email, h.creds.planner.password);
      await second.goto(`${h.origin}/#/events`);
      await second.getByRole('heading', { name: 'Events', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await second.getByRole('button', { name: 'Sign in as a planner' }).waitFor();
    } finally {
      await second.close();
    }
  }, 180_000);

  it('copies the event with its sessions and speakers, then cancels the original after its title is typed', async () => {
    const { page } = h;
    await h.signIn(h.creds.planner.email, h.creds.planner.password);
    await page.goto(`${h.origin}/#/events/${eventId}/admin`);
    await page.getByRole('heading', { name: 'Administration: Agenda Day' }).waitFor();
    await page.getByRole('button', { name: 'Copy event…' }).click();
    const copy = page.getByRole('dialog', { name: 'Copy “Agenda Day”?' });
    await copy.getByLabel('Travel').uncheck();
    await copy.getByRole('button', { name: 'Copy the event' }).click();
    await page.getByRole('heading', { level: 1, name: 'Copy of Agenda Day' }).waitFor({ timeout: 60_000 });
    const copyId = /#\/events\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
    expect(copyId).not.toBe(eventId);
    const copied = (await h.api('GET', `/sessions?filter=${encodeURIComponent(`event.id eq '${copyId}'`)}`)).json as { data: Array<{ title: string }> };
    expect(copied.data.map((x) => x.title).sort()).toEqual(['Keynote', 'Warm-up the day before', 'Workshop']);
    const copiedSpeakers = (await h.api('GET', `/speakers?filter=${encodeURIComponent(`event.id eq '${copyId}'`)}`)).json as { data: unknown[] };
    expect(copiedSpeakers.data).toHaveLength(2);

    await page.goto(`${h.origin}/#/events/${eventId}/admin`);
    await page.getByRole('heading', { name: 'Administration: Agenda Day' }).waitFor();
    await page.getByRole('button', { name: 'Cancel event…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel “Agenda Day”?' });
    expect(await dialog.getByRole('button', { name: 'Cancel the event' }).isDisabled()).toBe(true);
    await dialog.getByLabel(/to confirm/).fill('Agenda Day');
    await h.shoot('event-cancel');
    await dialog.getByRole('button', { name: 'Cancel the event' }).click();
    await page.getByText('“Agenda Day” is cancelled.').waitFor();
    expect(((await h.api('GET', `/events/${eventId}`)).json as { eventStatus: string }).eventStatus).toBe('Cancelled');
    const sessions = (await h.api('GET', `/sessions?filter=${encodeURIComponent(`event.id eq '${eventId}'`)}`)).json as { data: unknown[] };
    expect(sessions.data).toHaveLength(3);
  }, 120_000);

    it('says an event link that names no event does not exist', async () => {
    const { page } = h;
    await h.signIn(h.creds.planner.email, h.creds.planner.password);
    await page.goto(`${h.origin}/#/events/nonexistent-id`);
    await page.getByRole('heading', { name: 'Event not found' }).waitFor();
    await page.getByText(/This event does not exist/).waitFor();
    expect(await page.getByText(/uuid|No operation/).count()).toBe(0);
    await page.goto(`${h.origin}/#/events/00000000-0000-4000-8000-000000000000/agenda`);
    await page.getByText(/This event does not exist/).waitFor();
  }, 60_000);
});
