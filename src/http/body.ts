import type { FastifyInstance } from 'fastify';
import { CommonErrors } from '../errors.js';

/** Deeper JSON than any operation of the contract needs; refused before it reaches the validator (a 10,000-deep body was a 500). */
export const MAX_JSON_DEPTH = 64;

/** The nesting depth of a JSON text, counted without parsing it (brackets inside strings do not count). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > max) max = depth;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return max;
}

/** The charset parameter of a Content-Type, lower-cased, if there is one. */
export function charsetOf(contentType: string | undefined): string | undefined {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return m?.[1]?.toLowerCase();
}

/**
 * JSON bodies: empty means absent; UTF-8 only (RFC 8259 §8.1; another charset is a 415, not a
 * mis-decoded body), at most MAX_JSON_DEPTH deep (400), then Fastify's own
 * parser with its prototype-poisoning protection.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  addJsonBodyParser(app, 'application/json');
}

/**
 * The same JSON parsing for another media type, in the plugin that needs it
 * (the SCIM routes take application/scim+json, RFC 7644 §3.1).
 */
export function addJsonBodyParser(app: FastifyInstance, mediaType: string): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(mediaType, { parseAs: 'string' }, (request, body, done) => {
    const charset = charsetOf(request.headers['content-type']);
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      done(CommonErrors.unsupportedMediaType(`JSON bodies must be UTF-8, not ${charset}`, { target: 'body' }), undefined);
      return;
    }
    const text = typeof body === 'string' ? body : body.toString('utf8');
    // Many clients send the JSON content type on bodiless POSTs (`.../obfuscate`): an empty
    // body is no body. An operation that needs one still answers 400 from its schema.
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (jsonDepth(text) > MAX_JSON_DEPTH) {
      done(CommonErrors.badRequest(`The JSON body is nested too deep (at most ${MAX_JSON_DEPTH} levels)`, { target: 'body' }), undefined);
      return;
    }
    parse(request, text, done);
  });
}
