import { InvalidArgumentError, type Command } from 'commander';
import type { CliContext, JsonOpt } from '../context.js';
import { nonEmpty, positiveInt } from '../context.js';
import { table } from '../format.js';

function timestamp(value: string): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new InvalidArgumentError('must be a date or date-time, e.g. 2027-01-31 or 2027-01-31T12:00:00Z.');
  return at.toISOString();
}

/** `eventline audit`: the audit log of administrative actions (issue 36), for the operator on the server's host. */
export function registerAudit(program: Command, ctx: CliContext): void {
  program.command('audit')
    .description('Print the audit log of administrative actions (who changed what, when, from where), oldest first')
    .option('--account <id>', 'only this account (default: every account)', nonEmpty)
    .option('--since <time>', 'only entries at or after this date or date-time (ISO 8601)', timestamp)
    .option('--action <action>', 'only this action, e.g. application.scopes.changed', nonEmpty)
    .option('--limit <n>', 'at most this many entries, the newest (default 100)', positiveInt)
    .option('--json', 'print JSON')
    .action(async (opts: JsonOpt & { account?: string; since?: string; action?: string; limit?: number }) => {
      const entries = await ctx.withServices((s) => s.audit.recent({
        ...(opts.account !== undefined ? { accountId: opts.account } : {}),
        ...(opts.since !== undefined ? { since: opts.since } : {}),
        ...(opts.action !== undefined ? { action: opts.action } : {}),
        limit: opts.limit ?? 100,
      }));
      ctx.print(opts.json, entries, () =>
        entries.length === 0
          ? 'No audit entries match.'
          : table(['AT', 'ACCOUNT', 'ACTOR', 'ACTION', 'TARGET', 'CHANGES', 'ADDRESS', 'REQUEST'], entries.map((e) => [
            e.at, e.accountId, `${e.actor.type}:${e.actor.display ?? e.actor.id}`, e.action, `${e.target.type}:${e.target.display ?? e.target.id}`,
            Object.keys(e.changes).join(','), e.address ?? '-', e.requestId ?? '-',
          ])),
      );
    });
}
