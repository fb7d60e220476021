#!/usr/bin/env node
// Builds the planner web UI (web/ -> web/dist) with Vite. Run by `npm install`
// (postinstall) and `npm start` (prestart). A package installed without web/
// (a dependency of another project) has nothing to build.
import { existsSync } from 'node:fs';
import process from 'node:process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'web');
if (!existsSync(join(root, 'index.html'))) process.exit(0);
const { build } = await import('vite');
await build({ root, configFile: join(root, 'vite.config.ts') });
