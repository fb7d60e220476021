// Writes docs/coverage.md: the reference's operations by tag, served or 501, from the app's own routes.
//   npm run coverage
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
import { renderCoverage, servedOperationIds } from '../src/contract/coverage.js';

const dataDir = mkdtempSync(join(tmpdir(), 'eventline-coverage-'));
try {
  const config = loadConfig({ DEMO: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_ENABLED: 'false', DATA_DIR: dataDir });
  const { app } = await buildApp(config, { logger: false, worker: false });
  await app.ready();
  const page = renderCoverage(servedOperationIds(app.swagger() as Parameters<typeof servedOperationIds>[0]));
  await app.close();
  const target = fileURLToPath(new URL('../docs/coverage.md', import.meta.url));
  writeFileSync(target, page);
  console.log(`wrote ${target}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
