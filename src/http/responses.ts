import { ErrorResponseSchema } from './errors.js';

const DESCRIPTIONS: Record<number, string> = {
  400: 'Bad request', 401: 'Bad or expired token', 403: 'Forbidden: a required scope is missing', 404: 'Not found',
  409: 'Conflict', 413: 'Payload too large', 429: 'Too many requests', 501: 'Not implemented by eventline yet', 503: 'Service unavailable',
};

/** The contract's error shape for each listed status, for a route's `response` schema. */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorResponseSchema & { description: string }> {
  const out: Record<number, typeof ErrorResponseSchema & { description: string }> = {};
  for (const s of statuses) out[s] = { ...ErrorResponseSchema, description: DESCRIPTIONS[s] ?? 'Error' };
  return out;
}
