import { describe, expect, it } from 'vitest';
import { EventCopyRegistry, type EventCopyStep } from './events.copy.js';

const step = (name: string, more: Partial<EventCopyStep> = {}): EventCopyStep => ({ name, copy: async () => undefined, ...more });

describe('the event copy step registry', () => {
  it('keeps registration order, except where after/before move a step, and refuses a name twice or a cycle', () => {
    const r = new EventCopyRegistry();
    r.register(step('sessions', { part: 'agenda' }));
    r.register(step('speakers', { after: ['sessions'] }));
    r.register(step('registration-types', { before: ['sessions'] }));
    r.register(step('session-locations', { before: ['sessions'], after: ['nothing-registered'] }));
    r.register(step('program-items', { after: ['session-locations'] }));
    expect(r.ordered().map((s) => s.name)).toEqual(['registration-types', 'session-locations', 'sessions', 'speakers', 'program-items']);
    expect(() => r.register(step('sessions'))).toThrow(/already registered/);
    const cyclic = new EventCopyRegistry();
    cyclic.register(step('a', { after: ['b'] }));
    expect(() => cyclic.register(step('b', { after: ['a'] }))).toThrow(/wait for each other/);
  });

  it('runs only the parts asked for, in order', async () => {
    const r = new EventCopyRegistry();
    const ran: string[] = [];
    for (const [name, part] of [['sessions', 'agenda'], ['speakers', 'speakers'], ['always', undefined]] as const) {
      r.register(step(name, { ...(part ? { part } : {}), copy: async () => void ran.push(name) }));
    }
    const parts = { registration: true, planning: true, agenda: false, travel: true, surveys: true, speakers: true, exhibitors: true };
    const ctx = { accountId: 'a', fromEventId: 'f', toEventId: 't', trx: undefined as never, actor: 'x', now: '', copied: () => undefined, copyOf: () => undefined };
    expect(await r.run(ctx, parts)).toEqual(['speakers', 'always']);
    expect(ran).toEqual(['speakers', 'always']);
  });
});
