// Issue 34: /docs keeps upgrade-insecure-requests only where the public URL is https; on a plain-HTTP address
// (a LAN name) it would rewrite every asset to https and leave a blank page.
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const docsPolicy = async (publicUrl: string): Promise<string> => {
  t = await startTestApp({ config: { publicUrl } });
  const res = await t.app.inject({ method: 'GET', url: '/docs' });
  expect(res.statusCode).toBe(200);
  return String(res.headers['content-security-policy']);
};

describe('the /docs security policy', () => {
  it('upgrades insecure requests when the public URL is https', async () => {
    expect(await docsPolicy('https://events.example.test')).toContain('upgrade-insecure-requests');
  }, 60_000);

  it('does not upgrade them on a plain-HTTP public URL, and keeps the rest of the policy', async () => {
    const csp = await docsPolicy('http://planner.lan:3000');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
  }, 60_000);
});
