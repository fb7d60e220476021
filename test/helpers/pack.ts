import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

// What the package tests share: `npm pack` of a package into a scratch directory, and the tarball installed into an
// empty project there, as a user would install it (test/sdk/pack.test.ts for the server's `eventline/client`,
// test/sdk/sdk-package.test.ts for `eventline-sdk`).

const execFileP = promisify(execFile);

// Run from `npm test`, the environment describes this package (npm_package_*, npm_config_local_prefix, ...); the npm
// calls must see only their own project, so those are dropped. Registry and cache settings are kept.
const childEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !/^npm_(package_|lifecycle_|command$|config_local_prefix$)/i.test(k)),
);

/** Runs a command to its end; its stdout, or an error naming the command with its output. */
export async function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  try {
    const { stdout } = await execFileP(command, args, { cwd, env: { ...childEnv, ...env }, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`, { cause: err });
  }
}

export interface PackResult { name: string; filename: string; files: Array<{ path: string }> }

/**
 * Packs `packageDir` into `work` (its prepack script builds it) and installs the tarball into `work/project`, a new
 * project named `projectName`. `ignoreScripts` keeps the package's install scripts from running there.
 */
export async function packAndInstall(packageDir: string, work: string, projectName: string, opts: { ignoreScripts?: boolean } = {}): Promise<{ packed: PackResult[]; project: string }> {
  const packed = JSON.parse(await run('npm', ['pack', '--pack-destination', work, '--json'], packageDir)) as PackResult[];
  const project = join(work, 'project');
  await mkdir(project);
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: projectName, private: true, type: 'module' }));
  const tarball = packed[0]?.filename;
  if (tarball === undefined) return { packed, project };
  await run('npm', ['install', join(work, tarball), ...(opts.ignoreScripts ? ['--ignore-scripts'] : []), '--no-audit', '--no-fund', '--prefer-offline'], project);
  return { packed, project };
}
