import type { Command } from 'commander';
import { FEATURES, TIERS, type Account } from '../../modules/accounts/index.js';
import { accountCommand, nonEmpty, usageError, type CliContext, type JsonOpt } from '../context.js';
import { fields, listOrNone, table } from '../format.js';

const describeAccount = (a: Account): string =>
  fields([
    ['id', a.id],
    ['name', a.name],
    ['tier', a.tier],
    ['region', a.region],
    ['features', listOrNone(a.features)],
    ['created', a.created],
  ]);

/**
 * `set-tier <accountId> <tier>` and `set-tier --account <id> --tier <t>` both
 * work, and so do the mixes (`--account <id> <tier>`), since operators type either.
 */
function resolveSetTier(cmd: Command, positional: Array<string | undefined>, opts: { account?: string; tier?: string }): { accountId: string; tier: string } {
  const given = positional.filter((p): p is string => p !== undefined);
  const wanted = (opts.account === undefined ? 1 : 0) + (opts.tier === undefined ? 1 : 0);
  if (given.length !== wanted) {
    usageError(cmd, 'give the account and the tier once each: set-tier <accountId> <tier>, or --account <id> --tier <tier>');
  }
  const accountId = opts.account ?? given.shift();
  const tier = opts.tier ?? given.shift();
  if (accountId === undefined || tier === undefined) usageError(cmd, 'both an account id and a tier are required');
  return { accountId, tier };
}

export function registerAccounts(program: Command, ctx: CliContext): void {
  const accounts = program.command('accounts').description('Create and manage customer accounts (tiers, features)');

  accounts
    .command('create')
    .description('Create an account (new accounts start on the Free tier)')
    .requiredOption('--name <name>', 'account name', nonEmpty)
    .option('--tier <tier>', `rate-limit tier: ${TIERS.join(', ')}`)
    .option('--region <region>', 'region (defaults to the server\'s REGION)')
    .option('--json', 'print JSON')
    .action(async (opts: JsonOpt & { name: string; tier?: string; region?: string }) => {
      const account = await ctx.asOperator((s) =>
        s.accounts.createAccount({ name: opts.name, ...(opts.tier !== undefined ? { tier: opts.tier } : {}), ...(opts.region !== undefined ? { region: opts.region } : {}) }),
      );
      ctx.print(opts.json, account, () => `Created account "${account.name}"\n${describeAccount(account)}`);
    });

  accounts
    .command('list')
    .description('List accounts')
    .option('--json', 'print JSON')
    .action(async (opts: JsonOpt) => {
      const list = await ctx.asOperator((s) => s.accounts.listAccounts());
      ctx.print(opts.json, list, () =>
        list.length === 0
          ? 'No accounts yet. Create one with: eventline accounts create --name <name>'
          : table(['ID', 'NAME', 'TIER', 'REGION', 'FEATURES'], list.map((a) => [a.id, a.name, a.tier, a.region, listOrNone(a.features)])),
      );
    });

  accounts
    .command('set-tier')
    .description(`Move an account to another rate-limit tier (${TIERS.join(', ')})`)
    .argument('[accountId]', 'account id')
    .argument('[tier]', 'new tier')
    .option('--account <id>', 'account id (instead of the first argument)')
    .option('--tier <tier>', 'new tier (instead of the second argument)')
    .option('--json', 'print JSON')
    .action(async (a: string | undefined, b: string | undefined, opts: JsonOpt & { account?: string; tier?: string }, cmd: Command) => {
      const { accountId, tier } = resolveSetTier(cmd, [a, b], opts);
      const account = await ctx.asOperator((s) => s.accounts.setTier(accountId, tier));
      ctx.print(opts.json, account, () => `Account "${account.name}" (${account.id}) is now on the ${account.tier} tier.`);
    });

  const features = accounts
    .command('features')
    .description(`Switch account features on or off (${FEATURES.join(', ')}); these are what the account team enables`);
  for (const [verb, enabled] of [['enable', true], ['disable', false]] as const) {
    accountCommand(features, verb, `${verb === 'enable' ? 'Enable' : 'Disable'} a feature for an account`)
      .argument('<feature>', FEATURES.join(' | '))
      .option('--json', 'print JSON')
      .action(async (feature: string, opts: JsonOpt & { account: string }) => {
        const account = await ctx.asOperator((s) => s.accounts.setFeature(opts.account, feature, enabled));
        ctx.print(opts.json, account, () =>
          `${enabled ? 'Enabled' : 'Disabled'} ${feature} for account "${account.name}" (${account.id}).\n` +
          `  features now: ${listOrNone(account.features)}`,
        );
      });
  }
}
