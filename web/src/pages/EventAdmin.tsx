// An event's administration (issue 34): copy the event, its features and their launch, its registration types, and
// cancelling it (POST /events/{id}/cancel, an eventline extension: the reference has no way to cancel or delete one).
// Cancelling a session, deleting one, and a time zone change are on the event's page, where the sessions are.
import { useState, type FormEvent } from 'react';
import { api, apiFull, listAll } from '../api.js';
import type { EventT, FeatureT, RegistrationTypeT } from '../types.js';
import { Alert, ConfirmDialog, Field, Loading, useFormErrors, useLoad } from '../ui.js';
import { EventNav } from './EventNav.js';

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The parts a copy can leave out (POST /events/{id}/copy), as planners name them. */
const COPY_PARTS = [
  ['agenda', 'Sessions (the agenda)'], ['speakers', 'Speakers and their sessions'], ['registration', 'Registration types and paths'],
  ['surveys', 'Surveys'], ['planning', 'Planning data'], ['travel', 'Travel'],
] as const;

function CopyEvent({ event }: { event: EventT }) {
  const [open, setOpen] = useState(false);
  const [parts, setParts] = useState<Record<string, boolean>>(() => Object.fromEntries(COPY_PARTS.map(([k]) => [k, true])));
  const [status, setStatus] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const copy = async () => {
    setBusy(true);
    setError(undefined);
    setStatus('Copying the event…');
    try {
      const body = Object.fromEntries(COPY_PARTS.filter(([k]) => !parts[k]).map(([k]) => [k, { featureData: false }]));
      const started = await apiFull<{ id: string }>('POST', `/events/${event.id}/copy`, body);
      const statusPath = started.location?.replace(/^.*\/ea(?=\/)/, '') ?? `/events/copy/${started.data.id}/status`;
      for (let i = 0; i < 120; i += 1) {
        const s = await api<{ status: string; event?: { id: string }; error?: string }>('GET', statusPath);
        if (s.status === 'Created' && s.event) {
          setOpen(false);
          window.location.hash = `#/events/${s.event.id}`;
          return;
        }
        if (s.status === 'Failed') throw new Error(s.error ?? 'The copy failed');
        await delay(Math.min(250 * (i + 1), 2000));
      }
      throw new Error('The copy is still being made. Look for “Copy of …” in the list of events in a moment.');
    } catch (err) {
      setStatus(undefined);
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="panel" aria-labelledby="copy-h">
      <h2 id="copy-h">Copy this event</h2>
      <p>Makes a new event, “Copy of {event.title}”, with the same dates and time zone. Files (speaker photos and documents) are not copied.</p>
      <button type="button" onClick={() => { setError(undefined); setOpen(true); }}>Copy event…</button>
      {status && <p role="status">{status}</p>}
      <ConfirmDialog open={open} title={`Copy “${event.title}”?`} confirmLabel="Copy the event" busy={busy} error={error} onCancel={() => setOpen(false)} onConfirm={() => void copy()}>
        <fieldset>
          <legend>What the copy takes along</legend>
          {COPY_PARTS.map(([k, label]) => (
            <label key={k} className="check"><input type="checkbox" checked={parts[k] ?? true} onChange={(e) => setParts((p) => ({ ...p, [k]: e.target.checked }))} /> {label}</label>
          ))}
        </fieldset>
      </ConfirmDialog>
    </section>
  );
}

const LAUNCHABLE = new Set(['Website', 'Registration', 'AttendeeHub']);

function Features({ event }: { event: EventT }) {
  const features = useLoad(() => listAll<FeatureT>(`/events/${event.id}/features`), [event.id]);
  const [message, setMessage] = useState<string>();
  const [error, setError] = useState<string>();
  const [launching, setLaunching] = useState<FeatureT>();
  const [busy, setBusy] = useState(false);
  const toggle = async (f: FeatureT) => {
    setError(undefined);
    try {
      await api('PUT', `/events/${event.id}/features/${encodeURIComponent(f.type)}`, { type: f.type, enabled: !f.enabled, ...(f.config ? { config: f.config } : {}) });
      setMessage(`${f.type} is ${f.enabled ? 'off' : 'on'}.`);
      features.reload();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  const launch = async () => {
    const f = launching;
    if (!f) return;
    setBusy(true);
    try {
      await api('POST', `/events/${event.id}/features/${encodeURIComponent(f.type)}/launch`, {});
      setLaunching(undefined);
      setMessage(`${f.type} was launched.`);
      features.reload();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setLaunching(undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="panel" aria-labelledby="features-h">
      <h2 id="features-h">Features</h2>
      {message && <Alert kind="ok">{message}</Alert>}
      {error && <Alert>{error}</Alert>}
      {features.error && <Alert>{features.error}</Alert>}
      {!features.data && !features.error && <Loading what="features" />}
      {features.data && (
        <div className="table-wrap">
          <table>
            <caption className="sr-only">Features of the event</caption>
            <thead><tr><th scope="col">Feature</th><th scope="col">State</th><th scope="col"><span className="sr-only">Actions</span></th></tr></thead>
            <tbody>
              {features.data.map((f) => (
                <tr key={f.type}>
                  <th scope="row">{f.type}</th>
                  <td>{f.enabled ? 'On' : 'Off'}{f.locked ? ' · launched' : ''}{f.weblink && <> · <a href={f.weblink} target="_blank" rel="noreferrer noopener">page<span className="sr-only"> of {f.type}</span></a></>}</td>
                  <td><div className="row-actions">
                    {!f.locked && <button type="button" className="small secondary" onClick={() => void toggle(f)}>{f.enabled ? 'Turn off' : 'Turn on'}<span className="sr-only"> {f.type}</span></button>}
                    {LAUNCHABLE.has(f.type) && f.enabled && !f.locked && <button type="button" className="small" onClick={() => { setError(undefined); setLaunching(f); }}>Launch<span className="sr-only"> {f.type}</span></button>}
                  </div></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog open={launching !== undefined} title={`Launch ${launching?.type ?? ''}?`} confirmLabel="Launch" busy={busy} onCancel={() => setLaunching(undefined)} onConfirm={() => void launch()}>
        <p>Launching opens {launching?.type === 'AttendeeHub' ? 'chat and Q&A to attendees' : 'it to the public'}. A launched feature is locked: it cannot be turned off again.</p>
      </ConfirmDialog>
    </section>
  );
}

function RegistrationTypes({ event }: { event: EventT }) {
  const types = useLoad(() => listAll<RegistrationTypeT>(`/events/${event.id}/registration-types`), [event.id]);
  const [name, setName] = useState('');
  const [capacity, setCapacity] = useState('');
  const [message, setMessage] = useState<string>();
  const { errors, formError, capture, clear } = useFormErrors();
  const add = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    const total = capacity.trim() === '' ? -1 : Number(capacity);
    try {
      await api('POST', `/events/${event.id}/registration-types`, { name: name.trim(), openForRegistration: true, capacity: { total } });
      setMessage(`Registration type “${name.trim()}” was added.`);
      setName('');
      setCapacity('');
      types.reload();
    } catch (err) {
      capture(err);
    }
  };
  const setOpen = async (t: RegistrationTypeT, open: boolean) => {
    clear();
    try {
      await api('PUT', `/events/${event.id}/registration-types/${t.id}`, { id: t.id, openForRegistration: open });
      setMessage(`“${t.name}” is ${open ? 'open' : 'closed'} for registration.`);
      types.reload();
    } catch (err) {
      capture(err);
    }
  };
  return (
    <section className="panel" aria-labelledby="regtypes-h">
      <h2 id="regtypes-h">Registration types</h2>
      {message && <Alert kind="ok">{message}</Alert>}
      {types.error && <Alert>{types.error}</Alert>}
      {types.data?.length === 0 && <p>No registration types yet.</p>}
      {types.data && types.data.length > 0 && (
        <div className="table-wrap">
          <table>
            <caption className="sr-only">Registration types</caption>
            <thead><tr><th scope="col">Name</th><th scope="col">Registration</th><th scope="col">Capacity</th><th scope="col"><span className="sr-only">Actions</span></th></tr></thead>
            <tbody>
              {types.data.map((t) => (
                <tr key={t.id}>
                  <th scope="row">{t.name}</th>
                  <td>{t.openForRegistration ? 'Open' : 'Closed'}</td>
                  <td>{t.capacity === undefined || t.capacity.total === -1 ? 'Unlimited' : `${t.capacity.consumed ?? 0} of ${t.capacity.total}`}</td>
                  <td><button type="button" className="small secondary" onClick={() => void setOpen(t, !t.openForRegistration)}>{t.openForRegistration ? 'Close' : 'Open'}<span className="sr-only"> {t.name}</span></button></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form onSubmit={add} aria-label="New registration type" className="grid2">
        <Field label="Registration type name" name="regTypeName" value={name} onChange={setName} error={errors['name']} />
        <Field label="Capacity" name="regTypeCapacity" type="number" value={capacity} onChange={setCapacity} error={errors['capacity.total']} hint="Leave empty for no limit" />
        <div><button type="submit" className="secondary" disabled={!name.trim()}>Add registration type</button></div>
      </form>
      {formError && <Alert>{formError}</Alert>}
    </section>
  );
}

function CancelEvent({ event, onCancelled }: { event: EventT; onCancelled: (e: EventT) => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const cancel = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onCancelled(await api<EventT>('POST', `/events/${event.id}/cancel`));
      setOpen(false);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="panel" aria-labelledby="cancel-h">
      <h2 id="cancel-h">Cancel this event</h2>
      {event.eventStatus === 'Cancelled' ? <p>This event is cancelled.</p> : (
        <>
          <p>The event is marked Cancelled for good. Its sessions, attendees and registrations are kept, and nobody is messaged by eventline. Events cannot be deleted.</p>
          <button type="button" className="danger" onClick={() => { setError(undefined); setOpen(true); }}>Cancel event…</button>
        </>
      )}
      <ConfirmDialog
        open={open} danger busy={busy} error={error} title={`Cancel “${event.title}”?`} confirmLabel="Cancel the event" typeToConfirm={event.title}
        onCancel={() => setOpen(false)} onConfirm={() => void cancel()}
      >
        <p>It stays cancelled whatever its dates, and cannot be reopened. Its sessions, attendees and registrations are kept; tell attendees yourself.</p>
      </ConfirmDialog>
    </section>
  );
}

export function EventAdminPage({ id }: { id: string }) {
  const event = useLoad(() => api<EventT>('GET', `/events/${id}`), [id], 'event');
  const [message, setMessage] = useState<string>();
  if (event.error) return <Alert>{event.error}</Alert>;
  if (!event.data) return <Loading what="event" />;
  return (
    <article aria-labelledby="admin-h">
      <EventNav event={event.data} current="admin" />
      <h1 id="admin-h">Administration: {event.data.title}</h1>
      <p>Cancel or delete a session on the <a href={`#/events/${id}`}>event page</a>, where the sessions are listed; a time zone change is made in the event's details there.</p>
      <CopyEvent event={event.data} />
      <Features event={event.data} />
      <RegistrationTypes event={event.data} />
      {message && <Alert kind="ok">{message}</Alert>}
      <CancelEvent event={event.data} onCancelled={(e) => { setMessage(`“${e.title}” is cancelled.`); event.reload(); }} />
    </article>
  );
}
