// Test data for the video suites: a tiny MP4 (what file-type reads as video/mp4),
// WebVTT files, and raw text/vtt calls (the JSON client cannot send them).
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app.js';

const box = (type: string, body: Buffer): Buffer => {
  const b = Buffer.alloc(8 + body.length);
  b.writeUInt32BE(8 + body.length, 0);
  b.write(type, 4, 'latin1');
  body.copy(b, 8);
  return b;
};

/** An ISO base media file: ftyp (isom), free and a little mdat. Enough for the magic-byte check. */
export function mp4(): Buffer {
  return Buffer.concat([box('ftyp', Buffer.concat([Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41')])), box('free', Buffer.alloc(16)), box('mdat', Buffer.alloc(256, 1))]);
}

export const VALID_VTT = 'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nWelcome to the keynote.\n\n00:00:05.000 --> 00:00:08.500\nLet us begin.\n';
/** Line 6 has a two-digit fraction: "Milliseconds must be given in three digits." */
export const BROKEN_VTT = 'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nWelcome to the keynote.\n\n00:00:05.00 --> 00:00:08.500\nLet us begin.\n';

/** PUT of a WebVTT file to a text track's content. */
export function putVtt(t: TestApp, token: string, videoId: string, trackId: string, body: string, contentType = 'text/vtt'): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PUT', url: `/ea/videos/${videoId}/text-tracks/${trackId}/content`,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, payload: body,
  });
}
