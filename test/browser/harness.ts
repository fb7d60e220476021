// What the browser suites share: the UI built from the current sources, the real
// app listening on loopback with the demo account, one Chromium per file, and
// the rule that a missing Chromium fails the suite under CI instead of skipping it.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { AuthContext } from '../../src/actor.js';
import { ALL_SCOPES } from '../../src/modules/oauth/index.js';
import { seedDemo, type DemoCredentials } from '../../src/demo/seed.js';
import { startListeningTestApp, type ListeningTestApp } from '../helpers/http.js';
import { serviceRequired } from '../helpers/services.js';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
/** A host name the browsers of the harness resolve to 127.0.0.1. */
export const PLAIN_HTTP_HOST = 'planner.test';
/** When set (npm run docs:screenshots), `shoot` also writes <dir>/<name>.png at 1280 px for docs/ui.md. */
const SCREENSHOTS_DIR = process.env['UI_SCREENSHOTS_DIR'] ? resolve(root, process.env['UI_SCREENSHOTS_DIR']) : undefined;
export const ARTIFACTS = join(root, 'test-artifacts', 'browser');
const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
  // A plain-HTTP name other than localhost (a LAN name) for the same server: the pages are not a secure context there.
  `--host-resolver-rules=MAP ${PLAIN_HTTP_HOST} 127.0.0.1`,
];
export const WIDE = { width: 1280, height: 900 };
export const NARROW = { width: 390, height: 844 };

/**
 * Builds the UI from the current sources into `outDir`, so a test never serves a stale build.
 * As `npm start` builds it: for production (vitest sets NODE_ENV=test, which would give
 * React's development build, whose StrictMode runs every effect twice).
 */
export async function buildWeb(outDir: string): Promise<void> {
  const { build } = await import('vite');
  const nodeEnv = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = 'production';
  try {
    await build({ root: join(root, 'web'), configFile: join(root, 'web', 'vite.config.ts'), logLevel: 'error', mode: 'production', build: { outDir, emptyOutDir: true } });
  } finally {
    process.env['NODE_ENV'] = nodeEnv;
  }
}

export interface Harness {
  t: ListeningTestApp;
  creds: DemoCredentials;
  context: BrowserContext;
  page: Page;
  /** A call of the API with the demo application's token (it counts against the account's rate limit). */
  api: (method: string, path: string, body?: unknown) => Promise<{ status: number; json: unknown; headers: Headers }>;
  /** Signs in on the planner pages through the real authorization page. */
  signIn: (email: string, password: string, origin?: string) => Promise<void>;
  /** A screenshot at 1280 and 390 px, checking that nothing but a table scrolls sideways on a phone. */
  shoot: (name: string) => Promise<void>;
  /** The URL the browser opens the app at: the public URL (http://planner.test:<port> with `publicHost`). */
  origin: string;
  close: () => Promise<void>;
}

export async function startHarness(opts: { env?: Record<string, string>; timezoneId?: string; publicHost?: string } = {}): Promise<Harness> {
  const scratch = mkdtempSync(join(tmpdir(), 'eventline-browser-'));
  mkdirSync(ARTIFACTS, { recursive: true });
  await buildWeb(join(scratch, 'web'));
  const t = await startListeningTestApp({ env: { DATA_DIR: join(scratch, 'data'), WEB_DIR: join(scratch, 'web'), ...opts.env }, ...(opts.publicHost ? { publicHost: opts.publicHost } : {}) });
  const origin = t.config.publicUrl;
  const seeded = await seedDemo(t.services, t.config);
  if (!seeded.credentials) throw new Error('the demo account was not seeded');
  const creds = seeded.credentials;
  let apiToken = '';
  const tokenRes = await fetch(`${t.baseUrl}/ea/oauth2/token`, {
    method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  apiToken = ((await tokenRes.json()) as { access_token: string }).access_token;
  const context = await chromium.launchPersistentContext(join(scratch, 'profile'), {
    executablePath: CHROMIUM, args: ARGS, headless: true, viewport: WIDE, locale: 'en-US', ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.baseUrl });
  const page = context.pages()[0] ?? await context.newPage();
  page.setDefaultTimeout(15_000);

  const api: Harness['api'] = async (method, path, body) => {
    const res = await fetch(`${t.baseUrl}/ea${path}`, {
      method, headers: { authorization: `Bearer ${apiToken}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) as unknown : undefined, headers: res.headers };
  };

  const signIn: Harness['signIn'] = async (email, password, at = origin) => {
    // The sign-in is kept in localStorage (shared by the origin's tabs): cleared for a fresh sign-in.
    await page.evaluate('sessionStorage.clear(); localStorage.clear()').catch(() => undefined);
    await page.goto(`${at}/`);
    await page.evaluate('localStorage.clear()');
    await page.goto(`${at}/`);
    await page.getByRole('button', { name: 'Sign in as a planner' }).click();
    await page.waitForURL(/\/ea\/oauth2\/authorize/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Events', exact: true }).waitFor();
  };

  const shoot: Harness['shoot'] = async (name) => {
    await page.screenshot({ path: join(ARTIFACTS, `${name}-1280.png`), fullPage: true });
    if (SCREENSHOTS_DIR) {
      mkdirSync(SCREENSHOTS_DIR, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}.png`), fullPage: true });
    }
    await page.setViewportSize(NARROW);
    await page.screenshot({ path: join(ARTIFACTS, `${name}-390.png`), fullPage: true });
    // Browser code as a string: the tests are type-checked without the DOM library.
    const wide = await page.evaluate<string[]>(`(() => {
      const over = (el) => !!el && el.getBoundingClientRect().right > window.innerWidth + 1;
      if (document.documentElement.scrollWidth <= window.innerWidth) return [];
      return [...document.querySelectorAll('body *')].filter((el) => over(el) && !over(el.parentElement))
        .slice(0, 5).map((el) => el.tagName.toLowerCase() + '.' + String(el.className) + ' ' + (el.textContent || '').slice(0, 40));
    })()`);
    expect(wide, `${name} overflows at 390 px`).toEqual([]);
    await page.setViewportSize(WIDE);
  };

  const close = async () => {
    await context.close().catch(() => undefined);
    await t.close();
    rmSync(scratch, { recursive: true, force: true });
  };

  return { t, creds, context, page, api, signIn, shoot, close, origin };
}

/** Runs the suite when Chromium is there; under CI_REQUIRE_SERVICES=chromium a missing browser fails, elsewhere it is reported skipped. */
export function describeInChromium(name: string, suite: () => void): void {
  if (existsSync(CHROMIUM)) {
    describe(name, suite);
  } else if (serviceRequired('chromium')) {
    describe(name, () => {
      it('runs (CI_REQUIRE_SERVICES requires chromium)', () => {
        throw new Error(`${CHROMIUM} is missing, but CI_REQUIRE_SERVICES requires the browser tests to run (apt-get install -y chromium)`);
      });
    });
  } else {
    const reason = `${CHROMIUM} is not installed (apt-get install -y chromium, or set CHROMIUM_PATH)`;
    console.warn(`browser suite skipped: ${reason}`);
    describe.skip(`${name} [skipped: ${reason}]`, suite);
  }
}

/** Polls the API until an asynchronous event creation has finished; returns the event id. */
export async function createEvent(api: Harness['api'], body: Record<string, unknown>): Promise<string> {
  const created = await api('POST', '/events/async', body);
  expect(created.status).toBe(202);
  const creationId = (created.json as { id: string }).id;
  for (let i = 0; i < 100; i += 1) {
    const status = (await api('GET', `/events/async/${creationId}/status`)).json as { event?: { id: string } };
    if (status.event?.id) return status.event.id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the event was not created');
}

/**
 * The harness with the real rate limiter on: the account's tier limits apply (the demo account is Free unless a test
 * changes it); the sign-in page and token endpoint, limited per address, are left out of the way.
 */
export function startLimitedHarness(): Promise<Harness> {
  return startHarness({ env: { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_TIER_CACHE_SECONDS: '0', IP_RATE_LIMIT_PER_SECOND: '10000', IP_RATE_LIMIT_BURST: '10000' } });
}

/**
 * An event of the demo planner made through the services, so setting it up spends none of the account's calls, and
 * the planner's AuthContext with every scope for more of the same.
 */
export async function plannerEvent(h: Harness, e: { title: string; format: 'In-person' | 'Hybrid' | 'Virtual'; timezone: string; start: number; hours: number }): Promise<{ auth: AuthContext; eventId: string }> {
  const planner = await h.t.services.accounts.verifyPassword(h.creds.planner.email, h.creds.planner.password);
  if (!planner) throw new Error('no demo planner');
  const auth: AuthContext = { accountId: h.creds.accountId, clientId: 'test', applicationId: null, userId: planner.id, scopes: new Set(ALL_SCOPES), tokenId: 'test' };
  const event = await h.t.services.events.createNow(h.creds.accountId, planner.id, {
    title: e.title, format: e.format, type: 'Conference', timezone: e.timezone, languages: ['en-US'],
    start: new Date(e.start).toISOString(), end: new Date(e.start + e.hours * 3600_000).toISOString(),
    planners: [{ firstName: 'Demo', lastName: 'Planner', email: planner.email }],
  });
  return { auth, eventId: event.id };
}

