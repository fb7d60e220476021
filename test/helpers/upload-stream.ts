import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';

// Large uploads over real HTTP to a server process, and that process's memory:
// for the streaming test (test/api/files-streaming.test.ts) and the benchmark
// (bench/files-upload.ts).

/** Resident set size of a process, in bytes (Linux /proc, else ps). */
export function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
    if (kb !== undefined) return Number(kb) * 1024;
  } catch {
    // not Linux: ask ps
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) * 1024;
}

/** The kernel's record of a process's peak RSS (VmHWM), in bytes, where there is one (Linux). */
function peakRssOf(pid: number): number | undefined {
  try {
    const kb = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/**
 * Samples a process's RSS every `everyMs` until stopped: the peak and the number
 * of samples. On Linux the kernel's peak (VmHWM) is reset at the start (writing 5
 * to /proc/<pid>/clear_refs) and read at the end, so a peak between two samples
 * is not missed.
 */
export function sampleRss(pid: number, everyMs = 20): { stop(): { peak: number; samples: number } } {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // not Linux, or not allowed: the samples alone
  }
  let peak = rssOf(pid);
  let samples = 1;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf(pid));
      samples++;
    } catch {
      // the process ended
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, rssOf(pid), peakRssOf(pid) ?? 0);
      return { peak, samples: samples + 1 };
    },
  };
}

/** One chunk of the generated file: printable text, so it is an allowed .txt; different per index so the hash means something. */
function chunkOf(index: number, size: number): Buffer {
  const line = `line ${index} of a large streamed upload ................................................\n`;
  return Buffer.from(line.repeat(Math.ceil(size / line.length)).slice(0, size));
}

/**
 * POSTs a generated text file of `bytes` bytes as multipart/form-data with
 * chunked transfer encoding, writing it chunk by chunk under backpressure:
 * the client never holds the file either. Answers the status, the body and the
 * SHA-256 of what was sent.
 */
export async function streamUpload(address: string, token: string, bytes: number, chunkBytes = 1024 * 1024): Promise<{ status: number; body: string; sha256: string }> {
  const boundary = `----eventline-stream-${Date.now().toString(16)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.txt"\r\nContent-Type: text/plain\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL('/ea/files', address);
  const hash = createHash('sha256');
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8'), sha256: hash.digest('hex') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    const write = (b: Buffer) => (req.write(b) ? Promise.resolve() : new Promise<void>((r) => req.once('drain', () => r())));
    void (async () => {
      await write(head);
      for (let sent = 0, i = 0; sent < bytes; i++) {
        const chunk = chunkOf(i, Math.min(chunkBytes, bytes - sent));
        hash.update(chunk);
        await write(chunk);
        sent += chunk.length;
      }
      req.end(tail);
    })().catch(reject);
  });
}

/** Downloads a URL as a stream and answers its size and SHA-256 (the client holds one chunk at a time). */
export async function streamDownload(url: string): Promise<{ status: number; size: number; sha256: string }> {
  const res = await fetch(url);
  const hash = createHash('sha256');
  let size = 0;
  if (res.body) {
    for await (const chunk of res.body) {
      hash.update(chunk);
      size += chunk.length;
    }
  }
  return { status: res.status, size, sha256: hash.digest('hex') };
}
