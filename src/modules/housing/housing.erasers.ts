import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import { ERASED_BY, mayHoldAny, REDACTED, redactMentions, storedForms, type Eraser, type ErasureSubject } from '../privacy/index.js';

type GuestTable = 'housing_reservation_requests' | 'housing_reservations';
const PERSONAL = ['guests', 'custom_fields', 'special_request', 'reward_program', 'membership_id', 'travel_details'] as const;

interface StoredGuest { arrival?: string; departure?: string; email?: string; [field: string]: unknown }

/** A guest erased: the stay's dates stay (they are the hotel's inventory), every personal field goes. */
const erasedGuest = (g: StoredGuest): StoredGuest => ({
  ...(g.arrival !== undefined ? { arrival: g.arrival } : {}), ...(g.departure !== undefined ? { departure: g.departure } : {}),
  firstName: REDACTED, lastName: REDACTED, email: REDACTED,
});

const parseGuests = (text: string): StoredGuest[] => {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v as StoredGuest[] : [];
  } catch {
    return [];
  }
};

async function save(trx: Transaction<Database>, table: GuestTable, accountId: string, id: string, sets: Record<string, string | null>, now: string): Promise<void> {
  const assignments = Object.entries(sets).map(([c, v]) => sql`${sql.ref(c)} = ${v}`);
  await sql`update ${sql.table(table)} set ${sql.join([...assignments, sql`last_modified = ${now}`, sql`last_modified_by = ${ERASED_BY}`])}
    where account_id = ${accountId} and id = ${id}`.execute(trx);
}

/**
 * Guests are people. A reservation request or reservation is linked to the contact whose email is its primary guest's
 * (contact_id, set when it is written): erasing that contact erases every guest of the row and its special request,
 * custom fields, reward program, membership number and travel details. In every other row of the account, a guest
 * with the contact's email is erased the same way, and the contact's identifying values are redacted wherever they appear.
 */
function guestsEraser(table: GuestTable, place: string): Eraser {
  return {
    place,
    columns: PERSONAL.map((c) => `${table}.${c}`),
    mentions: PERSONAL.map((c) => `${table}.${c}`),
    async erase(trx: Transaction<Database>, s: ErasureSubject, now: string): Promise<number> {
      let changed = 0;
      const own = await trx.selectFrom(table).select(['id', 'guests']).where('account_id', '=', s.accountId).where('contact_id', 'in', [...s.contactIds]).execute();
      for (const row of own) {
        await save(trx, table, s.accountId, row.id, {
          guests: JSON.stringify(parseGuests(row.guests).map(erasedGuest)), custom_fields: null, special_request: null, reward_program: null, membership_id: null,
          travel_details: null,
        }, now);
        changed += 1;
      }
      // Other rows listing the contact as a guest (by email).
      const emails = new Set(s.identifying.filter((v) => v.includes('@')).map((v) => v.trim().toLowerCase()));
      if (emails.size > 0) {
        const forms = storedForms([...emails]);
        const rows = await trx.selectFrom(table).select(['id', 'guests']).where('account_id', '=', s.accountId).where(mayHoldAny(['guests'], forms)).execute();
        for (const row of rows) {
          const guests = parseGuests(row.guests);
          if (!guests.some((g) => typeof g.email === 'string' && emails.has(g.email.trim().toLowerCase()))) continue;
          const next = guests.map((g) => (typeof g.email === 'string' && emails.has(g.email.trim().toLowerCase()) ? erasedGuest(g) : g));
          await save(trx, table, s.accountId, row.id, { guests: JSON.stringify(next) }, now);
          changed += 1;
        }
      }
      return changed + await redactMentions(trx, { table, columns: [...PERSONAL], audited: true }, s.accountId, storedForms(s.identifying), now);
    },
  };
}

export function housingErasers(): Eraser[] {
  return [guestsEraser('housing_reservation_requests', 'housing reservation requests'), guestsEraser('housing_reservations', 'housing reservations')];
}
