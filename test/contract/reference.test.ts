import { expect, it } from 'vitest';
import {
  describeContract,
  expectMatchesReference,
  referenceCacheStats,
  referenceOperation,
  validateAgainstReference,
  validateAgainstReferenceSchema,
} from './reference.js';

const EVENT_ID = '7f2c4a52-4c8e-4f55-9a55-2f0c3a4b2d11';

function eventsPage(event: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    paging: { limit: 100, totalCount: 1, currentToken: 'x', _links: { self: { href: '/ea/events' } } },
    data: [
      {
        id: EVENT_ID,
        title: 'T',
        format: 'Hybrid',
        planners: [{ firstName: 'A', lastName: 'B', email: 'a.b@example.com' }],
        timezone: 'UTC',
        languages: ['en-US'],
        type: 'Conference',
        ...event,
      },
    ],
  };
}

function withoutFormat(): Record<string, unknown> {
  const page = eventsPage();
  const data = page.data;
  if (!Array.isArray(data) || typeof data[0] !== 'object' || data[0] === null) throw new Error('bad fixture');
  delete (data[0] as Record<string, unknown>).format;
  return page;
}

function thrownMessage(fn: () => void): string {
  try {
    fn();
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  throw new Error('expected the call to throw');
}

describeContract('reference contract helper', () => {
  it('accepts a valid paginated events body for GET /events 200', () => {
    expect(validateAgainstReference('GET', '/events', 200, eventsPage())).toEqual({ valid: true, errors: [] });
    expect(() => expectMatchesReference('GET', '/events', 200, eventsPage())).not.toThrow();
  });

  it('rejects an event without its required format', () => {
    const result = validateAgainstReference('GET', '/events', 200, withoutFormat());
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toMatch(/\/data\/0 .*required property 'format'/);
  });

  it('rejects a format outside the reference enum', () => {
    const result = validateAgainstReference('GET', '/events', 200, eventsPage({ format: 'Online' }));
    expect(result.valid).toBe(false);
    expect(result.errors.some((e) => e.startsWith('/data/0/format ') && e.includes('Hybrid'))).toBe(true);
  });

  it('checks formats (uuid, email) and types inside referenced schemas', () => {
    const badId = validateAgainstReference('GET', '/events', 200, eventsPage({ id: 'not-a-uuid' }));
    expect(badId.errors.join('\n')).toContain('/data/0/id must match format "uuid"');
    const badEmail = validateAgainstReference('GET', '/events', 200, eventsPage({ planners: [{ email: 'nope' }] }));
    expect(badEmail.errors.join('\n')).toContain('/data/0/planners/0/email must match format "email"');
    const badPaging = validateAgainstReference('GET', '/events', 200, { ...eventsPage(), paging: { limit: '100' } });
    expect(badPaging.errors.join('\n')).toMatch(/\/paging\/limit must be integer/);
    expect(badPaging.errors.join('\n')).toMatch(/\/paging must have required property '_links'/);
  });

  it('names the operation, status and instance paths when expectMatchesReference fails', () => {
    const message = thrownMessage(() =>
      expectMatchesReference('GET', '/events', 200, eventsPage({ format: 'Online', languages: 'en-US' })),
    );
    expect(message).toContain('GET /events (getEvents) → 200');
    expect(message).toContain('/data/0/format must be equal to one of the allowed values');
    expect(message).toContain('/data/0/languages must be array');
  });

  it('follows #/components/responses refs: error body for GET /events 400', () => {
    const body = { code: 400, message: 'Bad Request', target: 'filter' };
    expect(validateAgainstReference('GET', '/events', 400, body)).toEqual({ valid: true, errors: [] });
    const bad = validateAgainstReference('GET', '/events', 400, { code: '400', target: 3 });
    expect(bad.valid).toBe(false);
    expect(bad.errors.join('\n')).toContain("(root) must have required property 'message'");
    expect(bad.errors.join('\n')).toContain('/code must be integer');
    expect(bad.errors.join('\n')).toContain('/target must be string');
  });

  it('reports operationId and OAuth scopes', () => {
    const op = referenceOperation('GET', '/events');
    expect(op?.operationId).toBe('getEvents');
    expect(op?.scopes).toContain('event/events:read');
    expect(referenceOperation('get', '/events/{id}')?.operationId).toBe('getEventById');
    // Parameter names may differ from the reference's when the path shape is unique.
    expect(referenceOperation('GET', '/events/{eventId}')?.operationId).toBe('getEventById');
    expect(referenceOperation('GET', '/no-such-resource')).toBeUndefined();
  });

  it('throws for an unknown operation, an undocumented status or a body-less response', () => {
    expect(thrownMessage(() => expectMatchesReference('GET', '/no-such-resource', 200, {}))).toContain(
      'reference has no operation GET /no-such-resource',
    );
    expect(thrownMessage(() => expectMatchesReference('PATCH', '/events', 200, {}))).toContain(
      'no operation PATCH /events',
    );
    expect(thrownMessage(() => expectMatchesReference('GET', '/events', 418, {}))).toMatch(
      /has no response for status 418 \(documented: 200, 400/,
    );
    const noBody = thrownMessage(() =>
      expectMatchesReference('DELETE', '/account-user-groups/{userGroupId}/users/{userId}', 204, {}),
    );
    expect(noBody).toContain('has no application/json response schema');
  });

  it('translates OpenAPI 3.0 nullable to JSON Schema null', () => {
    const path = '/events/{eventId}/attendee-messages/members';
    const page = (leftChannelAt: unknown): unknown => ({
      paging: { _links: { self: { href: '/x' } } },
      data: [{ attendee: { id: 'a', active: false, leftChannelAt }, channel: { id: 'c' } }],
    });
    expect(validateAgainstReference('GET', path, 200, page(null)).valid).toBe(true);
    expect(validateAgainstReference('GET', path, 200, page('2025-03-13T18:00:00.000Z')).valid).toBe(true);
    expect(validateAgainstReference('GET', path, 200, page(5)).valid).toBe(false);
    expect(validateAgainstReference('GET', path, 200, page('yesterday')).errors.join('\n')).toContain(
      'must match format "date-time"',
    );
  });

  it('validates a value against one component schema by its pointer (a callback body, one option of a oneOf)', () => {
    const field = { id: '0852644F-265F-4D94-83A4-05C8479B5599', name: 'Email Address', maximumLength: 80, type: 'String', value: ['a@example.com'] };
    expect(validateAgainstReferenceSchema('contact-transaction', { transactionId: EVENT_ID, data: [field] })).toEqual({ valid: true, errors: [] });
    const bad = validateAgainstReferenceSchema('contact-transaction', { transactionId: EVENT_ID, data: [{ ...field, type: 'Text' }] });
    expect(bad.errors.join('\n')).toContain('/data/0/type must be equal to one of the allowed values');
    expect(validateAgainstReferenceSchema('hook-security.json/oneOf/0', { type: 'apiKey', apiKeyPrefix: 'yes' }).valid).toBe(false);
  });

  it('compiles each validator once: hundreds of validations reuse the cached one', () => {
    const formats = ['In-person', 'Virtual', 'Hybrid'];
    validateAgainstReference('GET', '/events', 200, eventsPage());
    const before = referenceCacheStats();
    let invalid = 0;
    for (let i = 0; i < 300; i++) {
      const id = `7f2c4a52-4c8e-4f55-9a55-${String(i).padStart(12, '0')}`;
      const body = eventsPage({ id: i % 10 === 9 ? `bad-${i}` : id, title: `Event ${i}`, format: formats[i % 3] });
      if (!validateAgainstReference('GET', '/events', 200, body).valid) invalid++;
    }
    expect(invalid).toBe(30);
    expect(referenceCacheStats()).toEqual(before);
  });
});
