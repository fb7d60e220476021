// The request log keeps an error's message, never its personal data (issue 35): a filter's message quotes the value
// the client sent (`Unexpected 'ann@example.com' at column 14`), a validation message may name a field's value. What
// the server wrote itself stays (the fixed part, column numbers, field names, ids); every quoted value and anything
// shaped like an email address or a phone number is replaced.

export const REDACTED = '[redacted]';
const MAX_MESSAGE = 300;

// A quote opens at the start or after a space or bracket-like punctuation (so the apostrophe of "account's" does not),
// and runs to the same quote, backslash escapes included.
const QUOTED = /(^|[\s([{=:,])(['"`])(?:\\.|(?!\2)[^\\])*(?:\2|$)/g;
const EMAIL = /[^\s'"`<>()[\],;:]+@[^\s'"`<>()[\],;:]+/g;
// Seven or more digits with the usual separators: a phone number (an id eventline makes is a UUID, left alone).
// UUIDs and ISO dates are matched first so that their digit runs are kept whole.
const PHONE_OR_KEPT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{4}-\d{2}-\d{2}(?=T|\b)|\+?\d[\d\s().-]{5,}\d/gi;
const KEPT = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{4}-\d{2}-\d{2})$/i;
// A raw path (`No operation GET /ea/contacts/<what the client typed>`): the entry has the route's pattern instead.
const RAW_PATH = /(^|\s)\/[^\s]*/g;
// An email address percent-encoded in a path or query.
const ENCODED_EMAIL = /[^\s'"`<>()[\],;:/]+%40[^\s'"`<>()[\],;:/]+/gi;

export function redactMessage(message: string): string {
  const out = message
    .replace(RAW_PATH, (_m, lead: string) => `${lead}[path]`)
    .replace(QUOTED, (_m, lead: string, quote: string) => `${lead}${quote}${REDACTED}${quote}`)
    .replace(ENCODED_EMAIL, REDACTED)
    .replace(EMAIL, REDACTED)
    .replace(PHONE_OR_KEPT, (m) => (KEPT.test(m) ? m : REDACTED));
  return out.length > MAX_MESSAGE ? `${out.slice(0, MAX_MESSAGE - 1)}…` : out;
}
