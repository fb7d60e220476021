import { describe, expect, expectTypeOf, it } from 'vitest';
import { createClient, type ItemOf, type ResultFor } from '../../src/client/index.js';

// Compile-time checks: `tsc --noEmit -p .` covers test/, so a wrong type here fails the typecheck.
// The calls sit in a function that is never run, as no server answers them.
describe('SDK types (generated from the OpenAPI document)', () => {
  it('types documented paths, with and without the version, and leaves other paths open', () => {
    const client = createClient({ baseUrl: 'http://127.0.0.1:9', clientId: 'id', clientSecret: 'secret' });
    const event = { title: 'T', format: 'Hybrid' as const, type: 'Conference' as const, timezone: 'UTC', languages: ['en-US'], planners: [{ firstName: 'P' }] };
    const checks = (): void => {
      expectTypeOf(client.get('/ea/events/{id}', { params: { id: 'x' } })).resolves.toHaveProperty('eventStatus');
      expectTypeOf(client.get('/events/{id}', { params: { id: 'x' } })).resolves.toHaveProperty('eventStatus');
      expectTypeOf(client.get('/not-documented')).resolves.toEqualTypeOf<unknown>();
      expectTypeOf(client.post('/ea/events/async', { body: event })).resolves.toHaveProperty('status');
      // @ts-expect-error the {id} placeholder needs params
      void client.get('/ea/events/{id}');
      // @ts-expect-error a query parameter the list does not have
      void client.get('/ea/events', { query: { limitt: 5 } });
      // @ts-expect-error createEventAsync needs a body
      void client.post('/ea/events/async');
      // @ts-expect-error format is one of In-person, Virtual, Hybrid
      void client.post('/ea/events/async', { body: { ...event, format: 'Online' } });
      // @ts-expect-error there is no DELETE on events
      void client.delete('/ea/events/{id}', { params: { id: 'x' } });
    };
    expectTypeOf<ItemOf<'/ea/events'>>().toHaveProperty('lastModified');
    expectTypeOf<ItemOf<'/ea/events/filter'>>().toEqualTypeOf<ItemOf<'/events'>>();
    expectTypeOf<ResultFor<'/ea/usage/tier', 'get'>>().not.toBeUnknown();
    expect(typeof checks).toBe('function');
  });
});
