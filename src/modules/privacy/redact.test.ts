import { describe, expect, it } from 'vitest';
import { candidatePattern, likePattern, redactText, storedForms } from './redact.js';

describe('free-text matching for erasers', () => {
  it('redacts a value in any letter case and Unicode form, and leaves text without it byte for byte', () => {
    const forms = storedForms(['Ødegård Ünterwëg', 'Vbrazenhoff']);
    expect(redactText('Call ØDEGÅRD ÜNTERWËG or VBRAZENHOFF', forms)).toBe('Call [obfuscated] or [obfuscated]');
    // Full-width letters are the same letters in NFKC.
    expect(redactText('ｖｂｒａｚｅｎｈｏｆｆ said hi', forms, '[x]')).toBe('[x] said hi');
    const untouched = 'ｆｕｌｌ width, nothing to erase';
    expect(redactText(untouched, forms)).toBe(untouched);
  });

  it('builds SQL candidates that cannot miss a non-ASCII spelling: each non-ASCII run is a wildcard', () => {
    expect(candidatePattern('ØDEGÅRD Ünterwëg')).toBe('%deg%rd %nterw%g%');
    // LIKE's own wildcards in a value stay literal.
    expect(candidatePattern('50%_off')).toBe('%50\\%\\_off%');
    // The exact pattern (reports of hits) keeps every character.
    expect(likePattern('ØDEGÅRD')).toBe('%ødegård%');
  });
});
