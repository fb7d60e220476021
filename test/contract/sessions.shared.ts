import { expect } from 'vitest';
import { expectMatchesReference } from './reference.js';

// Two places where the reference's schemas cannot be met literally by any
// body, so these helpers check what the schema means, and say so:
//
// 1. Session lists `required: [..., event, event.id, ...]`. JSON Schema reads
//    'event.id' as one property named "event.id"; the reference means the
//    nested `event.id`. The helper asserts that `event.id` is a UUID and then
//    validates a copy carrying the literal key, so every other rule applies.
// 2. A 207 item's `data` is `oneOf: [AttendeeAddResponse, ErrorResponse]`, but
//    AttendeeAddResponse (an object whose only property, `id`, is optional)
//    also accepts every error body, so an error item can never match exactly
//    one. The helper validates the array with each error's `data` set aside,
//    then validates each error `data` against the operation's ErrorResponse.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function withDottedEventId(session: unknown): unknown {
  expect(session).toBeTypeOf('object');
  const event = (session as { event?: { id?: unknown } }).event;
  expect(typeof event?.id === 'string' && UUID.test(event.id), `event.id of ${JSON.stringify(session).slice(0, 120)}`).toBe(true);
  return { ...(session as Record<string, unknown>), 'event.id': event?.id };
}

/** A Session body, or a page of them, against the reference (see 1. above). */
export function expectSessionMatches(method: string, path: string, status: number, body: unknown): void {
  const page = body as { data?: unknown };
  const copy = Array.isArray(page.data) ? { ...page, data: page.data.map(withDottedEventId) } : withDottedEventId(body);
  expectMatchesReference(method, path, status, copy);
}

/** A 207 check-in body against the reference (see 2. above); returns the number of error items checked. */
export function expectBulkMatches(method: string, path: string, body: unknown): number {
  expect(Array.isArray(body)).toBe(true);
  const items = body as Array<{ status: number; data: Record<string, unknown> }>;
  const errors = items.filter((i) => i.status >= 400);
  expectMatchesReference(method, path, 207, items.map((i) => (i.status >= 400 ? { ...i, data: {} } : i)));
  for (const e of errors) {
    expect(e.data['id']).toBeUndefined();
    expectMatchesReference(method, path, 400, e.data);
  }
  return errors.length;
}
