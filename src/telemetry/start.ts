import { register } from 'node:module';
import type { TracingConfig } from '../config/index.js';
import { setTracingEnabled, tracingEnabled } from './index.js';
import type { RunningSdk } from './sdk.js';

// Starting tracing, before anything it instruments is loaded. The instrumentations patch pg, ioredis and node:http
// as they are loaded: through require for CommonJS, and through a module loader hook (import-in-the-middle) for what
// ES modules import. The entry points (src/server.ts, bin/eventline.js) call startTracing first and load the
// application only afterwards, by dynamic import; a module loaded before this ran is never patched.

let running: RunningSdk | undefined;

/**
 * Starts the OpenTelemetry SDK when `config` is given (an OTLP endpoint is set), and does nothing otherwise: no SDK,
 * no loader hook, no patched module. Safe to call twice.
 */
export async function startTracing(config: TracingConfig | undefined): Promise<void> {
  if (config === undefined || tracingEnabled()) return;
  // The hook intercepts only the modules an instrumentation asks for (the message channel tells it which), so every
  // other module, the application's own TypeScript under tsx among them, loads as before.
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  const { startSdk } = await import('./sdk.js');
  running = startSdk(config);
  await waitForAllMessagesAcknowledged();
  setTracingEnabled(true);
}

/** Sends the spans still buffered and stops the SDK: a process calls it before it exits. */
export async function stopTracing(): Promise<void> {
  const sdk = running;
  running = undefined;
  if (sdk === undefined) return;
  setTracingEnabled(false);
  await sdk.shutdown().catch(() => undefined);
}
