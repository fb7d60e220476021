import { show, type Token } from './lexer.js';
import { FilterError, type FilterField } from './types.js';

const NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?)?$/;
const CANONICAL_YEAR = /^\d{4}-/;

const EXPECTED: Record<FilterField['type'], string> = {
  string: 'a string',
  boolean: 'a boolean (true or false)',
  number: 'a finite number',
  datetime: 'an ISO-8601 date or date-time, e.g. 2024-05-01 or 2024-05-01T18:30:00Z',
  uuid: 'a UUID (8-4-4-4-12 hex digits)',
};

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

// A date-time without an offset is taken to be UTC so results do not depend on the server's time zone.
export function normaliseDatetime(value: string): string | undefined {
  const m = ISO_DATETIME.exec(value);
  if (!m) return undefined;
  const [, y = '', mo = '', d = '', h = '00', mi = '00', s = '00', frac = '', zulu, sign, oh, om = '00'] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  if (oh !== undefined && (Number(oh) > 23 || Number(om) > 59)) return undefined;
  const ms = frac.padEnd(3, '0').slice(0, 3);
  const offset = zulu !== undefined || sign === undefined ? 'Z' : `${sign}${oh ?? '00'}:${om}`;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}${offset}`);
  if (Number.isNaN(date.getTime())) return undefined;
  const iso = date.toISOString();
  // An offset can push year 0000 or 9999 out of the four-digit range, which would break text ordering.
  return CANONICAL_YEAR.test(iso) ? iso : undefined;
}

function invalid(fieldName: string, field: FilterField, token: Token): FilterError {
  return new FilterError(
    `Invalid value '${show(token.text)}' for field '${fieldName}' at column ${token.column}; expected ${EXPECTED[field.type]}`,
    token.column,
  );
}

export function normaliseValue(fieldName: string, field: FilterField, token: Token): string | number | boolean {
  const text = token.text;
  switch (field.type) {
    case 'string':
      return text;
    case 'boolean': {
      const lower = text.toLowerCase();
      if (token.kind !== 'number' && (lower === 'true' || lower === 'false')) return lower === 'true';
      throw invalid(fieldName, field, token);
    }
    case 'number': {
      const n = NUMBER.test(text) ? Number(text) : Number.NaN;
      if (!Number.isFinite(n)) throw invalid(fieldName, field, token);
      // -0 and 0 select the same rows; keeping one form makes ASTs compare equal.
      return n === 0 ? 0 : n;
    }
    case 'datetime': {
      const iso = token.kind === 'string' ? normaliseDatetime(text) : undefined;
      if (iso === undefined) throw invalid(fieldName, field, token);
      return iso;
    }
    case 'uuid':
      if (token.kind === 'string' && UUID.test(text)) return text.toLowerCase();
      throw invalid(fieldName, field, token);
  }
}
