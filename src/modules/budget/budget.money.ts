// Exact money (issue 31): amounts are integers of a currency's minor unit, rates exact decimals, every product and
// quotient computed with BigInt and rounded half away from zero once. No float ever holds an amount being added up.

const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));
/** The decimals a rate may have. */
export const RATE_DECIMALS = 10;
/** Amounts above this (in major units) are refused: their minor units stay exact integers of a double and a bigint. */
const MAX_MAJOR = 1e12;
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
const NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/** Whether `code` is an ISO 4217 currency code. */
export function isCurrency(code: string): boolean {
  return CURRENCIES.has(code);
}

/** The decimals of the currency's minor unit (2 for USD and EUR, 0 for JPY, 3 for KWD). */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * The exact decimal a JSON number stands for: JavaScript prints the shortest form that reads back the same number,
 * in exponent notation below 1e-6 ("1e-7") and from 1e21 on.
 */
function decimalOf(n: number): { negative: boolean; whole: string; fraction: string } | undefined {
  if (!Number.isFinite(n)) return undefined;
  const m = NUMBER.exec(String(n));
  if (!m) return undefined;
  const digits = (m[2] ?? '0') + (m[3] ?? '');
  const point = (m[2] ?? '0').length + Number(m[4] ?? '0'); // where the decimal point falls in `digits`
  const padded = point <= 0 ? '0'.repeat(1 - point) + digits : point > digits.length ? digits + '0'.repeat(point - digits.length) : digits;
  const at = point <= 0 ? 1 : point;
  return { negative: m[1] === '-', whole: padded.slice(0, at), fraction: padded.slice(at).replace(/0+$/, '') };
}

/**
 * `n` scaled by 10^digits as an exact integer, or undefined when `n` has more decimals than that (or is not a plain
 * decimal within range).
 */
export function scaled(n: number, digits: number): bigint | undefined {
  const d = decimalOf(n);
  if (d === undefined || d.fraction.length > digits || Math.abs(n) > MAX_MAJOR) return undefined;
  const v = BigInt(d.whole + d.fraction.padEnd(digits, '0'));
  return d.negative ? -v : v;
}

/** An integer scaled back into a number for the answer (exact for what `scaled` accepted: a correctly rounded quotient). */
export function unscaled(v: bigint | number, digits: number): number {
  return Number(v) / 10 ** digits;
}

/** a / b rounded half away from zero (b > 0). */
export function divRound(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a % b;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= b) return a < 0n ? q - 1n : q + 1n;
  return q;
}

/** A rate as given (a JSON number) in canonical decimal text, or undefined when not positive or with too many decimals. */
export function rateText(n: number): string | undefined {
  const v = scaled(n, RATE_DECIMALS);
  if (v === undefined || v <= 0n) return undefined;
  return formatScaled(v, RATE_DECIMALS);
}

/** A positive integer scaled by 10^digits as the shortest decimal text ("1.085", "2"). */
export function formatScaled(v: bigint, digits: number): string {
  const negative = v < 0n;
  const s = (negative ? -v : v).toString().padStart(digits + 1, '0');
  const whole = s.slice(0, s.length - digits);
  const fraction = s.slice(s.length - digits).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

function rateScaled(rate: string): bigint {
  const m = DECIMAL.exec(rate);
  if (!m) throw new Error(`not a rate: ${rate}`);
  return BigInt((m[2] ?? '0') + (m[3] ?? '').padEnd(RATE_DECIMALS, '0'));
}

/**
 * `minor` units of a currency with `fromDigits` decimals, at `rate` base units per unit, in minor units of the base
 * currency (`toDigits` decimals): minor x rate x 10^toDigits / 10^fromDigits, rounded once, half away from zero.
 */
export function convert(minor: bigint, fromDigits: number, rate: string, toDigits: number): bigint {
  const numerator = minor * rateScaled(rate) * 10n ** BigInt(toDigits);
  const denominator = 10n ** BigInt(fromDigits + RATE_DECIMALS);
  return divRound(numerator, denominator);
}

/** `amount` x `hundredthsOfPercent` / 10,000, rounded half away from zero: a percentage of an amount in minor units. */
export function percentOf(amount: bigint, hundredthsOfPercent: bigint): bigint {
  return divRound(amount * hundredthsOfPercent, 10_000n);
}

/** A database SUM (a number on SQLite, a numeric string on PostgreSQL, null over no rows) as a bigint. */
export function sumOf(v: unknown): bigint {
  if (v === null || v === undefined) return 0n;
  return BigInt(String(v).replace(/\.0+$/, ''));
}
