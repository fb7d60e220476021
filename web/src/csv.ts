// Attendee CSV files: parsed with Papa Parse (quoted fields, embedded commas
// and line breaks), each row checked, and every row kept with the line of the
// file it starts on, so a refusal can name the line a person sees in their editor.
import Papa from 'papaparse';

export const ATTENDEE_STATUSES = ['No Response', 'Accepted'] as const;
export type NewAttendeeStatus = (typeof ATTENDEE_STATUSES)[number];
/** What the add-attendee form calls each status; a CSV file may use either word (issue 34: the form and the import agree). */
export const ATTENDEE_STATUS_LABELS: Record<NewAttendeeStatus, string> = { 'No Response': 'Invited (No Response)', Accepted: 'Registered (Accepted)' };
const STATUS_WORDS: Record<string, NewAttendeeStatus> = { invited: 'No Response', registered: 'Accepted' };

export interface CsvAttendee {
  line: number;
  firstName: string;
  lastName: string;
  email: string;
  company?: string;
  title?: string;
  status: NewAttendeeStatus;
}

export interface CsvProblem {
  line: number;
  reason: string;
}

export interface CsvParse {
  rows: CsvAttendee[];
  problems: CsvProblem[];
  /** A problem with the file as a whole (no header, no email column): nothing is imported. */
  fileError?: string;
}

type Column = 'firstName' | 'lastName' | 'email' | 'company' | 'title' | 'status';

// Header names as people and other tools write them, compared without case, spaces, dashes or underscores.
const HEADERS: Record<string, Column> = {
  firstname: 'firstName', first: 'firstName', givenname: 'firstName', forename: 'firstName',
  lastname: 'lastName', last: 'lastName', surname: 'lastName', familyname: 'lastName',
  email: 'email', emailaddress: 'email', mail: 'email',
  company: 'company', organization: 'company', organisation: 'company',
  title: 'title', jobtitle: 'title',
  status: 'status',
};

// The API's own limits (POST /ea/attendees), checked here so a bad row is named by its line before anything is sent.
const MAX: Record<Column, number> = { firstName: 30, lastName: 50, email: 80, company: 100, title: 100, status: 30 };
const COLUMN_LABEL: Record<Column, string> = { firstName: 'first name', lastName: 'last name', email: 'email', company: 'company', title: 'title', status: 'status' };
// A deliberately plain check (one @, a dot in the domain, no spaces): the API makes the final call.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const normal = (h: string): string => h.toLowerCase().replace(/[\s_-]+/g, '');

function lineBreaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 10) n += 1;
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) n += 1;
  }
  return n;
}

export function parseAttendeeCsv(input: string): CsvParse {
  const text = input.replace(/^\uFEFF/, '');
  const rows: CsvAttendee[] = [];
  const problems: CsvProblem[] = [];
  let columns: Array<Column | undefined> | undefined;
  let fileError: string | undefined;
  let cursor = 0;
  let line = 1;
  const seen = new Map<string, number>();

  Papa.parse<string[]>(text, {
    skipEmptyLines: false,
    step: (result) => {
      // The row starts where the last one ended (skipping the blank lines in between).
      const end = result.meta.cursor;
      let start = cursor;
      while (start < end && (text[start] === '\n' || text[start] === '\r')) start += 1;
      const rowLine = line + lineBreaks(text, cursor, start);
      line += lineBreaks(text, cursor, end);
      cursor = end;
      const cells = result.data.map((c) => c.trim());
      if (cells.every((c) => c === '')) return;
      if (!columns) {
        columns = cells.map((h) => HEADERS[normal(h)]);
        if (!columns.includes('email') || !columns.includes('firstName') || !columns.includes('lastName')) {
          fileError = 'The first line must name the columns, with at least firstName, lastName and email (also: company, title, status).';
        }
        return;
      }
      if (fileError) return;
      const value: Partial<Record<Column, string>> = {};
      columns.forEach((col, i) => {
        if (col && cells[i]) value[col] = cells[i];
      });
      const missing = (['firstName', 'lastName', 'email'] as const).filter((c) => !value[c]);
      if (missing.length > 0) {
        problems.push({ line: rowLine, reason: `missing ${missing.map((c) => COLUMN_LABEL[c]).join(' and ')}` });
        return;
      }
      for (const col of Object.keys(value) as Column[]) {
        if ((value[col] ?? '').length > MAX[col]) {
          problems.push({ line: rowLine, reason: `${COLUMN_LABEL[col]} is longer than ${MAX[col]} characters` });
          return;
        }
      }
      const email = value.email ?? '';
      if (!EMAIL.test(email) || email.length < 6) {
        problems.push({ line: rowLine, reason: `“${email}” is not a valid email address` });
        return;
      }
      const given = normal(value.status ?? '');
      const status = value.status
        ? ATTENDEE_STATUSES.find((s) => normal(s) === given || normal(ATTENDEE_STATUS_LABELS[s]) === given) ?? STATUS_WORDS[given]
        : 'No Response';
      if (!status) {
        problems.push({ line: rowLine, reason: 'status must be Invited (No Response) or Registered (Accepted)' });
        return;
      }
      const key = email.toLowerCase();
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        problems.push({ line: rowLine, reason: `${email} is already on line ${earlier}` });
        return;
      }
      seen.set(key, rowLine);
      rows.push({
        line: rowLine, firstName: value.firstName ?? '', lastName: value.lastName ?? '', email, status,
        ...(value.company ? { company: value.company } : {}), ...(value.title ? { title: value.title } : {}),
      });
    },
  });
  if (!columns && !fileError) fileError = 'The file is empty.';
  return { rows, problems, ...(fileError ? { fileError } : {}) };
}
