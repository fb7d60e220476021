#!/usr/bin/env node
// Runs the TypeScript sources through tsx, so the CLI works straight from a clone with no build step.
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

// The project's own tsconfig, not whatever tsconfig.json sits in the caller's working directory.
register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const { main } = await import('../src/cli/index.ts');
process.exitCode = await main(process.argv);
