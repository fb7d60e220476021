import { CommerceErrors } from './commerce.errors.js';
import type { CardTypes } from './commerce.schemas.js';

// Card numbers are checked here and never kept, logged or echoed: errors name the rule the number breaks, never the
// number. What a token keeps is what the reference returns of a card: its brand, last four digits and expiry.

type Brand = (typeof CardTypes)[number];

/** Issuer prefixes and lengths (ISO/IEC 7812 ranges as the brands publish them); the first match names the brand. */
const BRANDS: ReadonlyArray<{ brand: Brand; prefix: (n: string) => boolean; lengths: readonly number[] }> = [
  { brand: 'AMERICAN_EXPRESS', prefix: (n) => /^3[47]/.test(n), lengths: [15] },
  { brand: 'DINERS_CLUB_INTERNATIONAL', prefix: (n) => /^3(?:0[0-5]|[689])/.test(n), lengths: [14, 15, 16, 17, 18, 19] },
  { brand: 'JCB', prefix: (n) => { const p = Number(n.slice(0, 4)); return p >= 3528 && p <= 3589; }, lengths: [16, 17, 18, 19] },
  { brand: 'MAESTRO', prefix: (n) => /^(?:5018|5020|5038|5893|6304|6759|676[1-3])/.test(n), lengths: [12, 13, 14, 15, 16, 17, 18, 19] },
  { brand: 'DISCOVER', prefix: (n) => /^(?:6011|65|64[4-9])/.test(n), lengths: [16, 17, 18, 19] },
  { brand: 'CHINA_UNIONPAY', prefix: (n) => /^62/.test(n), lengths: [16, 17, 18, 19] },
  { brand: 'MASTERCARD', prefix: (n) => { const p2 = Number(n.slice(0, 2)); const p4 = Number(n.slice(0, 4)); return (p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720); }, lengths: [16] },
  { brand: 'VISA', prefix: (n) => n.startsWith('4'), lengths: [13, 16, 19] },
];

/** The Luhn (mod 10) check digit test. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Checks a card number (digits, brand, length, Luhn) and its expiry; answers its brand and last four digits. */
export function checkCard(number: string, expMonth: number, expYear: number, now: Date): { brand: Brand; last4: string } {
  const target = 'creditCard.number';
  const digits = number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) throw CommerceErrors.invalid('A card number holds digits only (spaces and dashes are allowed)', { target });
  if (digits.length < 12 || digits.length > 19) throw CommerceErrors.invalid('A card number has 12 to 19 digits', { target });
  const brand = BRANDS.find((b) => b.prefix(digits));
  if (!brand) throw CommerceErrors.invalid('The card number belongs to no known card brand', { target });
  if (!brand.lengths.includes(digits.length)) throw CommerceErrors.invalid(`A ${brand.brand} card number has ${brand.lengths.join(', ')} digits`, { target });
  if (!luhnValid(digits)) throw CommerceErrors.invalid('The card number fails its check digit (Luhn)', { target });
  const year = expYear < 100 ? 2000 + expYear : expYear;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (expMonth - 1) < current) throw CommerceErrors.invalid('The card has expired', { target: 'creditCard.expYear' });
  return { brand: brand.brand, last4: digits.slice(-4) };
}
