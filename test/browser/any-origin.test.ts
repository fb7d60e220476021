// Issue 34: the planner signs in on a plain-HTTP address other than localhost (a LAN name), where the browser
// withholds crypto.subtle, and /docs renders there (its policy upgrades to https only for an https public URL).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInChromium, PLAIN_HTTP_HOST, startHarness, type Harness } from './harness.js';

describeInChromium('a plain-HTTP origin other than localhost', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ publicHost: PLAIN_HTTP_HOST });
  }, 180_000);

  afterAll(async () => {
    await h?.close();
  });

  it('signs a planner in with PKCE computed in JavaScript, since the page is not a secure context', async () => {
    const { page } = h;
    expect(h.origin).toMatch(new RegExp(`^http://${PLAIN_HTTP_HOST.replace('.', '\\.')}:\\d+$`));
    await page.goto(`${h.origin}/`);
    await page.getByRole('heading', { name: 'Welcome to eventline' }).waitFor();
    // What the browser gives this page: no secure context, so no crypto.subtle.
    expect(await page.evaluate('window.isSecureContext')).toBe(false);
    expect(await page.evaluate('typeof crypto.subtle')).toBe('undefined');
    await h.signIn(h.creds.planner.email, h.creds.planner.password);
    expect(new URL(page.url()).hostname).toBe(PLAIN_HTTP_HOST);
    await page.getByRole('link', { name: 'eventline Demo Summit' }).waitFor();
  }, 120_000);

  it('renders /docs without upgrading its assets to https', async () => {
    const { page } = h;
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(r.url()));
    // The docs' script bundle is large: wait for the document, then for Swagger UI to draw.
    const res = await page.goto(`${h.origin}/docs`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    expect(res?.status()).toBe(200);
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    await page.locator('.swagger-ui .info .title').first().waitFor({ timeout: 90_000 });
    expect(failed.filter((u) => u.startsWith('https:'))).toEqual([]);
  }, 180_000);
});
