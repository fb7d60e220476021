import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, loadTracingConfig, type Config } from './config/index.js';
import { startTracing, stopTracing } from './telemetry/start.js';

// The application is imported when serve() runs, not with this module: tracing (an OTLP endpoint set) must start
// before pg, ioredis and node:http are loaded for its instrumentations to see them (src/telemetry/start.ts).
export async function serve(config: Config): Promise<void> {
  await startTracing(config.tracing);
  const { buildApp } = await import('./app.js');
  const { demoBanner, seedDemo } = await import('./demo/seed.js');
  const { app, services } = await buildApp(config);
  // Signals are handled from here on, before the banner: a caller may read the banner and stop us at once.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests and jobs get 10 s to finish; a job cut off later is retried by the next worker.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    // The spans still buffered are sent after the last request and job, then the process ends.
    app.close().then(() => stopTracing().then(() => process.exit(0)), () => process.exit(1));
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  const demo = config.demo ? await seedDemo(services, config) : { created: false };
  let address: string;
  try {
    address = await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    // Close what buildApp opened (worker, database, Redis) so the process can exit, then say why.
    await app.close().catch(() => undefined);
    const code = err instanceof Error && 'code' in err ? err.code : undefined;
    if (code === 'EADDRINUSE') throw new Error(`port ${config.port} on ${config.host} is already in use (set PORT to another port)`, { cause: err });
    if (code === 'EACCES') throw new Error(`no permission to listen on port ${config.port} on ${config.host}`, { cause: err });
    throw err;
  }
  // The banner goes to stdout in plain text (not the JSON log) so a person can copy the curl line.
  process.stdout.write(`${demoBanner(config, demo.credentials, address)}\n`);
  // A missing bucket or an unwritable directory is said now, not at the first upload; the rest of the API serves.
  await services.files.storage.check().catch((err: unknown) => {
    process.stderr.write(`warning: ${err instanceof Error ? err.message : String(err)}; file uploads answer 503 until this is fixed\n`);
  });
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  // Tracing first, from its own variables, so a configuration error is reported by a process that has loaded nothing else.
  startTracing(loadTracingConfig()).then(() => serve(loadConfig())).catch((err: unknown) => {
    process.stderr.write(`eventline failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
