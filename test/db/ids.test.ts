import { describe, expect, it } from 'vitest';
import { newId } from '../../src/db/ids.js';

describe('ids', () => {
  it('are UUIDv7: unique, in creation order, with the version and variant bits', () => {
    const ids = Array.from({ length: 20_000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids.slice(0, 500)) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The random part differs between ids of the same millisecond (the pool is never reused).
    expect(new Set(ids.map((id) => id.slice(19))).size).toBe(ids.length);
  });
});
