import { useId, useMemo, useState, type FormEvent } from 'react';
import { api, listAll, quote } from '../api.js';
import { formatInZone, fromZonedInput, keepClockTime, timeZones, toZonedInput, usableZone } from '../time.js';
import { EVENT_TYPE_LABELS, EVENT_TYPES, type EventT, type SessionT } from '../types.js';
import { Alert, ConfirmDialog, Field, Select, useEditorFocus, useFormErrors } from '../ui.js';

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

/** A session moved to another zone at the same wall-clock times: what the time zone change does to it. */
export interface ZoneMove {
  session: SessionT;
  start: string;
  end: string;
}

/**
 * The sessions' new instants when the event moves from `from` to `to`: each keeps its clock times (a 9:30 session
 * stays at 9:30 in the new zone). A clock time the new zone skips (daylight saving time) moves an hour later.
 */
export function sessionsInNewZone(sessions: readonly SessionT[], from: string, to: string): ZoneMove[] {
  return sessions.map((session) => ({ session, start: keepClockTime(session.start, from, to), end: keepClockTime(session.end, from, to) }));
}

/**
 * Title, type, time zone, dates and note of an event (PUT /events/{id}: the event as read, with the form's fields).
 * A time zone change keeps the clock times of the event and of every session: the planner confirms the effect
 * first, then the event and each moved session are saved (the API's PUT of an event changes only the event).
 */
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
  const { ref, onKeyDown } = useEditorFocus<HTMLFormElement>(onCancel);
  const [moves, setMoves] = useState<ZoneMove[]>();
  const err = (k: string) => local[k] ?? errors[k] ?? errors[`body.${k}`];

  const save = async (sessionMoves: readonly ZoneMove[]) => {
    const range = zonedRange(start, end, timezone);
    setBusy(true);
    try {
      const saved = await api<EventT>('PUT', `/events/${event.id}`, {
        ...event, title: title.trim(), type, timezone, start: range.start, end: range.end, ...(note.trim() ? { note: note.trim() } : { note: undefined }),
      });
      for (const m of sessionMoves) await api<SessionT>('PUT', `/sessions/${m.session.id}`, { ...m.session, start: m.start, end: m.end });
      setMoves(undefined);
      onSaved(saved);
    } catch (error) {
      setMoves(undefined);
      capture(error);
    } finally {
      setBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    const range = zonedRange(start, end, timezone);
    if (!title.trim()) range.problems['title'] = 'Enter a title';
    setLocal(range.problems);
    if (Object.keys(range.problems).length > 0) return;
    if (usableZone(timezone) === zone) return save([]);
    // Another zone: show what happens to every session before anything is saved.
    try {
      setBusy(true);
      const sessions = await listAll<SessionT>('/sessions', `event.id eq ${quote(event.id)}`);
      setMoves(sessionsInNewZone(sessions.sort((a, b) => a.start.localeCompare(b.start)), zone, usableZone(timezone)));
    } catch (error) {
      capture(error);
    } finally {
      setBusy(false);
    }
  };

  const newZone = usableZone(timezone);
  return (
    <>
    <form ref={ref} onKeyDown={onKeyDown} onSubmit={submit} className="panel" aria-labelledby="details-h" noValidate>
      <h2 id="details-h">Event details</h2>
      <Field label="Event title" name="title" value={title} onChange={setTitle} error={err('title')} required />
      <Select label="Event type" name="type" value={type} options={EVENT_TYPES} labels={EVENT_TYPE_LABELS} onChange={setType} error={err('type')} />
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
      <ConfirmDialog
        open={moves !== undefined} busy={busy} title={`Move the event to ${newZone}?`} confirmLabel="Change the time zone"
        onCancel={() => setMoves(undefined)} onConfirm={() => void save(moves ?? [])}
      >
        <p>The event and its {moves?.length === 1 ? 'session keep their' : `${moves?.length ?? 0} sessions keep their`} clock times: the event runs {start.replace('T', ' ')} – {end.replace('T', ' ')} in {newZone}.</p>
        {moves && moves.length > 0 && (
          <div className="table-wrap">
            <table>
              <caption>Sessions after the change</caption>
              <thead><tr><th scope="col">Session</th><th scope="col">Now</th><th scope="col">After the change</th></tr></thead>
              <tbody>
                {moves.map((m) => (
                  <tr key={m.session.id}>
                    <th scope="row">{m.session.title}</th>
                    <td>{formatInZone(m.session.start, zone)}</td>
                    <td data-field="after">{formatInZone(m.start, newZone)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ConfirmDialog>
    </>
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
  const { ref, onKeyDown } = useEditorFocus<HTMLFormElement>(onCancel);
  // The times the planner was warned about: saving them again confirms them.
  const [warned, setWarned] = useState<string>();
  const err = (k: string) => local[k] ?? errors[k] ?? errors[`body.${k}`];
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    const range = zonedRange(start, end, zone);
    if (!title.trim()) range.problems['title'] = 'Enter a title';
    setLocal(range.problems);
    if (Object.keys(range.problems).length > 0) return;
    // Outside the event's dates: the server accepts it (a pre-event workshop, an after-party), so the page warns and asks once.
    const outside = (range.start ?? '') < event.start || (range.end ?? '') > event.end;
    const key = `${range.start ?? ''}/${range.end ?? ''}`;
    if (outside && warned !== key) {
      setWarned(key);
      return;
    }
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
  const shown = zonedRange(start, end, zone);
  const warning = warned !== undefined && warned === `${shown.start ?? ''}/${shown.end ?? ''}`;
  return (
    <form ref={ref} onKeyDown={onKeyDown} onSubmit={submit} className="editor" aria-label={label} noValidate>
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
      {warning && (
        <p className="alert alert-warn" role="alert">
          This session is outside the event's dates ({formatInZone(event.start, zone)} – {formatInZone(event.end, zone)}). Check the day and time;
          to keep them anyway (a workshop the day before, say), choose {session ? 'Save session' : 'Add session'} again.
        </p>
      )}
      {formError && <Alert>{formError}</Alert>}
      <div className="actions">
        <button type="submit" disabled={busy}>{busy ? 'Saving…' : warning ? (session ? 'Save session anyway' : 'Add session anyway') : session ? 'Save session' : 'Add session'}</button>
        <button type="button" className="secondary" onClick={onCancel}>Cancel<span className="sr-only"> {label}</span></button>
      </div>
    </form>
  );
}
