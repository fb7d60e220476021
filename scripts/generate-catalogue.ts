// Generates src/contract/reference.catalogue.ts from the reference OpenAPI document
// (../shared/reference/cvent-openapi.yaml): the structure of every operation (operationId,
// method, path, tag, scopes, statuses, parameter and body schemas), without its prose.
//
//   npm run catalogue           write the file
//   npm run catalogue -- --check  exit 1 when the committed file differs from a fresh generation
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderCatalogue } from '../src/contract/generate.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const referencePath = resolve(root, process.env['EVENTLINE_REFERENCE_OPENAPI'] ?? '../shared/reference/cvent-openapi.yaml');
const licensePath = resolve(referencePath, '../LICENSE-cvent-rest-sdks.txt');
const target = resolve(root, 'src/contract/reference.catalogue.ts');

if (!existsSync(referencePath)) {
  console.error(`The reference document is not at ${referencePath} (set EVENTLINE_REFERENCE_OPENAPI).`);
  process.exit(2);
}
const text = renderCatalogue(readFileSync(referencePath, 'utf8'), existsSync(licensePath) ? readFileSync(licensePath, 'utf8') : undefined);
if (process.argv.includes('--check')) {
  const committed = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (committed !== text) {
    console.error('src/contract/reference.catalogue.ts differs from a fresh generation from the reference: run `npm run catalogue`.');
    process.exit(1);
  }
  console.log('src/contract/reference.catalogue.ts matches the reference.');
} else {
  writeFileSync(target, text);
  console.log(`wrote ${target} (${text.length} characters)`);
}
