import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_OPERATIONS } from '../../src/http/operations.js';
import { indexedFiltersNote } from '../../src/lists/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the OpenAPI document and the /docs page', () => {
  for (const url of ['/docs/json', '/ea/openapi.json']) {
    it(`${url}: compressed for clients that accept it, the same document once decompressed`, async () => {
      const plain = await get(url);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toMatch(/^application\/json/);
      const doc = plain.json() as { openapi: string; paths: Record<string, unknown> };
      expect(doc.openapi).toBe('3.1.0');

      const br = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['vary']).toMatch(/accept-encoding/i);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(doc);

      const gz = await get(url, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(doc);
      // Brotli over a document of ~500 operations, on a busy two-core machine.
    }, 120_000);

    it(`${url}: revalidated with its ETag: 304 without a body while the document is the same`, async () => {
      const first = await get(url, { 'accept-encoding': 'gzip' });
      expect(first.headers['cache-control']).toBe('no-cache');
      const etag = String(first.headers['etag']);
      expect(etag).toMatch(/^W\/".+"$/);
      expect((await get(url)).headers['etag']).toBe(etag);
      const again = await get(url, { 'if-none-match': etag, 'accept-encoding': 'gzip' });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      const stale = await get(url, { 'if-none-match': 'W/"something-else"' });
      expect(stale.statusCode).toBe(200);
    });
  }

  it('serves the YAML form with an ETag too', async () => {
    const yaml = await get('/ea/openapi.yaml');
    expect(yaml.statusCode).toBe(200);
    expect(yaml.headers['content-type']).toMatch(/^application\/yaml/);
    expect(yaml.headers['etag']).not.toBe((await get('/ea/openapi.json')).headers['etag']);
    expect((await get('/ea/openapi.yaml', { 'if-none-match': String(yaml.headers['etag']) })).statusCode).toBe(304);
  });

  it('compresses the docs page\'s scripts, and configures the UI to draw collapsed tags without the model list', async () => {
    const bundle = await get('/docs/static/swagger-ui-bundle.js', { 'accept-encoding': 'br' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-encoding']).toBe('br');
    const init = await get('/docs/static/swagger-initializer.js');
    expect(init.body).toContain('"docExpansion":"none"');
    expect(init.body).toContain('"defaultModelsExpandDepth":-1');
  });

  it('does not compress API answers (only the documents and the docs page)', async () => {
    const res = await get('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    const unknown = await get('/ea/nothing-here', { 'accept-encoding': 'br, gzip' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-encoding']).toBeUndefined();
  });
});

// Issue 37: every list says in its description which of its filters an index answers at any size; op.list appends the sentence,
// and a list cannot be declared without its filter fields. A list declared without op.list would lack it: the second check finds it.
describe('the indexed-filters sentence of every list', () => {
  interface Operation { operationId?: string; description?: string; responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }
  interface Schema { $ref?: string; properties?: Record<string, unknown> }
  type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };
  const operationsOf = (doc: Doc): Operation[] => Object.values(doc.paths).flatMap((item) => Object.values(item).filter((o) => typeof o === 'object' && o !== null));
  const resolve = (doc: Doc, schema: Schema | undefined): Schema | undefined =>
    schema?.$ref !== undefined ? doc.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')] : schema;
  /** A 200 answer `{ paging, data }`: a list. */
  const answersAPage = (doc: Doc, op: Operation): boolean => {
    const props = resolve(doc, op.responses?.['200']?.content?.['application/json']?.schema)?.properties ?? {};
    return 'paging' in props && 'data' in props;
  };

  it('is at the end of the description of each list and its POST .../filter twin, in the served document', async () => {
    const doc = (await get('/ea/openapi.json')).json() as Doc;
    const served = new Map(operationsOf(doc).map((op) => [op.operationId, op]));
    expect(LIST_OPERATIONS.size).toBeGreaterThanOrEqual(43);
    const missing = [...LIST_OPERATIONS].filter(([id, fields]) => !(served.get(id)?.description ?? '').endsWith(indexedFiltersNote(fields))).map(([id]) => id);
    expect(missing).toEqual([]);
    // getUsage answers its whole date range in one page of the paging envelope: no token, no limit, no filter.
    const onePage = new Set(['getUsage']);
    const notThroughOpList = operationsOf(doc).filter((op) => answersAPage(doc, op) && !LIST_OPERATIONS.has(op.operationId ?? '') && !onePage.has(op.operationId ?? ''))
      .map((op) => op.operationId);
    expect(notThroughOpList).toEqual([]);
  });

  it('names the indexed fields of contacts: firstName, lastName and email', async () => {
    const doc = (await get('/ea/openapi.json')).json() as Doc;
    const contacts = operationsOf(doc).find((op) => op.operationId === 'listContacts');
    expect(contacts?.description).toContain('Answered from an index at any size: firstName, lastName, email with eq or in; firstName, lastName, email with sw, ew or contains');
    expect(indexedFiltersNote({})).toBe('This list takes no filter.');
  });
});
