import { useId, useRef, useState, type FormEvent } from 'react';
import { api, apiFull } from '../api.js';
import { ATTENDEE_STATUSES, parseAttendeeCsv, type CsvAttendee, type CsvProblem } from '../csv.js';
import { ATTENDEE_UPDATE_STATUSES, type AttendeeT, type EventT } from '../types.js';
import { Alert, Field, Select, useFormErrors } from '../ui.js';

/** One item of POST /attendees' 207 answer. */
interface AddResult { status: number; message?: string; data: { id: string | null; message?: string; target?: string; details?: Array<{ message: string; target?: string }> } }

/** Items per POST /attendees call (the API takes up to 100; smaller batches show progress). */
const BATCH = 25;

/**
 * The body of PUT /attendees/{id} that changes status (and note) and keeps the rest: the PUT replaces the
 * attendee's writable fields, so a field it leaves out (registration type, invitation list, ...) is cleared.
 */
export function attendeeUpdate(a: AttendeeT, status: string, note: string | undefined = a.note): Record<string, unknown> {
  return {
    event: { id: a.event.id }, contact: { id: a.contact.id }, status,
    ...(note ? { note } : {}),
    ...(a.referenceId ? { referenceId: a.referenceId } : {}),
    ...(a.visibility ? { visibility: a.visibility } : {}),
    ...(a.invitationList ? { invitationList: { id: a.invitationList.id } } : {}),
    ...(a.registrationType ? { registrationType: { id: a.registrationType.id } } : {}),
    ...(a.administrator ? { administrator: { id: a.administrator.id } } : {}),
    ...(a.admissionItem ? { admissionItem: { id: a.admissionItem.id } } : {}),
  };
}

export const nameOf = (a: AttendeeT): string => [a.contact.firstName, a.contact.lastName].filter(Boolean).join(' ') || a.contact.email || a.id;

function itemReason(r: AddResult): string {
  const d = r.data;
  const detail = d.details?.find((x) => x.message)?.message;
  const msg = detail ?? d.message ?? r.message ?? `refused (${r.status})`;
  return r.status === 409 ? `already an attendee of this event (${msg})` : msg;
}

export function NewAttendee({ event, onAdded }: { event: EventT; onAdded: (msg: string) => void }) {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<string>('No Response');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setFormError(undefined);
    const problems: Record<string, string> = {};
    if (!firstName.trim()) problems['firstName'] = 'Enter a first name';
    if (!lastName.trim()) problems['lastName'] = 'Enter a last name';
    if (!email.trim()) problems['email'] = 'Enter an email address';
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      const res = await apiFull<AddResult[]>('POST', '/attendees', [{
        event: { id: event.id }, status, contact: { firstName: firstName.trim(), lastName: lastName.trim(), email: email.trim() },
      }]);
      const item = res.data[0];
      if (!item || item.status !== 201) {
        // The item's own error, beside its field (contact.email -> email).
        const target = (item?.data.target ?? item?.data.details?.[0]?.target ?? '').replace(/^(\[\d+\]\.|\d+\.)?contact\./, '');
        const reason = item ? itemReason(item) : 'The attendee was not added';
        if (['firstName', 'lastName', 'email'].includes(target)) setErrors({ [target]: reason });
        else setFormError(reason);
        return;
      }
      setFirstName('');
      setLastName('');
      setEmail('');
      onAdded(`${firstName.trim()} ${lastName.trim()} was added.`);
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="panel" aria-labelledby="new-att-h" noValidate>
      <h3 id="new-att-h">Add an attendee</h3>
      <div className="grid2">
        <Field label="First name" name="firstName" value={firstName} onChange={setFirstName} error={errors['firstName']} />
        <Field label="Last name" name="lastName" value={lastName} onChange={setLastName} error={errors['lastName']} />
      </div>
      <div className="grid2">
        <Field label="Email" name="email" type="email" value={email} onChange={setEmail} error={errors['email']} />
        <Select label="Status" name="status" value={status} options={ATTENDEE_STATUSES} onChange={setStatus}
          labels={{ 'No Response': 'Invited (No Response)', Accepted: 'Registered (Accepted)' }} />
      </div>
      {formError && <Alert>{formError}</Alert>}
      <button type="submit" disabled={busy}>{busy ? 'Adding…' : 'Add attendee'}</button>
    </form>
  );
}

export function EditAttendee({ attendee, onDone }: { attendee: AttendeeT; onDone: (msg: string) => void }) {
  const [firstName, setFirstName] = useState(attendee.contact.firstName ?? '');
  const [lastName, setLastName] = useState(attendee.contact.lastName ?? '');
  const [email, setEmail] = useState(attendee.contact.email ?? '');
  const [status, setStatus] = useState<string>(attendee.status);
  const [note, setNote] = useState(attendee.note ?? '');
  const [busy, setBusy] = useState(false);
  const { errors, formError, capture, clear } = useFormErrors();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    setBusy(true);
    try {
      // The contact's name and email belong to the contact (PATCH /contacts/{id}); status and note to the attendee.
      const contact: Record<string, string> = {};
      if (firstName.trim() !== (attendee.contact.firstName ?? '')) contact['firstName'] = firstName.trim();
      if (lastName.trim() !== (attendee.contact.lastName ?? '')) contact['lastName'] = lastName.trim();
      if (email.trim() !== (attendee.contact.email ?? '')) contact['email'] = email.trim();
      if (Object.keys(contact).length > 0) await api('PATCH', `/contacts/${attendee.contact.id}`, contact);
      if (status !== attendee.status || note.trim() !== (attendee.note ?? '')) {
        await api('PUT', `/attendees/${attendee.id}`, attendeeUpdate(attendee, status, note.trim() || undefined));
      }
      onDone(`${firstName.trim()} ${lastName.trim()} was saved.`);
    } catch (error) {
      capture(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="editor" aria-label={`Edit attendee ${nameOf(attendee)}`} noValidate>
      <h3>Edit attendee</h3>
      <div className="grid2">
        <Field label="First name" name="firstName" value={firstName} onChange={setFirstName} error={errors['firstName']} />
        <Field label="Last name" name="lastName" value={lastName} onChange={setLastName} error={errors['lastName']} />
      </div>
      <div className="grid2">
        <Field label="Email" name="email" type="email" value={email} onChange={setEmail} error={errors['email']} />
        <Select label="Status" name="status" value={status} options={ATTENDEE_UPDATE_STATUSES} onChange={setStatus} error={errors['status']} />
      </div>
      <Field label="Note" name="note" value={note} onChange={setNote} error={errors['note']} />
      {formError && <Alert>{formError}</Alert>}
      <div className="actions">
        <button type="submit" disabled={busy}>{busy ? 'Saving…' : 'Save attendee'}</button>
        <button type="button" className="secondary" onClick={() => onDone('')}>Cancel</button>
      </div>
    </form>
  );
}

interface ImportState {
  total: number;
  done: number;
  added: number;
  problems: CsvProblem[];
  finished: boolean;
  fileError?: string;
}

export function CsvImport({ event, onImported }: { event: EventT; onImported: () => void }) {
  const inputId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<ImportState>();
  const [busy, setBusy] = useState(false);

  const run = async (e: FormEvent) => {
    e.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setState({ total: 0, done: 0, added: 0, problems: [], finished: true, fileError: 'Choose a CSV file first.' });
      return;
    }
    setBusy(true);
    const parsed = parseAttendeeCsv(await file.text());
    if (parsed.fileError) {
      setState({ total: 0, done: 0, added: 0, problems: [], finished: true, fileError: parsed.fileError });
      setBusy(false);
      return;
    }
    const total = parsed.rows.length + parsed.problems.length;
    const problems = [...parsed.problems];
    let done = parsed.problems.length;
    let added = 0;
    setState({ total, done, added, problems: [...problems], finished: false });
    try {
      for (let i = 0; i < parsed.rows.length; i += BATCH) {
        const batch: CsvAttendee[] = parsed.rows.slice(i, i + BATCH);
        const res = await apiFull<AddResult[]>('POST', '/attendees', batch.map((r) => ({
          event: { id: event.id }, status: r.status,
          contact: { firstName: r.firstName, lastName: r.lastName, email: r.email, ...(r.company ? { company: r.company } : {}), ...(r.title ? { title: r.title } : {}) },
        })));
        batch.forEach((row, j) => {
          const item = res.data[j];
          if (item?.status === 201) added += 1;
          else problems.push({ line: row.line, reason: item ? itemReason(item) : 'no answer for this row' });
        });
        done += batch.length;
        setState({ total, done, added, problems: [...problems].sort((a, b) => a.line - b.line), finished: false });
      }
      setState({ total, done, added, problems: [...problems].sort((a, b) => a.line - b.line), finished: true });
    } catch (error) {
      setState({ total, done, added, problems: [...problems].sort((a, b) => a.line - b.line), finished: true, fileError: `The import stopped: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      setBusy(false);
      if (added > 0) onImported();
    }
  };

  return (
    <form onSubmit={run} className="panel" aria-labelledby="csv-h">
      <h3 id="csv-h">Import attendees from a CSV file</h3>
      <p className="hint">
        The first line names the columns: <code>firstName</code>, <code>lastName</code> and <code>email</code> are needed;
        <code> company</code>, <code>title</code> and <code>status</code> (No Response or Accepted) are optional.
        Good rows are imported; rows with a problem are listed with their line number.
      </p>
      <div className="field">
        <label htmlFor={inputId}>CSV file</label>
        <input id={inputId} ref={fileRef} type="file" name="csv" accept=".csv,text/csv" />
      </div>
      <button type="submit" disabled={busy}>{busy ? 'Importing…' : 'Import attendees'}</button>
      {state && (
        <div className="import-result" aria-live="polite">
          {state.fileError && <Alert>{state.fileError}</Alert>}
          {state.total > 0 && (
            <p className="usage-total">
              <label htmlFor={`${inputId}-progress`}>{state.finished ? 'Import finished' : 'Importing'}: {state.done} of {state.total} rows processed</label>
              <progress id={`${inputId}-progress`} max={state.total} value={state.done} />
            </p>
          )}
          {state.finished && state.total > 0 && (
            <p role="status" className={state.problems.length ? 'alert alert-wait' : 'alert alert-ok'}>
              {state.added} {state.added === 1 ? 'attendee' : 'attendees'} added. {state.problems.length === 0 ? 'Every row was imported.' : `${state.problems.length} ${state.problems.length === 1 ? 'row was' : 'rows were'} not imported:`}
            </p>
          )}
          {state.problems.length > 0 && (
            <ul className="problems" aria-label="Rows not imported">
              {state.problems.map((p) => <li key={`${p.line}-${p.reason}`}>Line {p.line}: {p.reason}</li>)}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}

export { EventAttendees } from './AttendeeList.js';
