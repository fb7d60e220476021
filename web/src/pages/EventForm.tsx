import { useId, useMemo, useState, type FormEvent } from 'react';
import { api } from '../api.js';
import { fromZonedInput, timeZones, toZonedInput, usableZone } from '../time.js';
import { EVENT_TYPES, type EventT, type SessionT } from '../types.js';
import { Alert, Field, Select, useFormErrors } from '../ui.js';

export function ZoneSelect({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string | undefined }) {
  const id = useId();
  const zones = useMemo(() => {
    const all = timeZones();
    return all.includes(value) ? all : [value, ...all];
  }, [value]);
  return (
    <div className="field">
      <label htmlFor={id}>Time zone</label>
      <select id={id} name="timezone" value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined}>
        {zones.map((z) => <option key={z} value={z}>{z.replace(/_/g, ' ')}</option>)}
      </select>
      <p className="hint">Times of the event and its sessions are shown and entered in this zone.</p>
      {error && <p className="field-error" role="alert">{error}</p>}
    </div>
  );
}

/** Start/end inputs in a zone, checked and turned into UTC instants; errors by field. */
export function zonedRange(start: string, end: string, zone: string): { start?: string; end?: string; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const s = fromZonedInput(start, zone);
  const e = fromZonedInput(end, zone);
  if (!s.ok) problems['start'] = s.reason;
  if (!e.ok) problems['end'] = e.reason;
  if (s.ok && e.ok && e.iso <= s.iso) problems['end'] = 'The end must be after the start';
  return { ...(s.ok ? { start: s.iso } : {}), ...(e.ok ? { end: e.iso } : {}), problems };
}

/** Title, type, time zone, dates and note of an event (PUT /events/{id}: the event as read, with the form's fields). */
export function EventDetailsForm({ event, onSaved, onCancel }: { event: EventT; onSaved: (e: EventT) => void; onCancel: () => void }) {
  const zone = usableZone(event.timezone);
  const [title, setTitle] = useState(event.title);
  const [type, setType] = useState<string>(event.type);
  const [timezone, setTimezone] = useState(event.timezone);
  const [start, setStart] = useState(toZonedInput(event.start, zone));
  const [end, setEnd] = useState(toZonedInput(event.end, zone));
  const [note, setNote] = useState(event.note ?? '');
  const [busy, setBusy] = useState(false);
  const [local, setLocal] = useState<Record<string, string>>({});
  const { errors, formError, capture, clear } = useFormErrors();
  const err = (k: string) => local[k] ?? errors[k] ?? errors[`body.${k}`];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    const range = zonedRange(start, end, timezone);
    if (!title.trim()) range.problems['title'] = 'Enter a title';
    setLocal(range.problems);
    if (Object.keys(range.problems).length > 0) return;
    setBusy(true);
    try {
      const saved = await api<EventT>('PUT', `/events/${event.id}`, {
        ...event, title: title.trim(), type, timezone, start: range.start, end: range.end, ...(note.trim() ? { note: note.trim() } : { note: undefined }),
      });
      onSaved(saved);
    } catch (error) {
      capture(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="panel" aria-labelledby="details-h" noValidate>
      <h2 id="details-h">Event details</h2>
      <Field label="Event title" name="title" value={title} onChange={setTitle} error={err('title')} required />
      <Select label="Event type" name="type" value={type} options={EVENT_TYPES} onChange={setType} error={err('type')} />
      <ZoneSelect value={timezone} onChange={setTimezone} error={err('timezone')} />
      <div className="grid2">
        <Field label="Starts" name="start" type="datetime-local" value={start} onChange={setStart} error={err('start')} hint={`In ${timezone}`} />
        <Field label="Ends" name="end" type="datetime-local" value={end} onChange={setEnd} error={err('end')} hint={`In ${timezone}`} />
      </div>
      <Field label="Note" name="note" value={note} onChange={setNote} error={err('note')} />
      {formError && <Alert>{formError}</Alert>}
      <div className="actions">
        <button type="submit" disabled={busy}>{busy ? 'Saving…' : 'Save event details'}</button>
        <button type="button" className="secondary" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}

/** A session of the event, created (POST /sessions) or edited (PUT /sessions/{id}); times in the event's zone. */
export function SessionForm({ event, session, onSaved, onCancel }: { event: EventT; session?: SessionT; onSaved: (s: SessionT) => void; onCancel: () => void }) {
  const zone = usableZone(event.timezone);
  const [title, setTitle] = useState(session?.title ?? '');
  const [start, setStart] = useState(toZonedInput(session?.start ?? event.start, zone));
  const [end, setEnd] = useState(toZonedInput(session?.end ?? (session ? undefined : new Date(Date.parse(event.start) + 3600_000).toISOString()), zone));
  const [kind, setKind] = useState<'Included' | 'Optional'>(session?.includedSession === false ? 'Optional' : 'Included');
  const [description, setDescription] = useState(session?.description ?? '');
  const [busy, setBusy] = useState(false);
  const [local, setLocal] = useState<Record<string, string>>({});
  const { errors, formError, capture, clear } = useFormErrors();
  const err = (k: string) => local[k] ?? errors[k] ?? errors[`body.${k}`];
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    const range = zonedRange(start, end, zone);
    if (!title.trim()) range.problems['title'] = 'Enter a title';
    setLocal(range.problems);
    if (Object.keys(range.problems).length > 0) return;
    setBusy(true);
    const fields = {
      title: title.trim(), start: range.start, end: range.end, includedSession: kind === 'Included',
      description: description.trim() ? description.trim() : null,
    };
    try {
      const saved = session
        ? await api<SessionT>('PUT', `/sessions/${session.id}`, { ...session, ...fields })
        : await api<SessionT>('POST', '/sessions', { event: { id: event.id }, ...fields });
      onSaved(saved);
    } catch (error) {
      capture(error);
    } finally {
      setBusy(false);
    }
  };

  const label = session ? `Edit session: ${session.title}` : 'New session';
  return (
    <form onSubmit={submit} className="editor" aria-label={label} noValidate>
      <h3>{session ? 'Edit session' : 'New session'}</h3>
      <Field label="Session title" name="title" value={title} onChange={setTitle} error={err('title')} required />
      <div className="grid2">
        <Field label="Session starts" name="start" type="datetime-local" value={start} onChange={setStart} error={err('start')} hint={`In ${zone} (the event's time zone)`} />
        <Field label="Session ends" name="end" type="datetime-local" value={end} onChange={setEnd} error={err('end')} hint={`In ${zone}`} />
      </div>
      <fieldset>
        <legend>Who is in it?</legend>
        <label className="inline"><input type="radio" name="kind" checked={kind === 'Included'} onChange={() => setKind('Included')} /> Every attendee (Included)</label>
        <label className="inline"><input type="radio" name="kind" checked={kind === 'Optional'} onChange={() => setKind('Optional')} /> Attendees who enroll (Optional)</label>
      </fieldset>
      <Field label="Description" name="description" value={description} onChange={setDescription} error={err('description')} />
      {formError && <Alert>{formError}</Alert>}
      <div className="actions">
        <button type="submit" disabled={busy}>{busy ? 'Saving…' : session ? 'Save session' : 'Add session'}</button>
        <button type="button" className="secondary" onClick={onCancel}>Cancel<span className="sr-only"> {label}</span></button>
      </div>
    </form>
  );
}
