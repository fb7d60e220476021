import { Type, type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import type { Contact, IdentifiableField, IdentifiedFields } from '../contacts/index.js';

/**
 * The standard contact fields a contact transaction carries (the reference's
 * contact-field). The first four ids are the ones the reference's guide to the
 * attendee identification service publishes; the reference shows no ids for the
 * others, so eventline chose them (fixed forever; README "Attendee identification").
 * maximumLength is what eventline's contact accepts.
 */
export interface ContactFieldDefinition {
  readonly id: string;
  readonly name: string;
  readonly maximumLength: number;
  readonly field: IdentifiableField;
}

export const CONTACT_FIELDS: readonly ContactFieldDefinition[] = [
  { id: '0852644F-265F-4D94-83A4-05C8479B5599', name: 'Email Address', maximumLength: 80, field: 'email' },
  { id: '67659D1A-B09D-498A-B625-29D5F757F022', name: 'First Name', maximumLength: 30, field: 'firstName' },
  { id: '2FFEF048-9F16-4701-89F1-8F5C5DE38DA5', name: 'Last Name', maximumLength: 50, field: 'lastName' },
  { id: '62F6B259-9FE4-4E64-9386-77BE05E90C4D', name: 'Company', maximumLength: 100, field: 'company' },
  { id: 'EEC2BA8A-1639-462A-98B1-238C93DC51C1', name: 'Middle Name', maximumLength: 30, field: 'middleName' },
  { id: '538E763F-BC4D-4C7A-9201-9FF0E9DE6482', name: 'Title', maximumLength: 100, field: 'title' },
  { id: '31502233-94D8-4476-9E49-932B89000C6D', name: 'Prefix', maximumLength: 30, field: 'prefix' },
  { id: '68AF7EE3-2EA0-4E26-B3AD-78EF95FBEE2E', name: 'Nickname', maximumLength: 30, field: 'nickname' },
  { id: '9036F9C6-9838-4DFF-9C38-0AFBEBD63007', name: 'Designation', maximumLength: 30, field: 'designation' },
  { id: '95B00E0B-FABA-4FB1-9564-EFC1CD3D1493', name: 'Work Phone', maximumLength: 30, field: 'workPhone' },
  { id: '059489C7-A246-40CC-9A76-638FDAE39475', name: 'Mobile Phone', maximumLength: 30, field: 'mobilePhone' },
  { id: 'F5DB0B0E-4C2E-4EBC-B853-D058961F49E5', name: 'Home Phone', maximumLength: 30, field: 'homePhone' },
];

const BY_ID = new Map(CONTACT_FIELDS.map((f) => [f.id.toLowerCase(), f]));
const BY_NAME = new Map(CONTACT_FIELDS.map((f) => [f.name.toLowerCase(), f]));

export interface ContactField {
  id: string;
  name: string;
  maximumLength: number;
  type: 'String';
  value: string[];
}

/** The reference's contact-transaction body: the contact's known details, every field listed (blank ones with no value). */
export function transactionBody(transactionId: string, contact: Contact): { transactionId: string; data: ContactField[] } {
  return {
    transactionId,
    data: CONTACT_FIELDS.map((f) => {
      const value = contact[f.field];
      return { id: f.id, name: f.name, maximumLength: f.maximumLength, type: 'String', value: typeof value === 'string' && value !== '' ? [value] : [] };
    }),
  };
}

// Read leniently: a field is matched by its id, else by its name (the reference's
// guide matches on id, name, maximum length and type); values are strings.
const AnswerSchema = Type.Object({
  data: Type.Array(Type.Object({
    id: Type.Optional(Type.Unknown()),
    name: Type.Optional(Type.Unknown()),
    value: Type.Optional(Type.Unknown()),
  }), { maxItems: 500 }),
});
const checkAnswer = Compile(AnswerSchema);
type AnswerField = Static<typeof AnswerSchema>['data'][number];

/** A field of the answer eventline did not take, and why (the answer's field name, never its value). */
export interface IgnoredField {
  field: string;
  reason: string;
}

export interface ReadAnswer {
  /** The non-blank fields, by contact field. */
  readonly fields: IdentifiedFields;
  readonly ignored: IgnoredField[];
}

function label(f: AnswerField): string {
  const text = typeof f.name === 'string' && f.name !== '' ? f.name : typeof f.id === 'string' ? f.id : '(unnamed)';
  return text.slice(0, 100);
}

function definitionOf(f: AnswerField): ContactFieldDefinition | undefined {
  return (typeof f.id === 'string' ? BY_ID.get(f.id.toLowerCase()) : undefined) ?? (typeof f.name === 'string' ? BY_NAME.get(f.name.trim().toLowerCase()) : undefined);
}

/** The first non-blank value of a field's `value` array (a bare string is taken too). */
function firstValue(value: unknown): string | undefined {
  const values = Array.isArray(value) ? value : [value];
  for (const v of values) if (typeof v === 'string' && v.trim() !== '') return v.trim();
  return undefined;
}

/**
 * Reads the callback's answer (the reference's contact-fields): "all the
 * non-blank fields in your response will overwrite the related fields". Returns
 * undefined when the answer is not such a document; blank fields are skipped,
 * unknown and too-long ones are reported as ignored.
 */
export function readAnswer(text: string): ReadAnswer | undefined {
  if (text.trim() === '') return { fields: {}, ignored: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!checkAnswer.Check(parsed)) return undefined;
  const fields: IdentifiedFields = {};
  const ignored: IgnoredField[] = [];
  for (const f of parsed.data) {
    const def = definitionOf(f);
    const value = firstValue(f.value);
    if (!def) {
      if (value !== undefined && ignored.length < 20) ignored.push({ field: label(f), reason: 'not a contact field eventline knows' });
      continue;
    }
    if (value === undefined) continue;
    if (value.length > def.maximumLength) {
      ignored.push({ field: def.name, reason: `longer than ${def.maximumLength} characters` });
      continue;
    }
    fields[def.field] = value;
  }
  return { fields, ignored };
}
