import { describe, expect, it } from 'vitest';
import { candidatePattern, likePattern, phoneDigits, redactText, storedForms } from './redact.js';

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

  it('redacts a phone number in any formatting, and only whole numbers', () => {
    const digits = phoneDigits('+1 (555) 010-2030');
    expect(digits).toBe('15550102030');
    const forms = storedForms([digits ?? '']);
    for (const written of ['+1 (555) 010-2030', '1-555-010-2030', '1.555.010.2030', '15550102030', '1 555 010 20 30']) {
      expect(redactText(`call ${written} today`, forms, '[x]'), written).toBe('call [x] today');
    }
    // Longer numbers that merely contain the digits are someone else's.
    expect(redactText('ref 9915550102030', forms)).toBe('ref 9915550102030');
    // SQL candidates let anything sit between the digits; redactText confirms.
    expect(candidatePattern('15550102030')).toBe('%1%5%5%5%0%1%0%2%0%3%0%');
    expect(phoneDigits('Ada Lovelace')).toBeUndefined();
    expect(phoneDigits('12-34')).toBeUndefined();
  });
});

describe('the batch matcher behind redactText', () => {
  // The former implementation: every form tried on every text, longest first.
  const naive = (text: string, forms: readonly string[]): string => {
    const normalized = text.normalize('NFKC');
    let out = normalized;
    for (const f of [...new Set(forms.map((x) => x.normalize('NFKC')))].sort((a, b) => b.length - a.length)) {
      const source = /^\d{7,}$/.test(f) ? `(?<!\\d)\\+?${[...f].join('[\\s().\\-/]*')}(?!\\d)` : f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      out = out.replace(new RegExp(source, 'giu'), '[obfuscated]');
    }
    return out === normalized ? text : out;
  };

  it('redacts exactly what trying every form on the text redacts, for many forms at once', () => {
    const values = ['Ødegård Ünterwëg', 'Vbrazenhoff', 'ada.lovelace@example.test', 'Ada Lovelace', 'Lovelace, Ada', '+1 555 010 2030', '15550102030', 'Ωμέγα', 'Straße', 'ǅemal'];
    const forms = storedForms(values);
    const texts = [
      'Call ØDEGÅRD ÜNTERWËG or VBRAZENHOFF', 'ｖｂｒａｚｅｎｈｏｆｆ said hi', '{"to":"ADA.LOVELACE@example.test","name":"ada lovelace"}',
      'call 1-555-010-2030 or ref 9915550102030', 'ΩΜΈΓΑ and STRASSE and Straße', 'ǄEMAL ǆemal', 'nothing here at all', 'Lovelace, Ada wrote',
    ];
    for (const t of texts) expect(redactText(t, forms), t).toBe(naive(t, forms));
  });
});
