import { ERASED_BY, phoneDigits, redactMentions, storedForms, type Eraser } from '../privacy/index.js';
import type { ContactsRepository } from './contacts.repository.js';
import type { Row } from '../../db/types.js';

/** What obfuscation needs to know of a contact: whether it is purged already, and its values to hunt for elsewhere. */
export interface ContactErasureSubject {
  readonly purged: boolean;
  /** The contact's values in their stored form, for the erasers that hunt in free text. Never logged, never persisted. */
  readonly values: readonly string[];
  /** Values that point at one person (email, full name in either order, phones, extra emails): hunted in every personal column of anyone's rows. */
  readonly identifying: readonly string[];
}

// Profile keys whose string values identify the person (phones, extra emails,
// address lines); generic values like a gender or an address type are not hunted in free text.
const IDENTIFYING_KEY = /email|phone|fax|nickname|address\d|designation/i;

function profileValues(profile: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(profile);
  } catch {
    return [];
  }
  const out: string[] = [];
  const walk = (v: unknown, key: string): void => {
    if (typeof v === 'string') {
      if (IDENTIFYING_KEY.test(key)) out.push(v);
    } else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(parsed, '');
  return out;
}

export function erasureSubject(c: Row<'contacts'>): ContactErasureSubject {
  const names = [c.first_name, c.middle_name, c.last_name].filter((x): x is string => !!x);
  const full = [c.first_name, c.last_name].filter((x): x is string => !!x).join(' ');
  // The full name in either order ("Lovelace Ada", "Lovelace, Ada"), the email's local part, and each phone's digits (any formatting).
  const reversed = c.first_name && c.last_name ? [`${c.last_name} ${c.first_name}`, `${c.last_name}, ${c.first_name}`] : [];
  const localPart = c.email?.split('@')[0];
  const profile = profileValues(c.profile);
  const phones = profile.map(phoneDigits).filter((x): x is string => x !== undefined);
  const all = [c.email, full, ...reversed, ...names, localPart, c.source_id, ...profile, ...phones];
  return {
    purged: c.purged === 1,
    values: [...new Set(all.filter((x): x is string => typeof x === 'string' && x.trim() !== ''))],
    // The full name in either order: "Lovelace Ada" and "Lovelace, Ada" point at the person as surely as "Ada Lovelace".
    identifying: [c.email ?? '', ...(full.includes(' ') ? [full, ...reversed] : []), ...profile].filter((x) => x !== ''),
  };
}

const PERSONAL = ['first_name', 'last_name', 'middle_name', 'email', 'company', 'title', 'source_id', 'profile'] as const;

/** The places the contacts module keeps personal data (pretix's shredder model, DESIGN style 9). */
export function contactsErasers(repo: ContactsRepository): readonly Eraser[] {
  return [{
    place: 'contacts',
    columns: PERSONAL.map((c) => `contacts.${c}`),
    erase(trx, s, now) {
      // No mapping is kept: the columns are emptied, not encrypted or hashed.
      return repo.updateMany(s.accountId, s.contactIds, {
        first_name: null, last_name: null, middle_name: null, email: null, company: null, title: null, source_id: null,
        profile: '{}', purged: 1, last_modified: now, last_modified_by: ERASED_BY,
      }, trx);
    },
  }, {
    // Another contact's record may hold these contacts' email, full name or phone (an assistant's
    // address in a profile, a name typed into the company field): redacted where it appears.
    place: 'contacts mentioning the contacts',
    columns: [],
    mentions: PERSONAL.map((c) => `contacts.${c}`),
    erase: (trx, s, now) => redactMentions(trx, { table: 'contacts', columns: PERSONAL, audited: true }, s.accountId, storedForms(s.identifying), now),
  }];
}
