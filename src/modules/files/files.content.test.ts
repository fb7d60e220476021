import { describe, expect, it } from 'vitest';
import { imageInfo, inspect } from './files.content.js';
import { cleanFileName } from './files.service.js';

// What an upload is, from its bytes: each allowed kind, the names and declared
// types that must agree with it, and the image headers behind the magic numbers.

/** A zip with stored (uncompressed) entries: enough for Office detection, which reads entry names. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const n = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, data);
    centrals.push(central, n);
    offset += 30 + n.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const contentTypes = (part: string, type: string) =>
  `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${part}" ContentType="${type}"/></Types>`;
const docx = zip({ '[Content_Types].xml': contentTypes('word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'), 'word/document.xml': '<w:document/>' });
const xlsx = zip({ '[Content_Types].xml': contentTypes('xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'), 'xl/workbook.xml': '<workbook/>' });
const cfb = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600)]);
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.from('IHDR'), Buffer.from([0, 0, 0, 7, 0, 0, 0, 5, 8, 2, 0, 0, 0]), Buffer.alloc(40),
]);
const plain = { mimetype: 'application/octet-stream', imageRequired: false };
const check = (bytes: Buffer, filename: string, extra: Partial<typeof plain> = {}) => inspect(bytes, true, { ...plain, filename, ...extra });

describe('inspect: what the bytes are', () => {
  it('recognises each allowed kind by its content and gives it the type it is served with', async () => {
    const cases: Array<[Buffer, string, string, string]> = [
      [docx, 'minutes.docx', 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      [xlsx, 'budget.xlsx', 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      [cfb, 'old.doc', 'doc', 'application/msword'],
      [cfb, 'old.xls', 'xls', 'application/vnd.ms-excel'],
      [cfb, 'mail.msg', 'msg', 'application/vnd.ms-outlook'],
      [Buffer.concat([Buffer.from('!BDN'), Buffer.alloc(500)]), 'archive.ost', 'ost', 'application/vnd.ms-outlook'],
      [Buffer.from('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n'), 'invite.ics', 'ics', 'text/calendar'],
      [Buffer.from('%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n'), 'logo.eps', 'eps', 'application/postscript'],
      [Buffer.from('%PDF-1.5\n%\u00e2\u00e3\n'), 'artwork.ai', 'ai', 'application/postscript'],
      [Buffer.from('From: a@example.test\r\nSubject: hi\r\n\r\nbody\r\n'), 'message.eml', 'eml', 'message/rfc822'],
      [Buffer.from('wOF2\u0000\u0001\u0000\u0000'.padEnd(64, '\u0000'), 'latin1'), 'font.woff2', 'woff2', 'font/woff2'],
      [Buffer.from('Ümläüts in Latin-1: \xe9t\xe9', 'latin1'), 'legacy.txt', 'txt', 'text/plain'],
      [png, 'pixel.png', 'png', 'image/png'],
    ];
    for (const [bytes, name, extension, contentType] of cases) {
      const verdict = await check(bytes, name);
      expect(verdict, name).toMatchObject({ ok: true, extension, contentType });
    }
  });

  it('gives a file without an extension the first extension of its kind, but asks for one on a legacy Office file', async () => {
    expect(await check(docx, 'minutes')).toMatchObject({ ok: true, extension: 'docx' });
    expect(await check(Buffer.from('hello'), 'README')).toMatchObject({ ok: true, extension: 'txt', contentType: 'text/plain' });
    expect(await check(cfb, 'old')).toMatchObject({ ok: false, reason: 'mismatch', message: expect.stringContaining('.doc, .xls, .ppt or .msg') });
  });

  it('refuses what is not allowed: other formats, binary without a magic number, disallowed names, names that do not fit', async () => {
    expect(await check(zip({ 'a.txt': 'hi' }), 'bundle.zip')).toMatchObject({ ok: false, reason: 'unsupported', message: expect.stringContaining('application/zip') });
    expect(await check(Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe]), 'blob.txt')).toMatchObject({ ok: false, reason: 'unsupported' });
    expect(await check(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'icon.svg')).toMatchObject({ ok: false, message: expect.stringMatching(/^Files named \.svg/) });
    expect(await check(docx, 'minutes.xlsx')).toMatchObject({ ok: false, reason: 'mismatch', message: 'The file is named .xlsx but its content is a Word document' });
    expect(await check(Buffer.alloc(0), 'empty.txt')).toMatchObject({ ok: false, reason: 'empty' });
  });

  it('holds a declared image to being one: by extension, image/* type or the image purpose', async () => {
    expect(await check(docx, 'photo.jpeg')).toMatchObject({ ok: false, reason: 'not-an-image' });
    expect(await check(docx, 'photo', { mimetype: 'image/jpeg' })).toMatchObject({ ok: false, reason: 'not-an-image' });
    expect(await check(docx, 'minutes.docx', { imageRequired: true })).toMatchObject({ ok: false, reason: 'not-an-image' });
    // A BMP is an image, but not one of the banner and logo types.
    const bmp = Buffer.concat([Buffer.from('BM'), Buffer.alloc(16), Buffer.from([2, 0, 0, 0, 2, 0, 0, 0]), Buffer.alloc(40)]);
    expect(await check(bmp, 'a.bmp')).toMatchObject({ ok: true, image: { width: 2, height: 2 } });
    expect(await check(bmp, 'a.bmp', { imageRequired: true })).toMatchObject({ ok: false, message: 'Banner and logo images must be JPEG, PNG or GIF; the file is a BMP image' });
    expect(await check(png, 'pixel.png', { imageRequired: true, mimetype: 'image/png' })).toMatchObject({ ok: true, image: { width: 7, height: 5 } });
  });
});

describe('imageInfo: the header behind the magic number', () => {
  const soi = [0xff, 0xd8];
  const app0 = [0xff, 0xe0, 0x00, 0x04, 0x00, 0x00];
  const sof = [0xff, 0xc2, 0x00, 0x0b, 0x08, 0x00, 0x20, 0x00, 0x40, 0x01, 0x01];
  it('reads a JPEG frame header after other segments and fill bytes', () => {
    expect(imageInfo('jpeg', Buffer.from([...soi, ...app0, 0xff, ...sof]), true)).toEqual({ width: 64, height: 32 });
  });
  it('accepts well-formed JPEG segments that run past the sample, and refuses broken or scan-first ones', () => {
    const longApp = [0xff, 0xe1, 0xff, 0xf0];
    expect(imageInfo('jpeg', Buffer.from([...soi, ...longApp, 1, 2, 3]), false)).toEqual({ width: undefined, height: undefined });
    expect(imageInfo('jpeg', Buffer.from([...soi, ...longApp, 1, 2, 3]), true)).toBeUndefined();
    expect(imageInfo('jpeg', Buffer.from([...soi, 0xff, 0xda, 0x00, 0x02]), true)).toBeUndefined();
    expect(imageInfo('jpeg', Buffer.from([...soi, 0x12, 0x34, 0x00, 0x02]), true)).toBeUndefined();
  });
  it('refuses zero-sized PNG and GIF headers', () => {
    const zero = Buffer.from(png);
    zero.writeUInt32BE(0, 16);
    expect(imageInfo('png', zero, true)).toBeUndefined();
    expect(imageInfo('gif', Buffer.from('GIF89a\u0000\u0000\u0001\u0000\u0000\u0000\u0000', 'latin1'), true)).toBeUndefined();
  });
});

describe('inspect: purpose=video (the video library)', () => {
  const box = (type: string, body: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, 8 + body.length]), Buffer.from(type, 'latin1'), body]);
  const mp4 = Buffer.concat([box('ftyp', Buffer.from('isom\u0000\u0000\u0002\u0000isomiso2avc1mp41', 'latin1')), box('free', Buffer.alloc(16))]);
  const video = (bytes: Buffer, filename: string) => inspect(bytes, true, { ...plain, filename, videoRequired: true });

  it('takes an MP4 only for that purpose, with a name that fits it', async () => {
    expect(await video(mp4, 'talk.mp4')).toMatchObject({ ok: true, extension: 'mp4', contentType: 'video/mp4' });
    expect(await video(mp4, 'talk')).toMatchObject({ ok: true, extension: 'mp4' });
    expect(await video(mp4, 'talk.webm')).toMatchObject({ ok: false, reason: 'mismatch' });
    expect(await check(mp4, 'talk.mp4')).toMatchObject({ ok: false, reason: 'unsupported' });
  });

  it('refuses what is not a video', async () => {
    expect(await video(png, 'poster.png')).toMatchObject({ ok: false, reason: 'unsupported', message: expect.stringContaining('image/png') });
    expect(await video(Buffer.from('hello'), 'a.mp4')).toMatchObject({ ok: false, reason: 'unsupported' });
  });
});

describe('cleanFileName', () => {
  it('keeps the last path segment, drops control and bidi-override characters, and keeps 255 characters', () => {
    expect(cleanFileName('C:\\fakepath\\report.pdf')).toBe('report.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('evil\u202egpj.exe')).toBe('evilgpj.exe');
    expect(cleanFileName('a\u0000b\nc.txt')).toBe('abc.txt');
    expect([...cleanFileName(`${'é'.repeat(300)}.txt`)]).toHaveLength(255);
    expect(cleanFileName('  ')).toBe('');
  });
});
