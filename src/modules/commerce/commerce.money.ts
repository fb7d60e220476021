// Exact money: amounts are integer minor units of their currency; the API's decimal numbers are converted through
// their shortest decimal text (what JSON carries), never by float arithmetic on the amount.

const exponents = new Map<string, number>();

/** The number of decimals of a currency's minor unit (2 for USD, 0 for JPY, 3 for BHD), from the ICU data. */
export function currencyExponent(currency: string): number {
  let e = exponents.get(currency);
  if (e === undefined) {
    e = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    exponents.set(currency, e);
  }
  return e;
}

/** A decimal number with at most `decimals` decimals as an integer of 10^-decimals, or undefined when it has more or is out of range. */
export function scaled(value: number, decimals: number): number | undefined {
  if (!Number.isFinite(value)) return undefined;
  const text = Math.abs(value).toString();
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return undefined; // exponent notation: far too large or too small for money
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) return undefined;
  const n = Number(`${m[1] ?? '0'}${fraction.padEnd(decimals, '0')}`);
  if (!Number.isSafeInteger(n)) return undefined;
  return value < 0 ? -n : n;
}

/** The integer as the decimal number it stands for (12345, 2 → 123.45). */
export function unscaled(n: number, decimals: number): number {
  if (decimals === 0) return n;
  const sign = n < 0 ? '-' : '';
  const digits = Math.abs(n).toString().padStart(decimals + 1, '0');
  return Number(`${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`);
}

/** An amount in the currency's minor units, or undefined when it has more decimals than the currency. */
export const toMinor = (value: number, currency: string): number | undefined => scaled(value, currencyExponent(currency));
/** Minor units as the API's decimal amount. */
export const fromMinor = (minor: number, currency: string): number => unscaled(minor, currencyExponent(currency));

export type DiscountMethod = 'BY_AMOUNT' | 'BY_PERCENTAGE' | 'FLAT_PRICE';

/**
 * What a discount takes off a line of `quantity` units at `price` (minor units), exactly: an amount off each unit, a
 * percentage of the line (in hundredths of a percent, rounded half up to the minor unit), or a flat unit price.
 * Never more than the line.
 */
export function discountOf(method: DiscountMethod, value: number, price: number, quantity: number): number {
  const line = price * quantity;
  let off: number;
  if (method === 'BY_AMOUNT') off = value * quantity;
  else if (method === 'FLAT_PRICE') off = Math.max(0, price - value) * quantity;
  else off = Number((BigInt(line) * BigInt(value) + 5000n) / 10000n);
  return Math.min(Math.max(off, 0), line);
}
