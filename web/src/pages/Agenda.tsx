// The agenda of an event (issue 34): sessions and their program items by day and by room, with speakers,
// locations and categories; a printable day view; and the event's speakers (photo and documents included).
import { useMemo, useState, type FormEvent } from 'react';
import { api, listAll, quote, uploadFile } from '../api.js';
import { toZonedInput, usableZone } from '../time.js';
import type { EventT, ProgramItemT, SessionCategoryT, SessionLocationT, SessionT, SpeakerFileT, SpeakerT } from '../types.js';
import { Alert, ConfirmDialog, Field, Loading, fmtIn, useEditorFocus, useFormErrors, useLoad } from '../ui.js';
import { EventNav } from './EventNav.js';

/** Everything the agenda shows, in a handful of calls (each counts against the account's rate limit). */
interface Program {
  sessions: SessionT[];
  locations: SessionLocationT[];
  categories: SessionCategoryT[];
  speakers: SpeakerT[];
  items: ProgramItemT[];
  /** Session id -> its speakers, in assignment order. */
  bySession: Map<string, SpeakerT[]>;
}

async function loadProgram(eventId: string): Promise<Program> {
  const byEvent = `event.id eq ${quote(eventId)}`;
  const [sessions, locations, categories, speakers, items] = await Promise.all([
    listAll<SessionT>('/sessions', byEvent),
    listAll<SessionLocationT>(`/events/${eventId}/session-locations`),
    listAll<SessionCategoryT>('/session-categories'),
    listAll<SpeakerT>('/speakers', byEvent),
    listAll<ProgramItemT>('/program-items', byEvent),
  ]);
  const bySession = new Map<string, SpeakerT[]>();
  const byId = new Map(speakers.map((s) => [s.id, s]));
  await Promise.all(sessions.map(async (s) => {
    // The session's assignments name the speaker by id; the names come from the event's speakers.
    const assigned = await listAll<{ id: string }>(`/sessions/${s.id}/speakers`);
    bySession.set(s.id, assigned.map((a) => byId.get(a.id)).filter((x): x is SpeakerT => x !== undefined));
  }));
  sessions.sort((a, b) => a.start.localeCompare(b.start) || a.title.localeCompare(b.title));
  return { sessions, locations, categories, speakers, items, bySession };
}

const speakerName = (s: Pick<SpeakerT, 'firstName' | 'lastName'>): string => `${s.firstName} ${s.lastName}`;
/** The day of an instant in the event's zone (YYYY-MM-DD). */
const dayOf = (iso: string, zone: string): string => toZonedInput(iso, zone).slice(0, 10);
const timeOf = (iso: string, zone: string): string => toZonedInput(iso, zone).slice(11, 16);
const dayLabel = (day: string): string => new Date(`${day}T12:00:00Z`).toLocaleDateString(undefined, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

function SessionEntry({ session, program, zone, showRoom }: { session: SessionT; program: Program; zone: string; showRoom: boolean }) {
  const speakers = program.bySession.get(session.id) ?? [];
  const items = program.items.filter((i) => i.session.id === session.id);
  const room = program.locations.find((l) => l.id === session.location?.id)?.name ?? session.location?.name;
  const category = program.categories.find((c) => c.id === session.category?.id)?.name ?? session.category?.name;
  return (
    <div className={`agenda-entry${session.status === 'Cancelled' ? ' cancelled' : ''}`} data-session={session.title}>
      <p className="agenda-time">{timeOf(session.start, zone)}–{timeOf(session.end, zone)}</p>
      <div>
        <p className="agenda-title"><strong>{session.title}</strong>{session.status === 'Cancelled' && <span className="badge"> Cancelled</span>}</p>
        <p className="muted">
          {showRoom && <span data-field="room">{room ?? 'No room'}</span>}
          {showRoom && category && ' · '}
          {category && <span data-field="category">{category}</span>}
        </p>
        {speakers.length > 0 && <p data-field="speakers">Speakers: {speakers.map(speakerName).join(', ')}</p>}
        {items.length > 0 && (
          <ul className="program-items">
            {items.map((i) => <li key={i.id}>{i.name}{i.duration ? ` (${i.duration} min)` : ''}</li>)}
          </ul>
        )}
      </div>
    </div>
  );
}

/** Room, category and speakers of one session. */
function SessionProgramEditor({ session, program, onDone, onCancel }: { session: SessionT; program: Program; onDone: (message: string) => void; onCancel: () => void }) {
  const [room, setRoom] = useState(session.location?.id ?? '');
  const [category, setCategory] = useState(session.category?.id ?? '');
  const [speakerId, setSpeakerId] = useState('');
  const [busy, setBusy] = useState(false);
  const { formError, capture, clear } = useFormErrors();
  const { ref, onKeyDown } = useEditorFocus<HTMLFormElement>(onCancel);
  const current = program.bySession.get(session.id) ?? [];
  const others = program.speakers.filter((s) => !current.some((c) => c.id === s.id));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    setBusy(true);
    try {
      const { location: _l, category: _c, ...rest } = session;
      await api('PUT', `/sessions/${session.id}`, { ...rest, ...(room ? { location: { id: room } } : {}), ...(category ? { category: { id: category } } : {}) });
      if (speakerId) await api('PUT', `/sessions/${session.id}/speakers/${speakerId}`, {});
      onDone(`“${session.title}” was saved.`);
    } catch (err) {
      capture(err);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (speaker: SpeakerT) => {
    clear();
    try {
      await api('DELETE', `/sessions/${session.id}/speakers/${speaker.id}`);
      onDone(`${speakerName(speaker)} no longer speaks at “${session.title}”.`);
    } catch (err) {
      capture(err);
    }
  };
  return (
    <form ref={ref} onKeyDown={onKeyDown} onSubmit={save} className="editor" aria-label={`Program of ${session.title}`}>
      <h3>Program of {session.title}</h3>
      <div className="grid2">
        <div className="field">
          <label htmlFor={`room-${session.id}`}>Room</label>
          <select id={`room-${session.id}`} value={room} onChange={(e) => setRoom(e.target.value)}>
            <option value="">No room</option>
            {program.locations.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`cat-${session.id}`}>Category</label>
          <select id={`cat-${session.id}`} value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">No category</option>
            {program.categories.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </div>
      </div>
      {current.length > 0 && (
        <ul className="plain">
          {current.map((s) => (
            <li key={s.id}>{speakerName(s)} <button type="button" className="small secondary" onClick={() => void remove(s)}>Remove<span className="sr-only"> {speakerName(s)} from {session.title}</span></button></li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor={`spk-${session.id}`}>Add a speaker</label>
        <select id={`spk-${session.id}`} value={speakerId} onChange={(e) => setSpeakerId(e.target.value)}>
          <option value="">—</option>
          {others.map((s) => <option key={s.id} value={s.id}>{speakerName(s)}</option>)}
        </select>
        {program.speakers.length === 0 && <p className="hint">This event has no speakers yet: add them on the Speakers page.</p>}
      </div>
      {formError && <Alert>{formError}</Alert>}
      <div className="actions">
        <button type="submit" disabled={busy}>{busy ? 'Saving…' : 'Save program'}</button>
        <button type="button" className="secondary" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}

function RoomsAndCategories({ event, program, onChanged }: { event: EventT; program: Program; onChanged: (m: string) => void }) {
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [category, setCategory] = useState('');
  const { errors, formError, capture, clear } = useFormErrors();
  const addRoom = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    try {
      await api('POST', `/events/${event.id}/session-locations`, { name: name.trim(), code: (code.trim() || name.trim()).slice(0, 30) });
      onChanged(`Room “${name.trim()}” was added.`);
      setName('');
      setCode('');
    } catch (err) {
      capture(err);
    }
  };
  const addCategory = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    try {
      await api('POST', '/session-categories', { name: category.trim() });
      onChanged(`Category “${category.trim()}” was added.`);
      setCategory('');
    } catch (err) {
      capture(err);
    }
  };
  return (
    <section className="panel no-print" aria-labelledby="rooms-h">
      <h2 id="rooms-h">Rooms and categories</h2>
      <p>Rooms: {program.locations.length === 0 ? 'none yet' : program.locations.map((l) => l.name).join(', ')}. Categories: {program.categories.length === 0 ? 'none yet' : program.categories.map((c) => c.name).join(', ')}.</p>
      <div className="grid2">
        <form onSubmit={addRoom} aria-label="New room">
          <Field label="Room name" name="roomName" value={name} onChange={setName} error={errors['name']} />
          <Field label="Room code" name="roomCode" value={code} onChange={setCode} error={errors['code']} hint="Optional: a short code (the name's start by default)" />
          <button type="submit" className="secondary" disabled={!name.trim()}>Add room</button>
        </form>
        <form onSubmit={addCategory} aria-label="New category">
          <Field label="Category name" name="categoryName" value={category} onChange={setCategory} />
          <button type="submit" className="secondary" disabled={!category.trim()}>Add category</button>
        </form>
      </div>
      {formError && <Alert>{formError}</Alert>}
    </section>
  );
}

export function AgendaPage({ id }: { id: string }) {
  const event = useLoad(() => api<EventT>('GET', `/events/${id}`), [id], 'event');
  const program = useLoad(() => loadProgram(id), [id]);
  const [view, setView] = useState<'time' | 'room'>('time');
  // One day, for the printable day view; '' shows them all.
  const [onlyDay, setOnlyDay] = useState('');
  const [editing, setEditing] = useState<string>();
  const [message, setMessage] = useState<string>();
  const zone = usableZone(event.data?.timezone);
  const days = useMemo(() => {
    const out = new Map<string, SessionT[]>();
    for (const s of program.data?.sessions ?? []) {
      const d = dayOf(s.start, zone);
      out.set(d, [...(out.get(d) ?? []), s]);
    }
    return [...out.entries()];
  }, [program.data, zone]);

  if (event.error) return <Alert>{event.error}</Alert>;
  if (!event.data) return <Loading what="event" />;
  const done = (m: string) => {
    setEditing(undefined);
    setMessage(m);
    program.reload();
  };
  const p = program.data;
  return (
    <article aria-labelledby="agenda-h" className="agenda-page">
      <EventNav event={event.data} current="agenda" />
      <h1 id="agenda-h">Agenda: {event.data.title}</h1>
      <p className="muted">{fmtIn(event.data.start, zone)} – {fmtIn(event.data.end, zone)} · times in {zone}</p>
      {message && <Alert kind="ok">{message}</Alert>}
      {program.error && <Alert>{program.error}</Alert>}
      {!p && !program.error && <Loading what="agenda" />}
      {p && (
        <>
          <div className="actions no-print">
            <fieldset className="inline-group">
              <legend>Show the agenda</legend>
              <label className="inline"><input type="radio" name="agendaView" checked={view === 'time'} onChange={() => setView('time')} /> By time</label>
              <label className="inline"><input type="radio" name="agendaView" checked={view === 'room'} onChange={() => setView('room')} /> By room</label>
            </fieldset>
            {days.length > 1 && (
              <div className="field inline-field">
                <label htmlFor="agenda-day">Day</label>
                <select id="agenda-day" value={onlyDay} onChange={(e) => setOnlyDay(e.target.value)}>
                  <option value="">Every day</option>
                  {days.map(([day]) => <option key={day} value={day}>{dayLabel(day)}</option>)}
                </select>
              </div>
            )}
            <button type="button" className="secondary" onClick={() => window.print()}>{onlyDay ? 'Print this day' : 'Print the agenda'}</button>
          </div>
          {days.length === 0 && <p>This event has no sessions yet. Add them on the <a href={`#/events/${id}`}>event page</a>.</p>}
          {days.filter(([day]) => !onlyDay || day === onlyDay).map(([day, sessions]) => {
            const rooms = view === 'room'
              ? [...p.locations.map((l) => ({ key: l.id, name: l.name, list: sessions.filter((s) => s.location?.id === l.id) })),
                { key: 'none', name: 'No room', list: sessions.filter((s) => !s.location?.id || !p.locations.some((l) => l.id === s.location?.id)) }].filter((r) => r.list.length > 0)
              : [{ key: 'all', name: '', list: sessions }];
            return (
              <section key={day} className="panel agenda-day" aria-labelledby={`day-${day}`}>
                <h2 id={`day-${day}`}>{dayLabel(day)}</h2>
                {rooms.map((r) => (
                  <section key={r.key} aria-label={r.name || undefined} className="agenda-room">
                    {view === 'room' && <h3>{r.name}</h3>}
                    <ul className="agenda-list">
                      {r.list.map((s) => (
                        editing === s.id
                          ? <li key={s.id}><SessionProgramEditor session={s} program={p} onDone={done} onCancel={() => setEditing(undefined)} /></li>
                          : (
                            <li key={s.id} className="agenda-row">
                              <SessionEntry session={s} program={p} zone={zone} showRoom={view === 'time'} />
                              <button type="button" className="small secondary no-print" onClick={() => { setMessage(undefined); setEditing(s.id); }}>
                                Room, category and speakers<span className="sr-only"> of {s.title}</span>
                              </button>
                            </li>
                          )
                      ))}
                    </ul>
                  </section>
                ))}
              </section>
            );
          })}
          <RoomsAndCategories event={event.data} program={p} onChanged={(m) => { setMessage(m); program.reload(); }} />
        </>
      )}
    </article>
  );
}

// ---- Speakers ----

function SpeakerForm({ event, speaker, onSaved, onCancel }: { event: EventT; speaker?: SpeakerT; onSaved: (m: string) => void; onCancel: () => void }) {
  const [firstName, setFirstName] = useState(speaker?.firstName ?? '');
  const [lastName, setLastName] = useState(speaker?.lastName ?? '');
  const [email, setEmail] = useState(speaker?.email ?? '');
  const [company, setCompany] = useState(speaker?.company ?? '');
  const [title, setTitle] = useState(speaker?.title ?? '');
  const [biography, setBiography] = useState(speaker?.biography ?? '');
  const [photo, setPhoto] = useState<File>();
  const [docs, setDocs] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [local, setLocal] = useState<Record<string, string>>({});
  const { errors, formError, capture, clear } = useFormErrors();
  const { ref, onKeyDown } = useEditorFocus<HTMLFormElement>(onCancel);
  const err = (k: string) => local[k] ?? errors[k] ?? errors[`body.${k}`];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    const problems: Record<string, string> = {};
    if (!firstName.trim()) problems['firstName'] = 'Enter a first name';
    if (!lastName.trim()) problems['lastName'] = 'Enter a last name';
    setLocal(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    const opt = (v: string) => (v.trim() ? v.trim() : undefined);
    const body = {
      event: { id: event.id }, firstName: firstName.trim(), lastName: lastName.trim(),
      ...(opt(email) ? { email: opt(email) } : {}), ...(opt(company) ? { company: opt(company) } : {}),
      ...(opt(title) ? { title: opt(title) } : {}), ...(opt(biography) ? { biography: opt(biography) } : {}),
    };
    try {
      const saved = speaker ? await api<SpeakerT>('PUT', `/speakers/${speaker.id}`, body) : await api<SpeakerT>('POST', '/speakers', body);
      if (photo) {
        const file = await uploadFile(photo, 'image');
        await api('PUT', `/speakers/${saved.id}/profile-images`, { file: { id: file.id } });
      }
      for (const doc of docs) {
        const file = await uploadFile(doc);
        await api('PUT', `/speakers/${saved.id}/docs/${file.id}`);
      }
      onSaved(`${speakerName(saved)} was ${speaker ? 'saved' : 'added'}.`);
    } catch (error) {
      capture(error);
    } finally {
      setBusy(false);
    }
  };
  const label = speaker ? `Edit speaker: ${speakerName(speaker)}` : 'New speaker';
  return (
    <form ref={ref} onKeyDown={onKeyDown} onSubmit={submit} className="editor" aria-label={label} noValidate>
      <h3>{speaker ? `Edit ${speakerName(speaker)}` : 'New speaker'}</h3>
      <div className="grid2">
        <Field label="First name" name="firstName" value={firstName} onChange={setFirstName} error={err('firstName')} required />
        <Field label="Last name" name="lastName" value={lastName} onChange={setLastName} error={err('lastName')} required />
        <Field label="Email" name="email" type="email" value={email} onChange={setEmail} error={err('email')} />
        <Field label="Company" name="company" value={company} onChange={setCompany} error={err('company')} />
        <Field label="Job title" name="title" value={title} onChange={setTitle} error={err('title')} />
      </div>
      <div className="field">
        <label htmlFor="speaker-bio">Biography</label>
        <textarea id="speaker-bio" name="biography" rows={3} maxLength={2500} value={biography} onChange={(e) => setBiography(e.target.value)} />
      </div>
      <div className="grid2">
        <div className="field">
          <label htmlFor="speaker-photo">Photo</label>
          <input id="speaker-photo" type="file" accept="image/jpeg,image/png,image/gif" onChange={(e) => setPhoto(e.target.files?.[0])} />
          <p className="hint">A JPEG, PNG or GIF image{speaker?.links.profilePicture ? '; it replaces the current photo' : ''}.</p>
        </div>
        <div className="field">
          <label htmlFor="speaker-docs">Documents</label>
          <input id="speaker-docs" type="file" multiple onChange={(e) => setDocs([...(e.target.files ?? [])])} />
          <p className="hint">Slides, a CV: PDF, images or office documents, 10 MiB each at most.</p>
        </div>
      </div>
      {formError && <Alert>{formError}</Alert>}
      <div className="actions">
        <button type="submit" disabled={busy}>{busy ? 'Saving…' : speaker ? 'Save speaker' : 'Add speaker'}</button>
        <button type="button" className="secondary" onClick={onCancel}>Cancel<span className="sr-only"> {label}</span></button>
      </div>
    </form>
  );
}

function SpeakerDocs({ speaker, onChanged }: { speaker: SpeakerT; onChanged: (m: string) => void }) {
  const docs = useLoad(() => listAll<SpeakerFileT>(`/speakers/${speaker.id}/docs`), [speaker.id]);
  if (!docs.data || docs.data.length === 0) return null;
  return (
    <ul className="plain">
      {docs.data.map((d) => (
        <li key={d.file.id}>
          <a href={d.href} target="_blank" rel="noreferrer noopener">{d.friendlyName ?? 'Document'}</a>{' '}
          <button type="button" className="small secondary" onClick={() => void api('DELETE', `/speakers/${speaker.id}/docs/${d.file.id}`).then(() => { docs.reload(); onChanged(`A document of ${speakerName(speaker)} was removed.`); })}>
            Remove<span className="sr-only"> {d.friendlyName ?? 'document'}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function SpeakersPage({ id }: { id: string }) {
  const event = useLoad(() => api<EventT>('GET', `/events/${id}`), [id], 'event');
  const speakers = useLoad(() => listAll<SpeakerT>('/speakers', `event.id eq ${quote(id)}`), [id]);
  const [editing, setEditing] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [removing, setRemoving] = useState<SpeakerT>();
  const [removeError, setRemoveError] = useState<string>();
  if (event.error) return <Alert>{event.error}</Alert>;
  if (!event.data) return <Loading what="event" />;
  const saved = (m: string) => {
    setEditing(undefined);
    setMessage(m);
    speakers.reload();
  };
  return (
    <article aria-labelledby="speakers-h">
      <EventNav event={event.data} current="speakers" />
      <h1 id="speakers-h">Speakers: {event.data.title}</h1>
      {message && <Alert kind="ok">{message}</Alert>}
      {editing === 'new'
        ? <SpeakerForm event={event.data} onSaved={saved} onCancel={() => setEditing(undefined)} />
        : <p><button type="button" onClick={() => { setMessage(undefined); setEditing('new'); }}>New speaker</button></p>}
      {speakers.error && <Alert>{speakers.error}</Alert>}
      {!speakers.data && !speakers.error && <Loading what="speakers" />}
      {speakers.data?.length === 0 && <p>This event has no speakers yet.</p>}
      {speakers.data && speakers.data.length > 0 && (
        <ul className="speaker-cards">
          {speakers.data.map((s) => (
            <li key={s.id} className="panel speaker-card">
              {editing === s.id ? <SpeakerForm event={event.data as EventT} speaker={s} onSaved={saved} onCancel={() => setEditing(undefined)} /> : (
                <>
                  {s.links.profilePicture
                    ? <img src={s.links.profilePicture.href} alt={`Photo of ${speakerName(s)}`} width={64} height={64} className="avatar" />
                    : <span className="avatar placeholder" aria-hidden="true">{s.firstName.slice(0, 1)}{s.lastName.slice(0, 1)}</span>}
                  <div>
                    <h2 className="h3">{speakerName(s)}</h2>
                    <p className="muted">{[s.title, s.company].filter(Boolean).join(', ') || '—'}</p>
                    <SpeakerDocs speaker={s} onChanged={setMessage} />
                    <div className="actions">
                      <button type="button" className="small secondary" onClick={() => { setMessage(undefined); setEditing(s.id); }}>Edit<span className="sr-only"> {speakerName(s)}</span></button>
                      <button type="button" className="small danger" onClick={() => { setRemoveError(undefined); setRemoving(s); }}>Delete<span className="sr-only"> {speakerName(s)}</span></button>
                    </div>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== undefined} title={removing ? `Delete ${speakerName(removing)}?` : ''} confirmLabel="Delete speaker" danger error={removeError}
        onCancel={() => setRemoving(undefined)}
        onConfirm={() => {
          const s = removing;
          if (!s) return;
          void api('DELETE', `/speakers/${s.id}`).then(() => { setRemoving(undefined); saved(`${speakerName(s)} was deleted.`); }, (e: unknown) => setRemoveError(e instanceof Error ? e.message : String(e)));
        }}
      >
        <p>The speaker leaves every session of this event, with their photo and documents. This cannot be undone.</p>
      </ConfirmDialog>
    </article>
  );
}
