import { readFileSync } from 'node:fs';
import YAML from 'yaml';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTenant, startTestApp, tokenFor, type TestApp } from '../helpers/app.js';
import { describeContract, referencePath } from './reference.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const MISSING = '0190a1b2-0000-7000-8000-000000000000';
const segments = (p: string) => p.split('/').filter(Boolean);
const isParam = (s: string) => s.startsWith('{');
const template = (p: string) => p.replace(/\{[^}]+\}/g, '{}');

/** Reference paths eventline does not serve that a served path with a parameter would swallow, with the served path. */
function swallowed(reference: readonly string[], served: readonly string[]): Array<{ path: string; by: string }> {
  const servedTemplates = new Set(served.map(template));
  const out: Array<{ path: string; by: string }> = [];
  for (const path of reference) {
    if (servedTemplates.has(template(path))) continue;
    const ps = segments(path);
    const by = served.find((s) => {
      const ss = segments(s);
      if (ss.length !== ps.length) return false;
      let collides = false;
      for (const [i, a] of ss.entries()) {
        const b = ps[i] ?? '';
        if (isParam(a) && !isParam(b)) collides = true;
        else if (!isParam(a) && (isParam(b) || a !== b)) return false;
      }
      return collides;
    });
    if (by !== undefined) out.push({ path, by });
  }
  return out;
}

/** Whether another path of the document, with a literal segment where `path` has a parameter, serves `url`. */
function takenBy(url: string, path: string, paths: readonly string[]): boolean {
  const us = segments(url);
  return paths.some((other) => other !== path && segments(other).length === us.length
    && segments(other).every((s, i) => isParam(s) || s === us[i]) && segments(other).some((s, i) => !isParam(s) && isParam(segments(path)[i] ?? '')));
}

interface OpenApiParameter { in: string; name: string; schema?: { format?: string } }
interface OpenApiDoc { paths: Record<string, Record<string, { parameters?: OpenApiParameter[]; 'x-eventline-not-implemented'?: boolean }>> }

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await tokenFor(t.app, await createTenant(t.services));
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describeContract('a path the reference has but eventline does not serve', () => {
  it('answers 501 naming the operation, never a 400 or 404 from the served path it resembles', async () => {
    const reference = YAML.parse(readFileSync(referencePath, 'utf8')) as { paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>> };
    const doc = t.app.swagger() as OpenApiDoc;
    const served = Object.entries(doc.paths).filter(([, ops]) => Object.values(ops).some((op) => op['x-eventline-not-implemented'] !== true)).map(([p]) => p.replace(/^\/ea/, ''));
    const found = swallowed(Object.keys(reference.paths), served);
    // /webcasts/players was the one such path (issue 32 serves it now): any other one must still answer 501.
    expect(found.map((f) => f.path)).not.toContain('/webcasts/players');
    let calls = 0;
    for (const { path } of found) {
      for (const method of METHODS.filter((m) => reference.paths[path]?.[m] !== undefined)) {
        const op = reference.paths[path]?.[method];
        const res = await t.app.inject({ method: method.toUpperCase() as Uppercase<typeof method>, url: `/ea${path}`, headers: { authorization: `Bearer ${token}` } });
        expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(501);
        expect(res.json()).toEqual({ code: 501, message: `eventline does not implement ${op?.operationId} (${op?.tags?.[0]}) yet` });
        calls++;
      }
    }
    expect(calls).toBeGreaterThanOrEqual(found.length);
  });

  it('answers the three paths users reported as the lists they are: /webcasts/players (issue 32), /attendees/activities and /contacts/hooks', async () => {
    for (const url of ['/ea/webcasts/players', '/ea/attendees/activities', '/ea/contacts/hooks']) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.json()).toHaveProperty('paging');
    }
  });

  it('answers 404 naming the path for a path that is in neither catalogue', async () => {
    const res = await get('/ea/no-such-family/things');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, message: 'No operation GET /ea/no-such-family/things' });
  });
});

describeContract('a segment that cannot be an id, under any GET route with path parameters', () => {
  it('answers 404 in the contract shape, not 400, for every UUID parameter of every GET route', async () => {
    const doc = t.app.swagger() as OpenApiDoc;
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      const params = (ops['get']?.parameters ?? []).filter((p) => p.in === 'path');
      for (const param of params) {
        const url = path.replace(/\{([^}]+)\}/g, (_m, name: string) => (name === param.name ? 'players' : MISSING));
        // `/webcasts/players` is an operation of its own: the segment is a path there, not an id.
        if (param.schema?.format !== 'uuid' || takenBy(url, path, Object.keys(doc.paths))) continue;
        const res = await get(url);
        expect(res.statusCode, `GET ${path} with ${param.name}=players: ${res.body}`).toBe(404);
        expect(res.json(), url).toEqual({ code: 404, message: `No operation GET ${url} (${param.name} must match format "uuid")`, target: 'path' });
        checked++;
      }
    }
    // Every family of the API has such routes; a broken walk over the document would check none.
    expect(checked).toBeGreaterThan(50);
  });

  it('answers the same for other methods, and a well-formed unknown id stays the resource\'s own 404', async () => {
    const del = await t.app.inject({ method: 'DELETE', url: '/ea/webcasts/nope', headers: { authorization: `Bearer ${token}` } });
    expect(del.statusCode).toBe(404);
    expect(del.json()).toMatchObject({ code: 404, target: 'path' });
    const missing = await get(`/ea/webcasts/${MISSING}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, message: 'Webcast not found' });
  });
});
