// A real server process for the tests and benchmarks that need one (many processes on one
// Redis, a streamed upload's memory): it builds the app from the environment (REDIS_URL,
// RATE_LIMIT_*, DATA_DIR, S3_URL, FILES_MAX_BYTES, ...) on the database given in JSON in
// argv[2], listens on a free loopback port and prints {"address": "..."} on one line.
// argv[3]: how long it may live, in ms (default 120 s), so a run that forgot to stop it
// does not leave it behind.
import pino from 'pino';
import { buildApp } from '../../src/app.js';
import { loadConfig, parseDatabaseConfig } from '../../src/config/index.js';

const arg = process.argv[2];
if (!arg) throw new Error('usage: server-process.ts <database config JSON> [max lifetime ms]');
const database = parseDatabaseConfig(arg);
const lifetimeMs = Number(process.argv[3] ?? 120_000);

setTimeout(() => process.exit(2), lifetimeMs).unref();

const config = loadConfig(undefined, { database, port: 0, host: '127.0.0.1', runWorker: false, demo: false });
// SERVER_LOG=devnull: the request log is written as `npm start` writes it, to /dev/null (benchmarks count its cost).
const logger = process.env['SERVER_LOG'] === 'devnull' ? { stream: pino.destination({ dest: '/dev/null', sync: false }) } : false;
const { app } = await buildApp(config, { logger, worker: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ address })}\n`);
process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0), () => process.exit(1));
});
