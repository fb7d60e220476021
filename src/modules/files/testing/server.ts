// A real server process for the streaming test and the upload benchmark: it
// builds the app from the environment (DATA_DIR, S3_URL, FILES_MAX_BYTES, ...)
// on the database given in JSON in argv[2], listens on a free loopback port and
// prints {"address": "..."} on one line.
import { buildApp } from '../../../app.js';
import { loadConfig, parseDatabaseConfig } from '../../../config/index.js';

const arg = process.argv[2];
if (!arg) throw new Error('usage: server.ts <database config JSON>');
const database = parseDatabaseConfig(arg);

// Never outlive a run that forgot to stop us.
setTimeout(() => process.exit(2), 600_000).unref();

const config = loadConfig(undefined, { database, port: 0, host: '127.0.0.1', runWorker: false, demo: false });
const { app } = await buildApp(config, { logger: false, worker: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ address })}\n`);
process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0), () => process.exit(1));
});
