import { readFileSync } from 'node:fs';
import YAML from 'yaml';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { UNSERVED_REFERENCE_PATHS } from '../../src/http/unserved.js';
import { createTenant, startTestApp, tokenFor, type TestApp } from '../helpers/app.js';
import { describeContract, referencePath } from './reference.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
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

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await tokenFor(t.app, await createTenant(t.services));
});
afterAll(async () => t?.close());

describeContract('a path the reference has but eventline does not serve', () => {
  it('answers 404 in the contract shape, never a 400 from the served path it resembles', async () => {
    const reference = YAML.parse(readFileSync(referencePath, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    const doc = t.app.swagger() as { paths: Record<string, unknown> };
    const served = Object.keys(doc.paths).map((p) => p.replace(/^\/ea/, ''));
    const found = swallowed(Object.keys(reference.paths), served);
    // Every such path is in the list of unserved routes (add it there when a new route makes one).
    expect(found.map((f) => f.path).sort()).toEqual([...UNSERVED_REFERENCE_PATHS].sort());
    let calls = 0;
    for (const { path } of found) {
      for (const method of METHODS.filter((m) => reference.paths[path]?.[m] !== undefined)) {
        const res = await t.app.inject({ method: method.toUpperCase() as Uppercase<typeof method>, url: `/ea${path}`, headers: { authorization: `Bearer ${token}` } });
        expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(404);
        expect(res.json()).toEqual({ code: 404, message: `${method.toUpperCase()} /ea${path} is not served by eventline`, target: 'path' });
        calls++;
      }
    }
    expect(calls).toBeGreaterThan(0);
  });

  it('still answers 400 naming the parameter for a malformed id on a served path (control)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ea/webcasts/not-a-uuid', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { target: string }).target).toBe('id');
  });
});
