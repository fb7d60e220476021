import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEvent, describeInChromium, startHarness, type Harness } from './harness.js';

// A planner's own work in the UI: events and sessions in the event's time zone,
// attendees (one by one and from a CSV file), webcasts deleted, secrets masked.
// Rate limiting stays off here: free-tier.test.ts runs the UI against the Free tier's limits.

interface Session { id: string; title: string; start: string; end: string; virtual: boolean }
interface Webcast { id: string; session?: { id: string }; title?: string; _links: Record<string, { href?: string; code?: string; key?: string } | undefined> }

describeInChromium('the planner pages: planning in Chromium', () => {
  let h: Harness;
  const ms = (iso: string) => Date.parse(iso);
  // Chromium's ICU puts a narrow no-break space before AM/PM.
  const plain = (s: string | null) => (s ?? '').replace(/[\u202f\u00a0]/g, ' ');

  const sessionNamed = async (title: string): Promise<Session> => {
    const res = await h.api('GET', `/sessions?filter=${encodeURIComponent(`title eq '${title}'`)}`);
    const found = (res.json as { data: Session[] }).data[0];
    if (!found) throw new Error(`no session ${title}`);
    return found;
  };

  beforeAll(async () => {
    // The browser is in Tokyo; the event happens in Los Angeles: what the planner sees and enters is Los Angeles time.
    h = await startHarness({ timezoneId: 'Asia/Tokyo' });
    await h.signIn(h.creds.planner.email, h.creds.planner.password);
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  });

  it('creates an event and a session in the event\'s time zone, and the API stores the right UTC instants across a DST change', async () => {
    const { page } = h;
    await page.goto(`${h.t.baseUrl}/#/events`);
    await page.getByRole('button', { name: 'New event' }).click();
    const form = page.getByRole('form', { name: 'New event' });
    await form.getByLabel('Event title').fill('Pacific Launch');
    await form.getByLabel('Time zone').selectOption('America/Los_Angeles');
    // US daylight saving time begins on Sunday 9 March 2031: the start is PST (UTC-8), the end PDT (UTC-7).
    await form.getByLabel('Starts').fill('2031-03-08T09:00');
    await form.getByLabel('Ends').fill('2031-03-10T17:00');
    await form.getByLabel('Planner email').fill('planner@demo.eventline.test');
    await h.shoot('20-new-event');
    await form.getByRole('button', { name: 'Create event' }).click();
    await page.getByRole('heading', { name: 'Pacific Launch' }).waitFor();
    const eventId = /#\/events\/([^/]+)/.exec(page.url())?.[1] ?? '';
    const stored = (await h.api('GET', `/events/${eventId}`)).json as { start: string; end: string; timezone: string };
    expect(stored.timezone).toBe('America/Los_Angeles');
    expect(ms(stored.start)).toBe(ms('2031-03-08T17:00:00Z'));
    expect(ms(stored.end)).toBe(ms('2031-03-11T00:00:00Z'));
    expect(plain(await page.locator('[data-field="event-when"]').textContent())).toContain('Mar 8, 2031, 9:00 AM PST – Mar 10, 2031, 5:00 PM PDT');

    await page.getByRole('button', { name: 'New session' }).click();
    const sessionForm = page.getByRole('form', { name: 'New session' });
    await sessionForm.getByLabel('Session title').fill('Morning keynote');
    await sessionForm.getByLabel('Session starts').fill('2031-03-10T10:00');
    await sessionForm.getByLabel('Session ends').fill('2031-03-10T11:30');
    await sessionForm.getByRole('button', { name: 'Add session' }).click();
    await page.getByText('“Morning keynote” was added.').waitFor();
    const keynote = await sessionNamed('Morning keynote');
    expect(ms(keynote.start)).toBe(ms('2031-03-10T17:00:00Z'));
    expect(ms(keynote.end)).toBe(ms('2031-03-10T18:30:00Z'));
    await page.getByRole('row', { name: /Morning keynote/ }).getByText(/Mar 10, 2031, 10:00\sAM PDT/).waitFor();

    // 02:30 on the morning of the change does not exist in Los Angeles: the form says so and sends nothing.
    await page.getByRole('button', { name: 'Edit Morning keynote' }).click();
    const edit = page.getByRole('form', { name: 'Edit session: Morning keynote' });
    expect(await edit.getByLabel('Session starts').inputValue()).toBe('2031-03-10T10:00');
    await edit.getByLabel('Session starts').fill('2031-03-09T02:30');
    await edit.getByRole('button', { name: 'Save session' }).click();
    await edit.getByText(/does not exist in America\/Los_Angeles/).waitFor();
    await edit.getByLabel('Session starts').fill('2031-03-09T08:00');
    await edit.getByLabel('Session ends').fill('2031-03-09T09:00');
    await edit.getByRole('button', { name: 'Save session' }).click();
    await page.getByText('“Morning keynote” was saved.').waitFor();
    const moved = await sessionNamed('Morning keynote');
    expect(ms(moved.start)).toBe(ms('2031-03-09T15:00:00Z'));
    expect(ms(moved.end)).toBe(ms('2031-03-09T16:00:00Z'));

    // The event's details: a new title and a later end, read back in the event's zone.
    await page.getByRole('button', { name: 'Edit event details' }).click();
    const details = page.getByRole('form', { name: 'Event details' });
    expect(await details.getByLabel('Starts').inputValue()).toBe('2031-03-08T09:00');
    await details.getByLabel('Event title').fill('Pacific Launch 2031');
    await details.getByLabel('Ends').fill('2031-03-10T18:00');
    await details.getByRole('button', { name: 'Save event details' }).click();
    await page.getByText('Event details saved.').waitFor();
    const updated = (await h.api('GET', `/events/${eventId}`)).json as { title: string; end: string };
    expect(updated.title).toBe('Pacific Launch 2031');
    expect(ms(updated.end)).toBe(ms('2031-03-11T01:00:00Z'));
    await h.shoot('21-event-in-zone');
  }, 120_000);

  it('adds and edits an attendee, and imports 50 from a CSV file: 48 added, the 2 bad rows reported with their line numbers', async () => {
    const { page } = h;
    const eventId = await createEvent(h.api, {
      title: 'Import Day', format: 'In-person', type: 'Meeting', timezone: 'Europe/Berlin', languages: ['en-US'],
      start: '2031-05-01T08:00:00Z', end: '2031-05-01T16:00:00Z', planners: [{ firstName: 'Demo', lastName: 'Planner', email: 'planner@demo.eventline.test' }],
    });
    await page.goto(`${h.t.baseUrl}/#/events/${eventId}/attendees`);
    await page.getByRole('heading', { name: 'Import Day' }).waitFor();

    const add = page.getByRole('form', { name: 'Add an attendee' });
    await add.getByLabel('First name').fill('Rosa');
    await add.getByLabel('Last name').fill('Lindqvist');
    await add.getByLabel('Email').fill('rosa.lindqvist@example.test');
    await add.getByRole('button', { name: 'Add attendee' }).click();
    await page.getByText('Rosa Lindqvist was added.').waitFor();
    await page.getByRole('button', { name: 'Edit Rosa Lindqvist' }).click();
    const edit = page.getByRole('form', { name: 'Edit attendee Rosa Lindqvist' });
    await edit.getByLabel('Last name').fill('Lindqvist-Berg');
    await edit.getByLabel('Status').selectOption('Accepted');
    await edit.getByRole('button', { name: 'Save attendee' }).click();
    await page.getByText('Rosa Lindqvist-Berg was saved.').waitFor();
    const rosa = ((await h.api('GET', `/attendees?filter=${encodeURIComponent(`event.id eq '${eventId}'`)}`)).json as { data: Array<{ status: string; contact: { lastName: string } }> }).data;
    expect(rosa).toHaveLength(1);
    expect(rosa[0]).toMatchObject({ status: 'Accepted', contact: { lastName: 'Lindqvist-Berg' } });

    // 50 rows; one title spans two lines (a quoted line break), so later rows sit one line lower than their index says.
    const lines = ['firstName,lastName,email,company,title'];
    const bad = new Map<number, string>();
    for (let i = 0; i < 50; i += 1) {
      const line = lines.join('\n').split('\n').length + 1;
      if (i === 10) {
        bad.set(line, 'missing email');
        lines.push(`Nomail,Person${i},,"Acme, Inc.",Guest`);
      } else if (i === 29) {
        bad.set(line, '“not-an-email” is not a valid email address');
        lines.push(`Bad,Address${i},not-an-email,Acme,Guest`);
      } else if (i === 3) {
        lines.push(`Multi,Line${i},multi${i}@import.example.test,"Acme, Inc.","Head of\nEvents"`);
      } else {
        lines.push(`Guest${i},Import${i},guest${i}@import.example.test,"Acme, Inc.",Guest`);
      }
    }
    expect([...bad.keys()]).toEqual([13, 32]);
    await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'attendees.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) });
    await page.getByRole('button', { name: 'Import attendees' }).click();
    await page.getByText('48 attendees added. 2 rows were not imported:').waitFor({ timeout: 30_000 });
    const reported = await page.getByRole('list', { name: 'Rows not imported' }).getByRole('listitem').allTextContents();
    expect(reported).toEqual([...bad].map(([line, reason]) => `Line ${line}: ${reason}`));
    expect(await page.locator('.import-result progress').evaluate((el) => [el.getAttribute('value'), el.getAttribute('max')])).toEqual(['50', '50']);
    expect(await page.getByText('Import finished: 50 of 50 rows processed').count()).toBe(1);

    const all = ((await h.api('GET', `/attendees?limit=200&filter=${encodeURIComponent(`event.id eq '${eventId}'`)}`)).json as { data: Array<{ contact: { email: string; title?: string } }> }).data;
    expect(all).toHaveLength(49);
    expect(all.filter((a) => a.contact.email.endsWith('@import.example.test'))).toHaveLength(48);
    expect(all.find((a) => a.contact.email === 'multi3@import.example.test')?.contact.title).toBe('Head of\nEvents');
    await page.getByRole('heading', { name: 'Attendees (49)' }).waitFor();
    await h.shoot('22-csv-import');
  }, 120_000);

  it('masks host keys, codes and start URLs until revealed, copies them, and never links a javascript: URL', async () => {
    const { page } = h;
    const breakout = await sessionNamed('Breakout: Compliance for Virtual Events');
    const created = await h.api('POST', '/webcasts', {
      session: { id: breakout.id }, title: 'Breakout (Zoom)', type: 'Meeting', format: 'Live', provider: 'Zoom',
      _links: {
        join: { href: 'https://zoom.example.test/j/777', code: 'JP-2468' },
        host: { href: 'https://zoom.example.test/s/777?zak=SECRETZAK123', code: '55443322', key: 'HK-98765' },
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBeLessThan(300);
    const webcastId = (created.json as { id: string }).id;
    // A join URL that is not a web address (stored before the API checked them, or by another tool):
    // the list answer is rewritten on its way to the page, the rest is the real server's.
    await page.route(/\/ea\/webcasts\?/, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: Webcast[] };
      for (const w of body.data) if (w.id === webcastId && w._links['join']) w._links['join'] = { ...w._links['join'], href: 'javascript:alert(1)' };
      await route.fulfill({ response: res, json: body });
    });
    const events = (await h.api('GET', `/events?filter=${encodeURIComponent("title eq 'eventline Demo Summit'")}`)).json as { data: Array<{ id: string }> };
    await page.goto(`${h.t.baseUrl}/#/events/${events.data[0]?.id ?? ''}/virtual`);
    const item = page.locator('li.vsession', { hasText: 'Breakout: Compliance for Virtual Events' });
    await item.locator('[data-field="host-key"]').waitFor();
    const html = await page.content();
    for (const secret of ['HK-98765', '55443322', 'JP-2468', 'SECRETZAK123']) expect(html).not.toContain(secret);
    expect(await item.locator('[data-field="host-url"]').textContent()).toContain('https://zoom.example.test/s/777?zak=••••••');

    await item.getByRole('button', { name: 'Reveal Host key' }).click();
    expect(await item.locator('[data-field="host-key"]').textContent()).toBe('HK-98765');
    await h.shoot('23-secret-revealed');
    await item.getByRole('button', { name: 'Hide Host key' }).click();
    expect(await item.locator('[data-field="host-key"]').textContent()).not.toContain('HK-98765');

    await item.getByRole('button', { name: 'Copy Host code' }).click();
    await item.getByText('Host code copied').waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe('55443322');
    expect(await item.locator('[data-field="host-code"]').textContent()).not.toContain('55443322');
    await item.getByRole('button', { name: 'Copy Host URL' }).click();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe('https://zoom.example.test/s/777?zak=SECRETZAK123');
    await item.getByRole('button', { name: 'Reveal Host URL' }).click();
    expect(await item.locator('[data-field="host-url"] a').getAttribute('href')).toBe('https://zoom.example.test/s/777?zak=SECRETZAK123');

    // The javascript: URL is shown as text, never as a link.
    expect(await item.locator('[data-field="join-url"]').textContent()).toBe('javascript:alert(1)');
    expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
    await page.unroute(/\/ea\/webcasts\?/);

    // The form masks what it edits and refuses a URL that is not a web address.
    await item.getByRole('button', { name: /Edit virtual details/ }).click();
    const editor = item.getByRole('form', { name: 'Virtual details of Breakout: Compliance for Virtual Events' });
    expect(await editor.getByLabel('Host key').getAttribute('type')).toBe('password');
    await editor.getByRole('button', { name: 'Show Host key' }).click();
    expect(await editor.getByLabel('Host key').getAttribute('type')).toBe('text');
    expect(await editor.getByLabel('Host key').inputValue()).toBe('HK-98765');
    await editor.getByLabel('Join URL').fill('javascript:alert(2)');
    await editor.getByLabel('Speaker URL').fill('data:text/html,hi');
    await editor.getByRole('button', { name: 'Save virtual details' }).click();
    await editor.getByText('Enter a web address starting with https:// (or http://)').first().waitFor();
    expect(await editor.getByText('Enter a web address starting with https:// (or http://)').count()).toBe(2);
    const after = (await h.api('GET', `/webcasts/${webcastId}`)).json as Webcast;
    expect(after._links['join']?.href).toBe('https://zoom.example.test/j/777');
    expect(after._links['speaker']).toBeUndefined();
    await editor.getByLabel('Join URL').fill('https://zoom.example.test/j/778');
    await editor.getByLabel('Speaker URL').fill('');
    await editor.getByRole('button', { name: 'Save virtual details' }).click();
    await page.getByText('Virtual details of “Breakout: Compliance for Virtual Events” saved.').waitFor();
    const saved = (await h.api('GET', `/webcasts/${webcastId}`)).json as Webcast;
    expect(saved._links['join']?.href).toBe('https://zoom.example.test/j/778');
    expect(saved._links['host']).toMatchObject({ href: 'https://zoom.example.test/s/777?zak=SECRETZAK123', code: '55443322', key: 'HK-98765' });
    await item.locator('[data-field="join-url"] a[href="https://zoom.example.test/j/778"]').waitFor();
  }, 120_000);

  it('deletes a webcast only after a confirmation', async () => {
    const { page } = h;
    const keynote = await sessionNamed('Opening Keynote: The Hybrid Future');
    const webcast = ((await h.api('GET', `/webcasts?filter=${encodeURIComponent(`session.id eq '${keynote.id}'`)}`)).json as { data: Webcast[] }).data[0];
    expect(webcast).toBeDefined();
    const events = (await h.api('GET', `/events?filter=${encodeURIComponent("title eq 'eventline Demo Summit'")}`)).json as { data: Array<{ id: string }> };
    await page.goto(`${h.t.baseUrl}/#/events/${events.data[0]?.id ?? ''}/virtual`);
    const item = page.locator('li.vsession', { hasText: 'Opening Keynote: The Hybrid Future' });
    await item.getByRole('button', { name: /Delete webcast/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this webcast?' });
    await dialog.waitFor();
    await h.shoot('24-delete-webcast');
    // Cancel keeps it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await h.api('GET', `/webcasts/${webcast?.id ?? ''}`)).status).toBe(200);

    await item.getByRole('button', { name: /Delete webcast/ }).click();
    await dialog.getByRole('button', { name: 'Delete webcast' }).click();
    await page.getByText('The webcast of “Opening Keynote: The Hybrid Future” was deleted.', { exact: false }).waitFor();
    expect((await h.api('GET', `/webcasts/${webcast?.id ?? ''}`)).status).toBe(404);
    // The keynote was marked virtual by the planner, so it stays virtual until unmarked: the way out is now offered.
    await item.getByRole('button', { name: /Unmark virtual/ }).click();
    await page.getByText('“Opening Keynote: The Hybrid Future” is no longer virtual.').waitFor();
    expect((await sessionNamed('Opening Keynote: The Hybrid Future')).virtual).toBe(false);
  }, 60_000);

  it('signs in a planner-role user, also at the other loopback address than the server\'s public one', async () => {
    const { page } = h;
    const password = 'planner password 2031';
    await h.t.services.accounts.createUser({ accountId: h.creds.accountId, email: 'pat.planner@demo.eventline.test', name: 'Pat Planner', role: 'planner', password });
    // The server's public URL is http://127.0.0.1:<port>; people also type localhost.
    const localhost = h.t.baseUrl.replace('127.0.0.1', 'localhost');
    await h.signIn('pat.planner@demo.eventline.test', password, localhost);
    expect(new URL(page.url()).hostname).toBe('localhost');
    await page.getByRole('link', { name: 'eventline Demo Summit' }).waitFor();

    // A redirect the server does not know gets a page a person can act on, with a way back.
    await page.goto(`${h.t.baseUrl}/ea/oauth2/authorize?response_type=code&client_id=eventline-web&redirect_uri=${encodeURIComponent('https://elsewhere.example/')}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`);
    await page.getByRole('heading', { name: 'We could not sign you in' }).waitFor();
    await page.getByRole('link', { name: 'Go back to eventline' }).click();
    await page.getByRole('heading', { name: 'Events', exact: true }).or(page.getByRole('heading', { name: 'Welcome to eventline' })).waitFor();
  }, 60_000);

  it('has a favicon, a way back from a page that does not exist, and says "not enabled" once on the account page', async () => {
    const { page } = h;
    await h.signIn(h.creds.planner.email, h.creds.planner.password);
    const missing: string[] = [];
    const on404 = (res: { status: () => number; url: () => string }) => {
      if (res.status() === 404) missing.push(res.url());
    };
    page.on('response', on404);
    await page.goto(`${h.t.baseUrl}/#/events`);
    await page.getByRole('heading', { name: 'Events', exact: true }).waitFor();
    const icon = await page.evaluate<string | null>(`document.querySelector('link[rel="icon"]')?.getAttribute('href') ?? null`);
    expect(icon).toBe('/favicon.svg');
    const res = await fetch(`${h.t.baseUrl}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);

    await page.goto(`${h.t.baseUrl}/#/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await h.shoot('25-not-found');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.getByRole('heading', { name: 'Events', exact: true }).waitFor();

    await page.goto(`${h.t.baseUrl}/#/account`);
    await page.getByRole('heading', { name: /^Tier:/ }).waitFor();
    const text = await page.locator('main').textContent();
    expect(text?.match(/not enabled/g)).toHaveLength(1);
    page.off('response', on404);
    expect(missing).toEqual([]);
  }, 60_000);
});
