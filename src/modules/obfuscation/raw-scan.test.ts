import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { needlesOf, scanFile } from './raw-scan.js';

const dir = mkdtempSync(join(tmpdir(), 'eventline-rawscan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function file(bytes: Buffer): string {
  n += 1;
  const path = join(dir, `f${n}`);
  writeFileSync(path, bytes);
  return path;
}

/** Binary noise around the text, as in a database page: no byte of it spells a value. */
function page(text: string): Buffer {
  return Buffer.concat([Buffer.from([0, 0, 0x1f, 0xff, 0xc3]), Buffer.from(text, 'utf8'), Buffer.from([0xe2, 0x82, 0, 7])]);
}

const values = ['Ødegård Ünterwëg', 'Vbrazenhoff', 'qwyneth@erasure.example', '+47 915 55 0199', 'Al'];
const needles = needlesOf(values);
const found = (bytes: Buffer): number[] => [...scanFile(file(bytes), needles).found].sort();

describe('raw byte scan', () => {
  it('finds a value in any letter case, in NFKC, NFD and full-width spellings, and JSON-escaped', () => {
    expect(found(page('ØDEGÅRD ÜNTERWËG'))).toEqual([0]);
    expect(found(page('ødegård ünterwëg'.normalize('NFD')))).toEqual([0]);
    expect(found(page('ｖｂｒａｚｅｎｈｏｆｆ'))).toEqual([1]);
    expect(found(page('{"to":"QWYNETH@ERASURE.EXAMPLE"}'))).toEqual([2]);
    expect(found(page('{"name":"\\u00d8deg\\u00e5rd \\u00dcnterw\\u00ebg"}'))).toEqual([0]);
    expect(found(page('call +47 915 55 0199 now'))).toEqual([3]);
  });

  it('reports nothing for other text, and never a value too short to mean anything', () => {
    expect(found(page('Odegard Unterweg, Vbrazenhof, al, AL'))).toEqual([]);
  });

  it('finds a value that straddles two read chunks', () => {
    const chunk = 8 * 1024 * 1024;
    const value = 'Vbrazenhoff';
    const bytes = Buffer.alloc(chunk + 64, 0);
    bytes.write(value.toUpperCase(), chunk - 5, 'utf8');
    expect(found(bytes)).toEqual([1]);
    const multibyte = Buffer.alloc(chunk + 64, 0);
    // "Ø" is two bytes in UTF-8: split it across the chunk boundary itself.
    multibyte.write('Ødegård Ünterwëg', chunk - 1, 'utf8');
    expect(found(multibyte)).toEqual([0]);
  });

  it('throws for a file it cannot read, so the caller reports the check as not run', () => {
    expect(() => scanFile(join(dir, 'missing'), needles)).toThrow();
  });
});
