import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, main } from '../../src/cli/index.js';
import { loadConfig, type Config } from '../../src/config/index.js';
import { DEFAULT_SIM_URL, startSimServer, type SimMeeting, type SimServer } from '../../src/sim/index.js';

// The control commands of `eventline provider-sim` find the simulator without --url:
// SYNC_SIM_URL when set, else where `eventline provider-sim` listens by default.

let sim: SimServer;
let config: Config;

beforeAll(async () => {
  sim = await startSimServer({ port: 0 });
  config = loadConfig({ DEMO: 'false', LOG_LEVEL: 'silent', SYNC_SIM_URL: sim.url });
});
afterAll(async () => sim?.close());

async function cli(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(['node', 'eventline', 'provider-sim', ...args], { config, io: { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s) } });
  return { code, stdout, stderr };
}

describe('eventline provider-sim control commands', () => {
  it('play a meeting with no --url, on the simulator SYNC_SIM_URL names', async () => {
    const res = await fetch(`${sim.url}/v2/users/me/meetings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ topic: 'Town hall' }) });
    const meeting = (await res.json()) as SimMeeting;
    const edit = await cli(['edit', meeting.id, '--topic', 'Town hall, live']);
    expect(edit.code, edit.stderr).toBe(EXIT.ok);
    const ended = await cli(['end', meeting.id, '--json']);
    expect(ended.code, ended.stderr).toBe(EXIT.ok);
    expect(JSON.parse(ended.stdout)).toMatchObject({ id: meeting.id, topic: 'Town hall, live', status: 'finished' });
  });

  it('name the default address in their help, which is where `eventline provider-sim` listens', async () => {
    expect(DEFAULT_SIM_URL).toBe('http://127.0.0.1:4010');
    const help = await cli(['join', '--help']);
    expect(help.code).toBe(EXIT.ok);
    // Help wraps long lines: compare with the whitespace folded.
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(`(default: SYNC_SIM_URL, else ${DEFAULT_SIM_URL})`);
    expect(help.stdout).not.toMatch(/required/i);
    const listen = await cli(['--help']);
    expect(listen.stdout.replace(/\s+/g, ' ')).toMatch(/--port <n> [^-]*\(default: 4010\)/);
  });
});
