// Matching a contact's former values in free text, for every module's eraser:
// the text is rewritten in place, so rows (audit trails, counts) stay.

/** What a former value is replaced with in free text: fixed, so nothing maps back to the value. */
export const REDACTED = '[obfuscated]';

/** What erasers write into `last_modified_by`: the change was the obfuscation's, not a caller's. */
export const ERASED_BY = 'obfuscation';

/** The forms a value takes when stored: verbatim, and escaped inside a JSON string. */
export function storedForms(values: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const v of values) {
    if (v.trim().length < 3) continue;
    forms.add(v);
    forms.add(JSON.stringify(v).slice(1, -1));
  }
  return [...forms];
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Replaces every form of every value, ignoring case (emails are case-insensitive). */
export function redactText(text: string, forms: readonly string[]): string {
  let out = text;
  // Longest first so a full name is replaced before the first name inside it.
  for (const f of [...forms].sort((a, b) => b.length - a.length)) {
    out = out.replace(new RegExp(escapeRegExp(f), 'gi'), REDACTED);
  }
  return out;
}

/** A LIKE pattern for `value` anywhere in a lower-cased text, with `\` escaping LIKE's wildcards. */
export function likePattern(value: string): string {
  return `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
