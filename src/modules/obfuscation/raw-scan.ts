import { closeSync, openSync, readSync } from 'node:fs';
import { storedForms } from '../privacy/index.js';

// The byte-level half of the verifier: a database file (SQLite's file and WAL,
// PostgreSQL's relation files) keeps old row versions, freed cells and index
// entries that no query can see, so the bytes themselves are searched.

/** Bytes read at a time: a PostgreSQL segment is 1 GiB, more than one JavaScript string may hold. */
const CHUNK_BYTES = 8 * 1024 * 1024;

/** Non-ASCII characters as JSON `\uXXXX` escapes (what ASCII-only serialisers write), compared in lower case. */
function asciiEscaped(text: string): string {
  // By UTF-16 code unit, as JSON escapes them: a letter outside the BMP becomes its surrogate pair.
  return text.replace(/[^\p{ASCII}]/gu, (c) => c.split('').map((u) => `\\u${u.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')).toLowerCase();
}

/**
 * What a scan looks for, per value: every stored form (as typed, NFKC, JSON-escaped),
 * each in NFKC and lower case, which is how scanned text is compared; and with
 * non-ASCII letters as `\uXXXX` escapes, in the value's own case, lower and upper
 * case (an escape hides the letter's case from the comparison). Values too short to
 * mean anything (under three characters) have no needles and are never reported.
 */
export function needlesOf(values: readonly string[]): string[][] {
  return values.map((v) => {
    const out = new Set<string>();
    for (const form of storedForms([v])) {
      const nfkc = form.normalize('NFKC');
      out.add(nfkc.toLowerCase());
      for (const cased of [nfkc, nfkc.toLowerCase(), nfkc.toUpperCase()]) {
        const escaped = asciiEscaped(cased);
        if (escaped !== cased.toLowerCase()) out.add(escaped);
      }
    }
    return [...out];
  });
}

/** Text of raw bytes as the needles are written: UTF-8 (invalid bytes become U+FFFD), NFKC, lower case. */
function fold(bytes: Buffer): string {
  return bytes.toString('utf8').normalize('NFKC').toLowerCase();
}

export interface FileScan {
  /** Indexes (into the needles' values) of the values found in the file. */
  readonly found: ReadonlySet<number>;
  readonly bytes: number;
}

/**
 * Searches one file for every value in any letter case and Unicode form. Reads in
 * chunks that overlap by more than the longest needle can take in raw bytes (each
 * character up to 4 bytes in UTF-8, a full-width letter 3), so a value that spans two
 * chunks is still found. Throws when the file cannot be opened or read.
 */
export function scanFile(path: string, needles: readonly (readonly string[])[]): FileScan {
  const found = new Set<number>();
  const longest = Math.max(0, ...needles.flat().map((n) => n.length));
  if (longest === 0) return { found, bytes: 0 };
  const overlap = longest * 4 + 16;
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(CHUNK_BYTES + overlap);
    let carried = 0;
    let total = 0;
    for (;;) {
      const n = readSync(fd, buf, carried, CHUNK_BYTES, null);
      if (n === 0) break;
      total += n;
      const end = carried + n;
      const text = fold(buf.subarray(0, end));
      for (const [i, list] of needles.entries()) {
        if (!found.has(i) && list.some((needle) => text.includes(needle))) found.add(i);
      }
      if (found.size === needles.length) break;
      carried = Math.min(overlap, end);
      buf.copy(buf, 0, end - carried, end);
    }
    return { found, bytes: total };
  } finally {
    closeSync(fd);
  }
}
