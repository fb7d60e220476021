import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import YAML from 'yaml';
import { buildApp } from '../../app.js';
import type { CliContext } from '../context.js';

/** `eventline openapi [--yaml] [--out file]`: the document /ea/openapi.json serves, without a server. */
export function registerOpenApi(program: Command, ctx: CliContext): void {
  program
    .command('openapi')
    .description('print the OpenAPI 3.1 document generated from the route schemas')
    .option('--yaml', 'YAML instead of JSON')
    .option('--out <file>', 'write to a file instead of stdout')
    .option('--json', 'errors as a JSON document on stderr (the document is JSON unless --yaml)')
    .action(async (opts: { yaml?: boolean; out?: string; json?: boolean }) => {
      // The document does not depend on data, so an in-memory database is enough.
      const config = { ...ctx.config(), database: { dialect: 'sqlite' as const, file: ':memory:' } };
      const { app } = await buildApp(config, { logger: false, worker: false });
      try {
        await app.ready();
        const doc = app.swagger();
        const text = opts.yaml ? YAML.stringify(doc) : `${JSON.stringify(doc, null, 2)}\n`;
        if (opts.out) writeFileSync(opts.out, text);
        else if (opts.yaml) ctx.io.stdout(text);
        // --jq and --fields apply here as everywhere (`eventline openapi --jq '.paths | keys[]'`).
        else ctx.printJson(true, doc);
      } finally {
        await app.close();
      }
    });
}
