import { randomFillSync } from 'node:crypto';

let lastMs = 0;
let seq = 0;

// Random bytes drawn 4 KiB at a time: one call into the CSPRNG per 256 ids instead of two per id (a bulk load of
// contacts makes two ids a contact). Each byte is used once.
const POOL = Buffer.alloc(4096);
let used = POOL.length;

function random16(): Buffer {
  if (used + 16 > POOL.length) {
    randomFillSync(POOL);
    used = 0;
  }
  const b = Buffer.from(POOL.subarray(used, used + 16));
  used += 16;
  return b;
}

// UUIDv7 (RFC 9562): time-ordered ids make keyset paging on id follow insert
// order, so rows inserted while a client pages land after its cursor.
export function newId(now: number = Date.now()): string {
  const b = random16();
  if (now <= lastMs) {
    seq = (seq + 1) & 0xfff;
    if (seq === 0) lastMs += 1;
    now = lastMs;
  } else {
    lastMs = now;
    // The sequence restarts at a random value below half its range (its two random bytes are the id's own 6 and 7,
    // overwritten below).
    seq = b.readUInt16BE(6) & 0x7ff;
  }
  b.writeUIntBE(now, 0, 6);
  b[6] = 0x70 | ((seq >> 8) & 0x0f);
  b[7] = seq & 0xff;
  b[8] = 0x80 | ((b[8] ?? 0) & 0x3f);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
