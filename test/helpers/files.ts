import { deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

// Sample files and multipart bodies for the files tests: real formats, built
// byte by byte, so the magic-number and header checks see what clients send.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid RGB PNG of the given size (grey pixels). */
export function png(width = 4, height = 3): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = Buffer.alloc(height * (1 + width * 3), 0x80);
  for (let y = 0; y < height; y++) rows[y * (1 + width * 3)] = 0; // filter: none
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** A 1x1 GIF89a. */
export function gif(): Buffer {
  return Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
}

/** A baseline JPEG header: SOI, APP0 (JFIF), SOF0 of width x height, then filler standing in for the scan. */
export function jpeg(width = 16, height = 8): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xda, 0x00, 0x02]), Buffer.alloc(64, 0x11), Buffer.from([0xff, 0xd9])]);
}

/** A small one-page PDF. */
export function pdf(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
}

export interface Part {
  readonly name: string;
  readonly value: string | Buffer;
  readonly filename?: string;
  readonly type?: string;
}

/** A multipart/form-data body, parts in the given order. */
export function form(parts: readonly Part[], boundary = `----eventline${Math.random().toString(16).slice(2)}`): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename !== undefined ? `\r\nContent-Type: ${p.type ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A form with one file part. */
export function fileForm(filename: string, content: Buffer | string, type?: string, fields: readonly Part[] = []) {
  return form([...fields, { name: 'file', value: content, filename, ...(type ? { type } : {}) }]);
}

/** Uploads a file through `POST /ea/files` with the bearer token and answers the new file's id (the upload must be a 201). */
export async function uploadFile(app: FastifyInstance, token: string, name: string, bytes: Buffer): Promise<string> {
  const body = fileForm(name, bytes);
  const res = await app.inject({ method: 'POST', url: '/ea/files', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}
