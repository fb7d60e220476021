import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { main } from '../../src/cli/index.js';
import { loadConfig } from '../../src/config/index.js';

describe('eventline openapi', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eventline-openapi-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', PUBLIC_URL: 'https://api.example.test' });

  it('writes the generated document with the configured server and every events operation', async () => {
    const out = join(dir, 'openapi.json');
    const stderr: string[] = [];
    const code = await main(['node', 'eventline', 'openapi', '--out', out], { config, io: { stdout: () => undefined, stderr: (s) => void stderr.push(s) } });
    expect(stderr.join('')).toBe('');
    expect(code).toBe(0);
    const doc = JSON.parse(readFileSync(out, 'utf8')) as { openapi: string; servers: Array<{ url: string }>; paths: Record<string, Record<string, { operationId?: string }>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0]?.url).toBe('https://api.example.test');
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(ops).toEqual(expect.arrayContaining(['getEvents', 'getEventById', 'updateEvent', 'getEventsPostFilters', 'createEventAsync', 'getEventAsyncStatus', 'oauth2Token', 'validateToken']));
  });

  it('prints YAML to stdout with --yaml', async () => {
    const chunks: string[] = [];
    const code = await main(['node', 'eventline', 'openapi', '--yaml'], { config, io: { stdout: (s) => void chunks.push(s), stderr: () => undefined } });
    expect(code).toBe(0);
    expect((YAML.parse(chunks.join('')) as { info: { title: string } }).info.title).toBe('eventline API');
  });
});
