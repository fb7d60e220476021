import { useState, type FormEvent } from 'react';
import { api, apiFull, listAll } from '../api.js';
import { browserZone, fromZonedInput } from '../time.js';
import { EVENT_FORMATS, EVENT_TYPE_LABELS, EVENT_TYPES, type EventT } from '../types.js';
import { Alert, Field, Loading, Select, fmtIn, useEditorFocus, useFormErrors, useLoad } from '../ui.js';
import { ZoneSelect } from './EventForm.js';

interface Draft {
  title: string; type: string; format: string; timezone: string; start: string; end: string;
  firstName: string; lastName: string; email: string;
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

function NewEvent({ onCancel }: { onCancel: () => void }) {
  const [d, setD] = useState<Draft>(() => ({
    title: '', type: 'Conference', format: 'In-person', timezone: browserZone(), start: '', end: '', firstName: '', lastName: '', email: '',
  }));
  const [status, setStatus] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { errors, formError, capture, clear } = useFormErrors();
  const [local, setLocal] = useState<Record<string, string>>({});
  const set = (k: keyof Draft) => (v: string) => setD((x) => ({ ...x, [k]: v }));
  const err = (k: string) => local[k] ?? errors[k] ?? errors[`body.${k}`];
  const { ref, onKeyDown } = useEditorFocus<HTMLFormElement>(onCancel);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    const problems: Record<string, string> = {};
    if (!d.title.trim()) problems['title'] = 'Enter a title';
    const start = fromZonedInput(d.start, d.timezone);
    const end = fromZonedInput(d.end, d.timezone);
    if (!start.ok) problems['start'] = start.reason;
    if (!end.ok) problems['end'] = end.reason;
    if (start.ok && end.ok && end.iso <= start.iso) problems['end'] = 'The end must be after the start';
    if (!d.email.trim()) problems['planners.0.email'] = 'Enter the planner\'s email';
    setLocal(problems);
    if (Object.keys(problems).length > 0 || !start.ok || !end.ok) return;
    setBusy(true);
    setStatus('Creating the event…');
    try {
      const created = await apiFull<{ id: string }>('POST', '/events/async', {
        title: d.title.trim(), type: d.type, format: d.format, timezone: d.timezone, languages: ['en-US'],
        start: start.iso, end: end.iso,
        planners: [{ ...(d.firstName.trim() ? { firstName: d.firstName.trim() } : {}), ...(d.lastName.trim() ? { lastName: d.lastName.trim() } : {}), email: d.email.trim() }],
      });
      // Creation runs in the background (202 Accepted): follow its status until the event exists.
      const statusPath = created.location?.replace(/^.*\/ea(?=\/)/, '') ?? `/events/async/${created.data.id}/status`;
      for (let i = 0; i < 120; i += 1) {
        const s = await api<{ status: string; event?: { id: string }; error?: string }>('GET', statusPath);
        if (s.status === 'Created' && s.event) {
          window.location.hash = `#/events/${s.event.id}`;
          return;
        }
        if (s.status === 'Failed') throw new Error(s.error ?? 'The event could not be created');
        await delay(Math.min(250 * (i + 1), 2000));
      }
      throw new Error('The event is still being created. Reload the list in a moment.');
    } catch (error) {
      setStatus(undefined);
      capture(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={ref} onKeyDown={onKeyDown} onSubmit={submit} className="panel" aria-labelledby="new-event-h" noValidate>
      <h2 id="new-event-h">New event</h2>
      <Field label="Event title" name="title" value={d.title} onChange={set('title')} error={err('title')} required />
      <div className="grid2">
        <Select label="Event type" name="type" value={d.type} options={EVENT_TYPES} labels={EVENT_TYPE_LABELS} onChange={set('type')} error={err('type')} />
        <Select label="Format" name="format" value={d.format} options={EVENT_FORMATS} onChange={set('format')} error={err('format')} />
      </div>
      <ZoneSelect value={d.timezone} onChange={set('timezone')} error={err('timezone')} />
      <div className="grid2">
        <Field label="Starts" name="start" type="datetime-local" value={d.start} onChange={set('start')} error={err('start')} hint={`In ${d.timezone}`} required />
        <Field label="Ends" name="end" type="datetime-local" value={d.end} onChange={set('end')} error={err('end')} hint={`In ${d.timezone}`} required />
      </div>
      <fieldset>
        <legend>Planner (point of contact)</legend>
        <div className="grid2">
          <Field label="Planner first name" name="plannerFirstName" value={d.firstName} onChange={set('firstName')} error={err('planners.0.firstName')} />
          <Field label="Planner last name" name="plannerLastName" value={d.lastName} onChange={set('lastName')} error={err('planners.0.lastName')} />
        </div>
        <Field label="Planner email" name="plannerEmail" type="email" value={d.email} onChange={set('email')} error={err('planners.0.email')} required />
      </fieldset>
      {formError && <Alert>{formError}</Alert>}
      {status && <p role="status">{status}</p>}
      <div className="actions">
        <button type="submit" disabled={busy}>{busy ? 'Creating…' : 'Create event'}</button>
        <button type="button" className="secondary" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}

export function EventsPage() {
  const events = useLoad(() => listAll<EventT>('/events'), []);
  const [creating, setCreating] = useState(false);
  return (
    <section aria-labelledby="events-h">
      <div className="row-between">
        <h1 id="events-h">Events</h1>
        {!creating && <button type="button" onClick={() => setCreating(true)}>New event</button>}
      </div>
      {creating && <NewEvent onCancel={() => setCreating(false)} />}
      {events.loading && !events.data && <Loading what="events" />}
      {events.error && <Alert>{events.error}</Alert>}
      {events.data && events.data.length === 0 && <p>No events yet.</p>}
      {events.data && events.data.length > 0 && (
        <ul className="cards">
          {events.data.map((e) => (
            <li key={e.id} className="card">
              <h2><a href={`#/events/${e.id}`}>{e.title}</a></h2>
              <p>{fmtIn(e.start, e.timezone)} – {fmtIn(e.end, e.timezone)}</p>
              <p><span className="badge">{EVENT_TYPE_LABELS[e.type] ?? e.type}</span> <span className="badge">{e.format}</span> <span className="badge">{e.eventStatus}</span> <span className="muted">{e.code}</span></p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
