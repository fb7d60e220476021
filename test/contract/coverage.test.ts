import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_OPERATIONS } from '../../src/contract/catalogue.js';
import { renderCoverage, servedOperationIds } from '../../src/contract/coverage.js';
import { startTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('docs/coverage.md', () => {
  it('is what the catalogues and the app\'s routes give today (npm run coverage regenerates it)', () => {
    const fresh = renderCoverage(servedOperationIds(t.app.swagger() as Parameters<typeof servedOperationIds>[0]));
    const committed = readFileSync(new URL('../../docs/coverage.md', import.meta.url), 'utf8');
    expect(committed).toBe(fresh);
  });

  it('lists every reference operation once with its state, and a served/total per tag', () => {
    const page = readFileSync(new URL('../../docs/coverage.md', import.meta.url), 'utf8');
    const served = servedOperationIds(t.app.swagger() as Parameters<typeof servedOperationIds>[0]);
    for (const op of REFERENCE_OPERATIONS) {
      const rows = page.split('\n').filter((line) => line.startsWith(`| \`${op.operationId}\` |`));
      expect(rows, op.operationId).toHaveLength(1);
      expect(rows[0], op.operationId).toMatch(served.has(op.operationId) ? / served \|$/ : / 501 not implemented \|$/);
    }
    const total = REFERENCE_OPERATIONS.filter((op) => served.has(op.operationId)).length;
    expect(page).toContain(`| **All** | **${total}** | **${REFERENCE_OPERATIONS.length}** |`);
    expect(page).toMatch(/\| \[Speakers\]\(#speakers\) \| \d+ \| 19 \|/);
  });
});
