import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInChromium, startHarness, type Harness } from './harness.js';

// Issue 35: the developer portal's webhook page. A developer creates an endpoint for the demo application (the signing
// secret is shown once), rotates its secret (the overlap is shown), and opens its delivery log. Screenshots:
// test-artifacts/browser/7x-*.png.
describeInChromium('the developer portal: webhook endpoints', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  }, 240_000);
  afterAll(async () => h?.close());

  it('creates an endpoint with its secret shown once, rotates it and shows its deliveries', async () => {
    const { page, t, creds, shoot } = h;
    await page.goto(`${t.baseUrl}/#/portal`);
    await page.getByRole('heading', { name: 'Developer portal sign-in' }).waitFor();
    await page.getByLabel('Email').fill(creds.developer.email);
    await page.getByLabel('Password').fill(creds.developer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const section = page.getByRole('region', { name: 'Webhooks' });
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await section.getByText('No endpoints yet.').waitFor();

    const form = page.getByRole('form', { name: 'New endpoint' });
    await form.getByRole('button', { name: 'Create endpoint' }).click();
    await form.getByText('Enter the URL events are sent to').waitFor();
    await form.getByText('Choose at least one event type').waitFor();
    await form.getByLabel('URL (https)').fill('https://hooks.example.test/eventline');
    await form.getByRole('checkbox', { name: 'attendee.checked_in' }).check();
    await form.getByRole('button', { name: 'Create endpoint' }).click();
    const secret = page.getByRole('region', { name: 'Signing secret of the new endpoint' });
    await secret.waitFor();
    await secret.getByRole('button', { name: 'Reveal secret' }).click();
    expect(await secret.locator('[data-field="webhook-secret"]').textContent()).toMatch(/^whsec_/);
    await shoot('70-portal-webhook-secret');
    await secret.getByRole('button', { name: 'I have stored it' }).click();
    await section.getByRole('cell', { name: 'attendee.checked_in' }).waitFor();

    await section.getByRole('button', { name: /Rotate secret of https:\/\/hooks\.example\.test/ }).click();
    await page.getByRole('region', { name: /New signing secret for/ }).waitFor();
    await section.getByText(/previous secret signs until/).waitFor();

    await section.getByRole('button', { name: /Deliveries of https:\/\/hooks\.example\.test/ }).click();
    await page.getByText('No deliveries yet.').waitFor();
    await shoot('71-portal-webhook-deliveries');
  }, 120_000);
});
