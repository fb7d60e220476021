import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { CliError } from './errors.js';

/**
 * Named profiles of `eventline login` (issue 35): where the API is and which application calls
 * it. The profiles live in `<config dir>/config.json` ($XDG_CONFIG_HOME/eventline, else
 * ~/.config/eventline); a profile's client secret is kept in the OS keychain when one answers
 * (macOS `security`, elsewhere libsecret's `secret-tool` on the session bus), shelled out to so
 * that the CLI carries no native module, and otherwise in `credentials.json` beside it, mode 0600.
 */

export const KEYCHAIN_SERVICE = 'eventline';

const ProfileSchema = Type.Object({
  url: Type.String({ minLength: 1 }),
  clientId: Type.String({ minLength: 1 }),
  /** Where the secret is: the OS keychain, or credentials.json. */
  secret: Type.Union([Type.Literal('keychain'), Type.Literal('file')]),
});
export type Profile = Static<typeof ProfileSchema>;

const ConfigFileSchema = Type.Object({
  current: Type.Optional(Type.String()),
  profiles: Type.Record(Type.String(), ProfileSchema),
});
type ConfigFile = Static<typeof ConfigFileSchema>;

const CredentialsSchema = Type.Object({ profiles: Type.Record(Type.String(), Type.String()) });

const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export function checkProfileName(name: string): string {
  if (!PROFILE_NAME.test(name)) throw new CliError('usage_error', `'${name}' is not a profile name: letters, digits, '.', '_' and '-', up to 64, starting with a letter or digit`);
  return name;
}

/** Where a secret can be kept outside the file. Each method reports failure instead of throwing. */
export interface Keychain {
  /** For messages: "macOS keychain", "secret service (secret-tool)". */
  readonly name: string;
  /** True when stored; false when the keychain is absent or refused (no session bus, locked, ...). */
  store(profile: string, secret: string): Promise<boolean>;
  lookup(profile: string): Promise<string | undefined>;
  remove(profile: string): Promise<void>;
}

interface Ran { code: number | null; stdout: string; stderr: string }

/** Runs a command with no shell; a missing command or one that hangs (a keychain waiting on a bus) is a failure, not an error. */
function run(command: string, args: readonly string[], input?: string, timeoutMs = 10_000): Promise<Ran> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let child;
    try {
      child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], timeout: timeoutMs });
    } catch {
      resolve({ code: null, stdout, stderr: 'not started' });
      return;
    }
    child.stdout.on('data', (d: Buffer) => void (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => void (stderr += d.toString()));
    child.on('error', () => resolve({ code: null, stdout, stderr }));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.on('error', () => undefined);
    child.stdin.end(input ?? '');
  });
}

/** libsecret's command-line tool: the secret goes in on stdin, never on the command line. */
export function secretToolKeychain(command = 'secret-tool'): Keychain {
  const attrs = (profile: string): string[] => ['service', KEYCHAIN_SERVICE, 'profile', profile];
  return {
    name: 'secret service (secret-tool)',
    async store(profile, secret) {
      const r = await run(command, ['store', `--label=eventline profile ${profile}`, ...attrs(profile)], secret);
      return r.code === 0;
    },
    async lookup(profile) {
      const r = await run(command, ['lookup', ...attrs(profile)]);
      // secret-tool prints the secret without a newline when stdout is not a terminal.
      return r.code === 0 && r.stdout !== '' ? r.stdout.replace(/\n$/, '') : undefined;
    },
    async remove(profile) {
      await run(command, ['clear', ...attrs(profile)]);
    },
  };
}

/** macOS `security`. Its add command takes the password as an argument (it has no stdin form). */
export function macosKeychain(command = 'security'): Keychain {
  return {
    name: 'macOS keychain',
    async store(profile, secret) {
      const r = await run(command, ['add-generic-password', '-U', '-s', KEYCHAIN_SERVICE, '-a', profile, '-w', secret]);
      return r.code === 0;
    },
    async lookup(profile) {
      const r = await run(command, ['find-generic-password', '-s', KEYCHAIN_SERVICE, '-a', profile, '-w']);
      return r.code === 0 ? r.stdout.replace(/\n$/, '') : undefined;
    },
    async remove(profile) {
      await run(command, ['delete-generic-password', '-s', KEYCHAIN_SERVICE, '-a', profile]);
    },
  };
}

/** The keychain of the platform: `security` on macOS, `secret-tool` on Linux and the BSDs, none elsewhere. */
export function systemKeychain(platform: NodeJS.Platform = process.platform): Keychain | undefined {
  if (platform === 'darwin') return macosKeychain();
  if (platform === 'linux' || platform === 'freebsd' || platform === 'openbsd') return secretToolKeychain();
  return undefined;
}

/** Writes a file only its owner can read, atomically (a reader never sees half of it). */
function writePrivate(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text, { mode: 0o600 });
  // The mode of writeFileSync is filtered by the umask and ignored for an existing file: set it outright.
  chmodSync(tmp, 0o600);
  renameSync(tmp, path);
}

function readJson<T>(path: string, schema: TSchema, empty: T): T {
  if (!existsSync(path)) return empty;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new CliError('failed', `${path} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!Value.Check(schema, parsed)) throw new CliError('failed', `${path} is not an eventline profile file (fix or remove it)`);
  return parsed as T;
}

export interface ResolvedProfile extends Profile {
  name: string;
  /** Undefined when the keychain no longer has it. */
  clientSecret: string | undefined;
}

export class ProfileStore {
  readonly configFile: string;
  readonly credentialsFile: string;

  constructor(readonly dir: string, private readonly keychain: Keychain | undefined) {
    this.configFile = join(dir, 'config.json');
    this.credentialsFile = join(dir, 'credentials.json');
  }

  read(): ConfigFile {
    return readJson<ConfigFile>(this.configFile, ConfigFileSchema, { profiles: {} });
  }

  private write(config: ConfigFile): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    writePrivate(this.configFile, `${JSON.stringify(config, null, 2)}\n`);
  }

  private credentials(): Record<string, string> {
    return readJson<{ profiles: Record<string, string> }>(this.credentialsFile, CredentialsSchema, { profiles: {} }).profiles;
  }

  private writeCredentials(profiles: Record<string, string>): void {
    if (Object.keys(profiles).length === 0) {
      rmSync(this.credentialsFile, { force: true });
      return;
    }
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    writePrivate(this.credentialsFile, `${JSON.stringify({ profiles }, null, 2)}\n`);
  }

  /** Saves a profile and makes it the current one; returns where the secret went. */
  async save(name: string, profile: { url: string; clientId: string; clientSecret: string }): Promise<{ secret: Profile['secret']; keychain?: string }> {
    const config = this.read();
    const inKeychain = this.keychain !== undefined && await this.keychain.store(name, profile.clientSecret);
    const creds = this.credentials();
    if (inKeychain) delete creds[name];
    else creds[name] = profile.clientSecret;
    this.writeCredentials(creds);
    config.profiles[name] = { url: profile.url, clientId: profile.clientId, secret: inKeychain ? 'keychain' : 'file' };
    config.current = name;
    this.write(config);
    return inKeychain && this.keychain ? { secret: 'keychain', keychain: this.keychain.name } : { secret: 'file' };
  }

  names(): string[] {
    return Object.keys(this.read().profiles).sort();
  }

  /** The profile, or a usage error that lists the ones there are (and the nearest name). */
  async get(name: string): Promise<ResolvedProfile> {
    const config = this.read();
    const profile = config.profiles[name];
    if (!profile) throw unknownProfile(name, Object.keys(config.profiles));
    const clientSecret = profile.secret === 'keychain' ? await this.keychain?.lookup(name) : this.credentials()[name];
    return { name, ...profile, clientSecret };
  }

  current(): string | undefined {
    const config = this.read();
    return config.current !== undefined && config.profiles[config.current] ? config.current : undefined;
  }

  use(name: string): void {
    const config = this.read();
    if (!config.profiles[name]) throw unknownProfile(name, Object.keys(config.profiles));
    config.current = name;
    this.write(config);
  }

  async remove(name: string): Promise<void> {
    const config = this.read();
    const profile = config.profiles[name];
    if (!profile) throw unknownProfile(name, Object.keys(config.profiles));
    if (profile.secret === 'keychain') await this.keychain?.remove(name);
    const creds = this.credentials();
    if (name in creds) {
      delete creds[name];
      this.writeCredentials(creds);
    }
    delete config.profiles[name];
    if (config.current === name) delete config.current;
    this.write(config);
  }
}

/** Damerau-Levenshtein distance, as commander uses for its suggestions. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const prev = d[i - 1] as number[];
      row[j] = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/** The nearest of `candidates` to `name`, when it is close enough to be a typo. */
export function nearest(name: string, candidates: readonly string[]): string | undefined {
  let best: { c: string; d: number } | undefined;
  for (const c of candidates) {
    const d = distance(name, c);
    if (d <= Math.max(1, Math.floor(c.length / 3)) && (!best || d < best.d)) best = { c, d };
  }
  return best?.c;
}

function unknownProfile(name: string, names: readonly string[]): CliError {
  const near = nearest(name, names);
  const list = names.length > 0 ? `profiles: ${[...names].sort().join(', ')}` : 'no profiles yet: eventline login --profile <name> ...';
  return new CliError('usage_error', `no profile '${name}'${near ? ` (Did you mean ${near}?)` : ''}; ${list}`, { reason: 'profile' });
}
