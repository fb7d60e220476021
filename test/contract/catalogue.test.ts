import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify from 'fastify';
import YAML from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXTENSION_OPERATIONS, REFERENCE_OPERATIONS, requiredScopes, routePath, type CatalogueOperation,
} from '../../src/contract/catalogue.js';
import { servedOperationIds } from '../../src/contract/coverage.js';
import { registerErrorHandling } from '../../src/http/errors.js';
import { registerUnimplemented, unimplementedOperations } from '../../src/http/unimplemented.js';
import { renderCatalogue } from '../../src/contract/generate.js';
import { createTenant, startTestApp, tokenFor, type TestApp } from '../helpers/app.js';
import { describeContract, referencePath } from './reference.js';

// The routes are declared from the catalogues (src/contract): this walks both and checks what the app
// made of them, and that the committed reference catalogue is what the reference generates today.

const ID = '0190a1b2-0000-7000-8000-0000000000aa';
const urlOf = (op: CatalogueOperation) => `${op.root ? '' : '/ea'}${op.path.replace(/\{[^}]+\}/g, ID)}`;

interface DocOperation { operationId?: string; security?: Array<Record<string, string[]>>; 'x-eventline-not-implemented'?: boolean; 'x-eventline-extension'?: boolean }
type Doc = { paths: Record<string, Record<string, DocOperation>> };

/**
 * The same schemes as the catalogue's requirements, each asking at least the catalogue's scopes (an operation
 * may ask more where eventline is stricter than the reference: `:read` beside `:write`).
 */
function sameSchemes(documented: ReadonlyArray<Record<string, readonly string[]>>, catalogue: CatalogueOperation['security']): boolean {
  return documented.length === catalogue.length && catalogue.every((requirement, i) => {
    const given = documented[i] ?? {};
    return Object.keys(given).join() === Object.keys(requirement).join()
      && Object.entries(requirement).every(([scheme, scopes]) => scopes.every((s) => given[scheme]?.includes(s)));
  });
}

let t: TestApp;
let narrowToken: string;
let doc: Doc;
let implemented: Set<string>;
beforeAll(async () => {
  t = await startTestApp();
  const tenant = await createTenant(t.services);
  narrowToken = await tokenFor(t.app, tenant, 'event/events:read');
  doc = t.app.swagger() as Doc;
  implemented = servedOperationIds(doc);
});
afterAll(async () => t?.close());

const inject = (op: CatalogueOperation, bearer: string | undefined) => t.app.inject({
  method: op.method, url: urlOf(op), headers: bearer === undefined ? {} : { authorization: `Bearer ${bearer}` },
});

describeContract('the committed reference catalogue', () => {
  it('is what a fresh generation from the reference gives (npm run catalogue regenerates it)', () => {
    const license = resolve(referencePath, '../LICENSE-cvent-rest-sdks.txt');
    const fresh = renderCatalogue(readFileSync(referencePath, 'utf8'), existsSync(license) ? readFileSync(license, 'utf8') : undefined);
    const committed = readFileSync(new URL('../../src/contract/reference.catalogue.ts', import.meta.url), 'utf8');
    // Compared whole; a mismatch shows the first line that differs rather than 800 KB of text.
    const a = committed.split('\n');
    const b = fresh.split('\n');
    const first = a.findIndex((line, i) => line !== b[i]);
    expect(first === -1 && a.length === b.length ? 'same' : `line ${first + 1} differs: ${(a[first] ?? '(end)').slice(0, 200)} / ${(b[first] ?? '(end)').slice(0, 200)}`).toBe('same');
  });

  it('holds every operation of the reference, with its structure and none of its prose', () => {
    const reference = YAML.parse(readFileSync(referencePath, 'utf8'), { maxAliasCount: -1 }) as { paths: Record<string, Record<string, { operationId?: string }>> };
    const ids = Object.values(reference.paths).flatMap((item) => ['get', 'put', 'post', 'delete', 'patch'].flatMap((m) => item[m]?.operationId ?? []));
    expect(ids).toHaveLength(427);
    expect(REFERENCE_OPERATIONS.map((op) => op.operationId).sort()).toEqual([...ids].sort());
    const catalogue = readFileSync(new URL('../../src/contract/reference.catalogue.ts', import.meta.url), 'utf8');
    // `description` is also a property name of many schemas: prose would be a string value.
    expect(catalogue).not.toMatch(/"(description|example|examples|title)":"/);
    expect(catalogue).not.toMatch(/^ {2}"[^"]+": \{\},$/m);
    expect(catalogue).toContain('MIT License');
  });
});

describe('operations declared from the catalogues', () => {
  it('implements every reference operation: none is left to answer 501', () => {
    expect(REFERENCE_OPERATIONS.filter((op) => !implemented.has(op.operationId)).map((op) => op.operationId)).toEqual([]);
    expect(unimplementedOperations(implemented)).toEqual([]);
    const marked = Object.values(doc.paths).flatMap((item) => Object.values(item as Record<string, Record<string, unknown>>)).filter((o) => o['x-eventline-not-implemented'] === true);
    expect(marked).toEqual([]);
  });

  // The 501 route itself, for an operation a build leaves out (a reference update adds operations before modules
  // implement them): an app of its own with the real error handling and the routes registerUnimplemented makes for
  // every reference operation but the first.
  it('answers 501 in the error shape, naming the operationId and tag, for a reference operation no module implements', async () => {
    const op = REFERENCE_OPERATIONS[0]!;
    const others = new Set(REFERENCE_OPERATIONS.slice(1).map((o) => o.operationId));
    expect(unimplementedOperations(others)).toEqual([op]);
    const bare = Fastify({ logger: false });
    registerErrorHandling(bare, { supportedVersions: ['ea'] });
    registerUnimplemented(bare, others);
    await bare.ready();
    try {
      const res = await bare.inject({ method: op.method as 'GET', url: routePath(op.path).replace(/:(\w+)/g, 'x') });
      expect(res.statusCode).toBe(501);
      expect(res.json()).toEqual({ code: 501, message: `eventline does not implement ${op.operationId} (${op.tag}) yet` });
    } finally {
      await bare.close();
    }
  });

  it('routes every implemented operation with the catalogue\'s method, path and security', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const op of [...REFERENCE_OPERATIONS, ...EXTENSION_OPERATIONS]) {
      if (!implemented.has(op.operationId)) continue;
      const documented = doc.paths[`${op.root ? '' : '/ea'}${op.path}`]?.[op.method.toLowerCase()];
      const routed = t.app.hasRoute({ method: op.method, url: `${op.root ? '' : '/ea'}${routePath(op.path)}` });
      if (!routed || documented?.operationId !== op.operationId) wrong.push(`${op.operationId}: not routed at ${op.method} ${op.path}`);
      else if (!sameSchemes(documented.security ?? [], op.security)) wrong.push(`${op.operationId}: security ${JSON.stringify(documented.security)}`);
      else if (Boolean(documented['x-eventline-extension']) !== Boolean(op.extension)) wrong.push(`${op.operationId}: extension mark`);
      checked++;
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(255);
  });

  it('implements every operation of eventline\'s own catalogue', () => {
    expect(EXTENSION_OPERATIONS.filter((op) => !implemented.has(op.operationId)).map((op) => op.operationId)).toEqual([]);
  });

  it('enforces the catalogue\'s scopes on every implemented operation: a token without them gets 403 naming them', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const op of [...REFERENCE_OPERATIONS, ...EXTENSION_OPERATIONS]) {
      const scopes = requiredScopes(op);
      if (!implemented.has(op.operationId) || scopes === undefined || scopes.length === 0 || scopes.every((s) => s === 'event/events:read')) continue;
      const res = await inject(op, narrowToken);
      const challenge = res.headers['www-authenticate'];
      const asked = typeof challenge === 'string' ? /scope="([^"]*)"/.exec(challenge)?.[1]?.split(' ') ?? [] : [];
      if (res.statusCode !== 403 || !scopes.every((s) => asked.includes(s))) {
        wrong.push(`${op.method} ${op.path}: ${res.statusCode} ${String(challenge)}`);
      }
      checked++;
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(150);
  });
});
