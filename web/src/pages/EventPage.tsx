import { useEffect, useState, type FormEvent } from 'react';
import { api, listAll, quote } from '../api.js';
import { EVENT_TYPE_LABELS, type EventT, type SessionT, type SyncT, type WebcastT } from '../types.js';
import { Alert, ConfirmDialog, Loading, fmtIn, useFormErrors, useLoad } from '../ui.js';
import { EventNav } from './EventNav.js';
import { EventAttendees } from './Attendees.js';
import { EventDetailsForm, SessionForm } from './EventForm.js';
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
        {errors['format'] && event.format !== 'In-person' && (
          <p className="hint">On the <a href={`#/events/${event.id}/virtual`}>Virtual Session tab</a>, delete each virtual session's webcast and choose <em>Unmark virtual</em>; then save No again.</p>
        )}
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

type SessionAction = { kind: 'cancel' | 'delete'; session: SessionT };

function SessionList({ event, sessions, reload }: { event: EventT; sessions: SessionT[]; reload: () => void }) {
  const [editing, setEditing] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [action, setAction] = useState<SessionAction>();
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string>();
  const run = async () => {
    if (!action) return;
    setBusy(true);
    setActionError(undefined);
    const { kind, session } = action;
    try {
      if (kind === 'cancel') await api('PUT', `/sessions/${session.id}`, { ...session, status: 'Cancelled' });
      else await api('DELETE', `/sessions/${session.id}`);
      setAction(undefined);
      setMessage(`“${session.title}” was ${kind === 'cancel' ? 'cancelled' : 'deleted'}.`);
      reload();
    } catch (err) {
      setActionError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const saved = (verb: string) => (s: SessionT) => {
    setEditing(undefined);
    setMessage(`“${s.title}” ${verb}.`);
    reload();
  };
  return (
    <div>
      {message && <Alert kind="ok">{message}</Alert>}
      {editing === 'new'
        ? <SessionForm event={event} onSaved={saved('was added')} onCancel={() => setEditing(undefined)} />
        : <p><button type="button" onClick={() => { setMessage(undefined); setEditing('new'); }}>New session</button></p>}
      {sessions.length === 0 ? <p>This event has no sessions yet.</p> : (
        <div className="table-wrap">
          <table>
            <caption className="sr-only">Sessions</caption>
            <thead><tr><th scope="col">Session</th><th scope="col">Starts</th><th scope="col">Kind</th><th scope="col">Status</th><th scope="col">Attendees</th><th scope="col"><span className="sr-only">Actions</span></th></tr></thead>
            <tbody>
              {sessions.map((s) => (editing === s.id ? (
                <tr key={s.id}><td colSpan={6}><SessionForm event={event} session={s} onSaved={saved('was saved')} onCancel={() => setEditing(undefined)} /></td></tr>
              ) : (
                <tr key={s.id}>
                  <th scope="row">{s.title}</th>
                  <td>{fmtIn(s.start, event.timezone)}</td>
                  <td>{s.includedSession ? 'Included' : 'Optional'}{s.virtual ? ' · virtual' : ''}</td>
                  <td>{s.status}</td>
                  <td><a href={`#/events/${s.event.id}/sessions/${s.id}`}>Attendees<span className="sr-only"> of {s.title}</span></a></td>
                  <td><div className="row-actions">
                    <button type="button" className="small secondary" onClick={() => { setMessage(undefined); setEditing(s.id); }}>Edit<span className="sr-only"> {s.title}</span></button>
                    {s.status !== 'Cancelled' && <button type="button" className="small secondary" onClick={() => { setActionError(undefined); setAction({ kind: 'cancel', session: s }); }}>Cancel session<span className="sr-only"> {s.title}</span></button>}
                    <button type="button" className="small danger" onClick={() => { setActionError(undefined); setAction({ kind: 'delete', session: s }); }}>Delete<span className="sr-only"> {s.title}</span></button>
                  </div></td>
                </tr>
              )))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={action !== undefined} busy={busy} error={actionError} danger={action?.kind === 'delete'}
        title={action ? `${action.kind === 'cancel' ? 'Cancel' : 'Delete'} “${action.session.title}”?` : ''}
        confirmLabel={action?.kind === 'cancel' ? 'Cancel the session' : 'Delete the session'}
        onCancel={() => setAction(undefined)} onConfirm={() => void run()}
      >
        {action?.kind === 'cancel'
          ? <p>The session stays on the agenda, marked Cancelled, with its enrollments, attendance and speakers kept. Attendees are not told by eventline: send them a message.</p>
          : <p>The session is removed with its enrollments, attendance records, speaker assignments and program items. A session whose webcast is still linked cannot be deleted: remove the webcast first on the Virtual Session tab. This cannot be undone.</p>}
      </ConfirmDialog>
    </div>
  );
}

type Tab = 'sessions' | 'virtual' | 'attendees';

export function EventPage({ id, tab }: { id: string; tab: string | undefined }) {
  const [event, setEvent] = useState<EventT>();
  const [editingDetails, setEditingDetails] = useState(false);
  const [saved, setSaved] = useState<string>();
  const loaded = useLoad(() => api<EventT>('GET', `/events/${id}`), [id], 'event');
  useEffect(() => {
    if (loaded.data) setEvent(loaded.data);
  }, [loaded.data]);
  const virtualTab = event !== undefined && event.format !== 'In-person';
  const current: Tab = tab === 'virtual' && virtualTab ? 'virtual' : tab === 'attendees' ? 'attendees' : 'sessions';
  // Sessions and webcasts: one call each, whatever the number of sessions (the account's rate limit counts every call).
  const sessions = useLoad(async () => {
    if (current === 'attendees') return undefined;
    const [list, webcasts] = await Promise.all([
      listAll<SessionT>('/sessions', `event.id eq ${quote(id)}`),
      listAll<WebcastT>('/webcasts', `event.id eq ${quote(id)}`),
    ]);
    return { list: list.sort((a, b) => a.start.localeCompare(b.start)), webcasts };
  }, [id, current === 'attendees']);
  // The sync state of each session whose webcast is linked to a provider (GET /sessions/{id}/sync), only
  // on the tab that shows it; a server without the sync extension simply shows none.
  const syncs = useLoad(async () => {
    const out = new Map<string, SyncT>();
    if (current !== 'virtual' || !sessions.data) return out;
    const linked = sessions.data.webcasts.filter((w) => w.session && w.provider && w.provider !== 'None').map((w) => w.session?.id ?? '');
    const states = await Promise.allSettled(linked.map(async (sid) => [sid, await api<SyncT>('GET', `/sessions/${sid}/sync`)] as const));
    for (const r of states) if (r.status === 'fulfilled') out.set(r.value[0], r.value[1]);
    return out;
  }, [current, sessions.data]);

  if (loaded.error) {
    return (
      <section className="panel narrow" aria-labelledby="event-err-h">
        <h1 id="event-err-h">Event not found</h1>
        <Alert>{loaded.error}</Alert>
        <p><a href="#/events">Go to the list of events</a></p>
      </section>
    );
  }
  if (!event) return <Loading what="event" />;
  const tabLink = (t: Tab, label: string) => (
    <a role="tab" aria-selected={current === t} href={`#/events/${id}${t === 'sessions' ? '' : `/${t}`}`} className={current === t ? 'tab active' : 'tab'}>{label}</a>
  );
  return (
    <article aria-labelledby="event-h">
      <EventNav event={event} current="overview" />
      <h1 id="event-h">{event.title}</h1>
      <p className="muted" data-field="event-when">{fmtIn(event.start, event.timezone)} – {fmtIn(event.end, event.timezone)} · {event.timezone} · code {event.code} · {EVENT_TYPE_LABELS[event.type] ?? event.type} · <span className="badge">{event.format}</span></p>
      <nav aria-label="More about this event"><ul className="inline-list">
        <li><a href={`#/events/${id}/exhibitors`}>Exhibitors and leads</a></li>
        <li><a href={`#/events/${id}/surveys`}>Surveys</a></li>
        <li><a href={`#/events/${id}/engagement`}>Engagement</a></li>
      </ul></nav>
      {saved && <Alert kind="ok">{saved}</Alert>}
      {editingDetails
        ? <EventDetailsForm event={event} onCancel={() => setEditingDetails(false)} onSaved={(e) => { setEvent(e); setEditingDetails(false); setSaved('Event details saved.'); sessions.reload(); }} />
        : <p><button type="button" className="secondary" onClick={() => { setSaved(undefined); setEditingDetails(true); }}>Edit event details</button></p>}
      <EventSettings event={event} onSaved={(e) => { setEvent(e); sessions.reload(); }} />
      <section aria-labelledby="sessions-h" className="panel">
        <h2 id="sessions-h">Sessions and attendees</h2>
        <div role="tablist" aria-label="Event views" className="tabs">
          {tabLink('sessions', 'Session list')}
          {virtualTab && tabLink('virtual', 'Virtual Session')}
          {tabLink('attendees', 'Attendees')}
        </div>
        <div role="tabpanel" aria-label={current === 'virtual' ? 'Virtual Session' : current === 'attendees' ? 'Attendees' : 'Session list'}>
          {current !== 'attendees' && sessions.loading && !sessions.data && <Loading what="sessions" />}
          {current !== 'attendees' && sessions.error && <Alert>{sessions.error}</Alert>}
          {sessions.data && current === 'sessions' && <SessionList event={event} sessions={sessions.data.list} reload={sessions.reload} />}
          {sessions.data && current === 'virtual' && (
            <VirtualSessions event={event} sessions={sessions.data.list} webcasts={sessions.data.webcasts} syncs={syncs.data ?? new Map()} reload={sessions.reload} />
          )}
          {current === 'attendees' && <EventAttendees event={event} />}
        </div>
      </section>
    </article>
  );
}
