#!/usr/bin/env node
// Runs the TypeScript sources through tsx, so the CLI works straight from a clone with no build step.
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

// The project's own tsconfig, not whatever tsconfig.json sits in the caller's working directory.
register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
// The long-running commands are traced when an OTLP endpoint is set (docs/operations.md, "Tracing"): the SDK starts
// before the CLI loads anything it instruments. A bad OTEL_* setting is left for the command to report.
const command = process.argv.slice(2).find((a) => !a.startsWith('-'));
const traced = command === 'serve' || command === 'worker';
if (traced) {
  const { loadTracingConfig } = await import('../src/config/index.ts');
  const tracing = await import('../src/telemetry/start.ts');
  let config;
  try {
    config = loadTracingConfig();
  } catch {
    config = undefined;
  }
  // Each command sends what is buffered when it stops (src/server.ts, src/cli/commands/runtime.ts).
  await tracing.startTracing(config);
}
const { main } = await import('../src/cli/index.ts');
process.exitCode = await main(process.argv);
