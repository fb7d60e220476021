import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// A reader that stops early closes the pipe (`eventline openapi | head -1`): the CLI's next
// write fails with EPIPE, which is the normal end of a pipeline, not a crash.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'eventline-pipe-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function pipeline(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DEMO: 'false', LOG_LEVEL: 'silent' };
  delete env['DATABASE_URL'];
  // bash for pipefail: the pipeline's status is eventline's when it fails, not only head's.
  const child = spawn('bash', ['-c', `set -o pipefail; ${script}`], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => void (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => void (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('eventline in a pipeline', () => {
  it('`openapi | head -1` ends quietly: no stack trace, exit status 0', async () => {
    // The document is far larger than a pipe's buffer, so the write after head exits meets a closed pipe.
    const run = await pipeline('node bin/eventline.js openapi | head -1');
    expect(run.stdout).toBe('{\n');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  }, 120_000);

  it('and so does `openapi --yaml | head -1`, through tsx straight from the sources', async () => {
    const run = await pipeline("node --import tsx -e \"const { main } = await import('./src/cli/index.ts'); process.exitCode = await main(process.argv.slice(0, 1).concat(['eventline', 'openapi', '--yaml']))\" --input-type=module | head -1");
    expect(run.stdout).toMatch(/^openapi: 3\.1\.0\n$/);
    expect(run.stderr).not.toMatch(/\n\s+at |EPIPE|Unhandled/);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  }, 120_000);
});
