import { redactMentions, storedForms, type Eraser } from '../privacy/index.js';

/**
 * Appointments keep people by id; what may name them is free text: an appointment's subject, description and custom
 * location name, and meeting-interest comments. Obfuscating a contact redacts its names and email there.
 */
export function appointmentsErasers(): Eraser[] {
  const place = (name: string, table: 'appointments' | 'appointment_meeting_interests', columns: string[]): Eraser => ({
    place: name,
    columns: [],
    mentions: columns.map((c) => `${table}.${c}`),
    erase: (trx, s, now) => redactMentions(trx, { table, columns, audited: true }, s.accountId, storedForms(s.identifying), now),
  });
  return [
    place('appointment subjects and descriptions', 'appointments', ['name', 'description', 'custom_location_name']),
    place('appointment meeting interests', 'appointment_meeting_interests', ['interests']),
  ];
}
