import { useEffect, useState, type FormEvent } from 'react';
import { api, listAll } from '../api.js';
import type { EventT, SessionT, SyncT, WebcastT } from '../types.js';
import { Alert, Loading, fmt, useFormErrors, useLoad } from '../ui.js';
import { VirtualSessions } from './VirtualSessions.js';

function EventSettings({ event, onSaved }: { event: EventT; onSaved: (e: EventT) => void }) {
  const [anyVirtual, setAnyVirtual] = useState(event.format !== 'In-person');
  const [fullyVirtual, setFullyVirtual] = useState(event.format === 'Virtual');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const { errors, formError, capture, clear } = useFormErrors();
  useEffect(() => {
    setAnyVirtual(event.format !== 'In-person');
    setFullyVirtual(event.format === 'Virtual');
  }, [event.format]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    setSaved(false);
    setSaving(true);
    const format = !anyVirtual ? 'In-person' : fullyVirtual ? 'Virtual' : 'Hybrid';
    try {
      const updated = await api<EventT>('PUT', `/events/${event.id}`, { ...event, format });
      onSaved(updated);
      setSaved(true);
    } catch (err) {
      capture(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} className="panel" aria-labelledby="settings-h">
      <h2 id="settings-h">Event settings</h2>
      <fieldset aria-describedby={errors['format'] ? 'format-error' : undefined}>
        <legend>Is any part of this event virtual?</legend>
        <label className="inline"><input type="radio" name="anyVirtual" value="yes" checked={anyVirtual} onChange={() => setAnyVirtual(true)} /> Yes</label>
        <label className="inline"><input type="radio" name="anyVirtual" value="no" checked={!anyVirtual} onChange={() => setAnyVirtual(false)} /> No</label>
        {errors['format'] && <p className="field-error" id="format-error" role="alert">{errors['format']}</p>}
      </fieldset>
      {anyVirtual && (
        <fieldset>
          <legend>How much of it?</legend>
          <label className="inline"><input type="radio" name="howVirtual" value="hybrid" checked={!fullyVirtual} onChange={() => setFullyVirtual(false)} /> Part of it (hybrid)</label>
          <label className="inline"><input type="radio" name="howVirtual" value="virtual" checked={fullyVirtual} onChange={() => setFullyVirtual(true)} /> All of it (virtual)</label>
        </fieldset>
      )}
      {formError && <Alert>{formError}</Alert>}
      <button type="submit" disabled={saving}>{saving ? 'Saving…' : 'Save settings'}</button>
      {saved && <Alert kind="ok">Settings saved: format is {event.format}.</Alert>}
    </form>
  );
}

function SessionList({ sessions }: { sessions: SessionT[] }) {
  if (sessions.length === 0) return <p>This event has no sessions yet.</p>;
  return (
    <div className="table-wrap">
      <table>
        <caption className="sr-only">Sessions</caption>
        <thead><tr><th scope="col">Session</th><th scope="col">Starts</th><th scope="col">Kind</th><th scope="col">Status</th><th scope="col">Attendees</th></tr></thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.id}>
              <th scope="row">{s.title}</th>
              <td>{fmt(s.start)}</td>
              <td>{s.includedSession ? 'Included' : 'Optional'}{s.virtual ? ' · virtual' : ''}</td>
              <td>{s.status}</td>
              <td><a href={`#/events/${s.event.id}/sessions/${s.id}`}>Attendees<span className="sr-only"> of {s.title}</span></a></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function EventPage({ id, tab }: { id: string; tab: string | undefined }) {
  const [event, setEvent] = useState<EventT>();
  const loaded = useLoad(() => api<EventT>('GET', `/events/${id}`), [id]);
  useEffect(() => {
    if (loaded.data) setEvent(loaded.data);
  }, [loaded.data]);
  const sessions = useLoad(async () => {
    const [list, webcasts] = await Promise.all([
      listAll<SessionT>('/sessions', `event.id eq '${id}'`),
      listAll<WebcastT>('/webcasts', `event.id eq '${id}'`),
    ]);
    // The sync state of each virtual session (GET /ea/sessions/{id}/sync); a
    // server without the sync extension simply shows none.
    const syncs = new Map<string, SyncT>();
    const states = await Promise.allSettled(list.filter((s) => s.virtual).map(async (s) => [s.id, await api<SyncT>('GET', `/sessions/${s.id}/sync`)] as const));
    for (const r of states) if (r.status === 'fulfilled') syncs.set(r.value[0], r.value[1]);
    return { list: list.sort((a, b) => a.start.localeCompare(b.start)), webcasts, syncs };
  }, [id]);

  if (loaded.error) return <Alert>{loaded.error}</Alert>;
  if (!event) return <Loading what="event" />;
  const virtualTab = event.format !== 'In-person';
  const current = tab === 'virtual' && virtualTab ? 'virtual' : 'sessions';
  return (
    <article aria-labelledby="event-h">
      <p><a href="#/events">← All events</a></p>
      <h1 id="event-h">{event.title}</h1>
      <p className="muted">{fmt(event.start)} – {fmt(event.end)} · {event.timezone} · code {event.code} · <span className="badge">{event.format}</span></p>
      <EventSettings event={event} onSaved={(e) => { setEvent(e); sessions.reload(); }} />
      <section aria-labelledby="sessions-h" className="panel">
        <h2 id="sessions-h">Sessions</h2>
        <div role="tablist" aria-label="Session views" className="tabs">
          <a role="tab" aria-selected={current === 'sessions'} href={`#/events/${id}`} className={current === 'sessions' ? 'tab active' : 'tab'}>Session list</a>
          {virtualTab && (
            <a role="tab" aria-selected={current === 'virtual'} href={`#/events/${id}/virtual`} className={current === 'virtual' ? 'tab active' : 'tab'}>Virtual Session</a>
          )}
        </div>
        <div role="tabpanel" aria-label={current === 'virtual' ? 'Virtual Session' : 'Session list'}>
          {sessions.loading && !sessions.data && <Loading what="sessions" />}
          {sessions.error && <Alert>{sessions.error}</Alert>}
          {sessions.data && current === 'sessions' && <SessionList sessions={sessions.data.list} />}
          {sessions.data && current === 'virtual' && (
            <VirtualSessions event={event} sessions={sessions.data.list} webcasts={sessions.data.webcasts} syncs={sessions.data.syncs} reload={sessions.reload} />
          )}
        </div>
      </section>
    </article>
  );
}
