// The attendees of an event at any size: one page of the API's list at a time (its keyset tokens for
// next and previous), searched and filtered with the list's `filter` grammar, sorted with its `sort`,
// and exported page by page. Opening the tab costs two calls (the page and the checked-in count) besides
// the event itself, so a Free account (2 calls a second, 1,000 a day) can open it with 20,000 attendees.
// Registration types, segments and sessions are read only when a control that needs them is opened.
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Page } from '../../../src/client/types.js';
import { api, apiFull, quote } from '../api.js';
import { fileSlug, saveFile } from '../download.js';
import { ATTENDEE_UPDATE_STATUSES, type AttendeeT, type EventT, type SessionT } from '../types.js';
import { Alert, ConfirmDialog, Loading, fmtIn, useLoad } from '../ui.js';
import { attendeeFilter, csvLine, removalStatus, type AttendeeQuery } from '../people.js';
import { CsvImport, EditAttendee, NewAttendee, attendeeUpdate, nameOf } from './Attendees.js';

/** Rows per page of the list. */
const PAGE_SIZE = 50;
/** Rows per call of an export (the API's most). */
const EXPORT_PAGE = 200;

interface Option { id: string; name: string }

/** The sort choices: the fields the API's `sort` takes for GET /attendees. */
const SORTS: ReadonlyArray<[string, string]> = [
  ['contact.lastName:ASC', 'Last name (A–Z)'],
  ['contact.lastName:DESC', 'Last name (Z–A)'],
  ['contact.firstName:ASC', 'First name (A–Z)'],
  ['contact.company:ASC', 'Company (A–Z)'],
  ['registeredAt:DESC', 'Registered (newest first)'],
  ['checkIn:DESC', 'Checked in (latest first)'],
];



const listPath = (filter: string, extra: Record<string, string>) => `/attendees?${new URLSearchParams({ filter, ...extra }).toString()}`;

interface ShownPage {
  rows: AttendeeT[];
  total: number | undefined;
  next?: string | undefined;
  prev?: string | undefined;
}

/** One page: of the event's attendees, or of a segment's members (then the attendees of those ids). */
async function readPage(eventId: string, query: AttendeeQuery, segment: string, sort: string, token: string | undefined): Promise<ShownPage> {
  if (!segment) {
    const page = await api<Page<AttendeeT>>('GET', listPath(attendeeFilter(eventId, query), {
      limit: String(PAGE_SIZE), sort, ...(token ? { token } : {}),
    }));
    return { rows: page.data, total: page.paging.totalCount, next: page.paging.nextToken, prev: page.paging.previousToken };
  }
  // A segment lists its members' ids (GET /audience-segments/{id}/attendees): one page of them, then those attendees.
  const members = await api<Page<{ id: string }>>('GET', `/audience-segments/${segment}/attendees?${new URLSearchParams({
    limit: String(PAGE_SIZE), ...(token ? { token } : {}),
  }).toString()}`);
  const ids = members.data.map((m) => m.id);
  const rows = ids.length === 0 ? [] : (await api<Page<AttendeeT>>('GET', listPath(attendeeFilter(eventId, query, ids), { limit: String(PAGE_SIZE), sort }))).data;
  return { rows, total: members.paging.totalCount, next: members.paging.nextToken, prev: members.paging.previousToken };
}

/** How many of the event's attendees are checked in (one call: the first page's totalCount). */
async function countOf(path: string): Promise<number | undefined> {
  const page = await api<Page<unknown>>('GET', path);
  return page.paging.totalCount;
}


const countText = (n: number | undefined): string => (n === undefined ? 'more than 10,000' : n.toLocaleString('en-US'));

function ExportCsv({ event, query, segment, sort, total }: { event: EventT; query: AttendeeQuery; segment: string; sort: string; total: number | undefined }) {
  const id = useId();
  const [progress, setProgress] = useState<{ done: number; total: number | undefined; finished: boolean; error?: string }>();
  const run = async () => {
    const parts: string[] = [csvLine(['id', 'firstName', 'lastName', 'email', 'company', 'status', 'checkedIn', 'checkIn', 'registeredAt'])];
    let done = 0;
    setProgress({ done, total, finished: false });
    try {
      let token: string | undefined;
      for (;;) {
        const page = segment
          ? await readSegmentExportPage(event.id, query, segment, sort, token)
          : await api<Page<AttendeeT>>('GET', listPath(attendeeFilter(event.id, query), { limit: String(EXPORT_PAGE), sort, ...(token ? { token } : {}) }))
            .then((p) => ({ rows: p.data, next: p.paging.nextToken }));
        for (const a of page.rows) {
          parts.push(csvLine([a.id, a.contact.firstName, a.contact.lastName, a.contact.email, a.contact.company, a.status, a.checkedIn ? 'yes' : 'no', a.checkIn, a.registeredAt]));
        }
        done += page.rows.length;
        setProgress({ done, total, finished: false });
        token = page.next;
        if (!token) break;
      }
      saveFile(`${fileSlug(event.title)}-attendees.csv`, parts);
      setProgress({ done, total: done, finished: true });
    } catch (error) {
      setProgress({ done, total, finished: true, error: error instanceof Error ? error.message : String(error) });
    }
  };
  const busy = progress !== undefined && !progress.finished;
  return (
    <div className="export">
      <button type="button" className="secondary" onClick={() => void run()} disabled={busy}>{busy ? 'Exporting…' : 'Export to CSV'}</button>
      {progress && (
        <p aria-live="polite" className="usage-total">
          <label htmlFor={id}>{progress.finished ? (progress.error ? 'Export stopped' : 'Export finished') : 'Exporting'}: {progress.done.toLocaleString('en-US')}{progress.total !== undefined ? ` of ${progress.total.toLocaleString('en-US')}` : ''} attendees</label>
          <progress id={id} max={progress.total ?? Math.max(progress.done, 1)} value={progress.done} />
        </p>
      )}
      {progress?.error && <Alert>{`The export stopped: ${progress.error}`}</Alert>}
    </div>
  );
}

async function readSegmentExportPage(eventId: string, query: AttendeeQuery, segment: string, sort: string, token: string | undefined) {
  const members = await api<Page<{ id: string }>>('GET', `/audience-segments/${segment}/attendees?${new URLSearchParams({ limit: '100', ...(token ? { token } : {}) }).toString()}`);
  const ids = members.data.map((m) => m.id);
  const rows = ids.length === 0 ? [] : (await api<Page<AttendeeT>>('GET', listPath(attendeeFilter(eventId, query, ids), { limit: '100', sort }))).data;
  return { rows, next: members.paging.nextToken };
}

/** The options of a select that are read only once it is needed. */
function useOptions(load: () => Promise<Option[]>, wanted: boolean) {
  const [state, setState] = useState<{ options?: Option[]; error?: string }>({});
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!wanted || state.options) return;
    let live = true;
    load().then((options) => live && setState({ options }), (e: unknown) => live && setState({ error: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
    };
  }, [wanted, tick]);
  return { ...state, reload: () => { setState({}); setTick((t) => t + 1); } };
}

export function EventAttendees({ event }: { event: EventT }) {
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState<AttendeeQuery>({ search: '', status: '', registrationType: '', checkedIn: '' });
  const [segment, setSegment] = useState('');
  const [sort, setSort] = useState('contact.lastName:ASC');
  const [token, setToken] = useState<string>();
  const [pageNo, setPageNo] = useState(1);
  const [moreOpen, setMoreOpen] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [session, setSession] = useState('');
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<AttendeeT>();
  const [removeError, setRemoveError] = useState<string>();
  const [bulkStatus, setBulkStatus] = useState('Accepted');
  const [bulkSegment, setBulkSegment] = useState('');
  const [newSegment, setNewSegment] = useState('');
  const [sessionsWanted, setSessionsWanted] = useState(false);
  const [bulkOpen, setBulkOpen] = useState(false);

  const page = useLoad(() => readPage(event.id, query, segment, sort, token), [event.id, query, segment, sort, token]);
  const checked = useLoad(() => countOf(listPath(`event.id eq ${quote(event.id)} and checkedIn eq true`, { limit: '1' })), [event.id]);
  const sessionCount = useLoad(async () => (session
    ? countOf(`/sessions/attendance?${new URLSearchParams({ filter: `session.id eq ${quote(session)} and deleted eq false`, limit: '1' }).toString()}`)
    : undefined), [session]);
  const regTypes = useOptions(async () => (await api<Page<{ id: string; name: string }>>('GET', `/events/${event.id}/registration-types?limit=200`)).data
    .map((r) => ({ id: r.id, name: r.name })), moreOpen);
  const segments = useOptions(async () => (await api<Page<{ id: string; name: string }>>('GET', `/audience-segments?${new URLSearchParams({
    filter: `event.id eq ${quote(event.id)}`, limit: '200', sort: 'name:ASC' }).toString()}`)).data.map((s) => ({ id: s.id, name: s.name })), moreOpen || bulkOpen);
  const sessions = useOptions(async () => (await api<Page<SessionT>>('GET', `/sessions?${new URLSearchParams({
    filter: `event.id eq ${quote(event.id)}`, limit: '200' }).toString()}`)).data
    .sort((a, b) => a.start.localeCompare(b.start)).map((s) => ({ id: s.id, name: `${s.title} (${fmtIn(s.start, event.timezone)})` })), sessionsWanted);

  const restart = () => {
    setToken(undefined);
    setPageNo(1);
    setSelected(new Set());
  };
  const apply = (q: Partial<AttendeeQuery>) => {
    setQuery((old) => ({ ...old, ...q }));
    restart();
  };
  const search = (e: FormEvent) => {
    e.preventDefault();
    apply({ search: draft });
  };
  const done = (msg: string) => {
    setProblem(undefined);
    setMessage(msg);
    page.reload();
    checked.reload();
    sessionCount.reload();
  };
  const failed = (error: unknown) => {
    setMessage(undefined);
    setProblem(error instanceof Error ? error.message : String(error));
  };

  const checkIn = async (a: AttendeeT) => {
    setBusy(true);
    try {
      const res = await apiFull<Array<{ status: number; message?: string; data?: { message?: string } }>>('POST', `/events/${event.id}/check-in`, [{ id: a.id, checkIn: new Date().toISOString() }]);
      const item = res.data[0];
      if (!item || item.status >= 300) throw new Error(`${nameOf(a)} was not checked in: ${item?.data?.message ?? item?.message ?? 'refused'}`);
      done(`${nameOf(a)} is checked in to the event.`);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  const undoCheckIn = async (a: AttendeeT) => {
    setBusy(true);
    try {
      await api('DELETE', `/events/${event.id}/check-in/${a.id}`);
      done(`${nameOf(a)}'s check-in was removed.`);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  const checkInSession = async (a: AttendeeT) => {
    const s = sessions.options?.find((o) => o.id === session);
    setBusy(true);
    try {
      const res = await apiFull<Array<{ status: number; message?: string; data?: { message?: string } }>>('POST', `/sessions/${session}/check-in`, [{ id: a.id, checkIn: new Date().toISOString() }]);
      const item = res.data[0];
      if (!item || item.status >= 300) throw new Error(`${nameOf(a)} was not checked in to the session: ${item?.data?.message ?? item?.message ?? 'refused'}`);
      done(`${nameOf(a)} is checked in to ${s?.name ?? 'the session'}.`);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  const rows = page.data?.rows ?? [];
  const chosen = rows.filter((a) => selected.has(a.id));
  const setStatus = async (people: AttendeeT[], status: string): Promise<void> => {
    for (const a of people) {
      await api('PUT', `/attendees/${a.id}`, attendeeUpdate(a, status));
    }
  };
  const bulkSetStatus = async () => {
    setBusy(true);
    try {
      await setStatus(chosen, bulkStatus);
      setSelected(new Set());
      done(`${chosen.length} ${chosen.length === 1 ? 'attendee is' : 'attendees are'} now ${bulkStatus}.`);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  const bulkAddToSegment = async () => {
    setBusy(true);
    try {
      let target = bulkSegment;
      let name = segments.options?.find((s) => s.id === target)?.name;
      if (target === 'new') {
        if (!newSegment.trim()) throw new Error('Enter a name for the new segment.');
        const created = await api<{ id: string; name: string }>('POST', '/audience-segments', { event: { id: event.id }, name: newSegment.trim() });
        target = created.id;
        name = created.name;
        segments.reload();
        setNewSegment('');
      }
      if (!target) throw new Error('Choose a segment.');
      for (const a of chosen) await api('PUT', `/audience-segments/${target}/attendees/${a.id}`);
      setSelected(new Set());
      done(`${chosen.length} ${chosen.length === 1 ? 'attendee was' : 'attendees were'} added to the segment ${name ?? ''}.`);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      const to = removalStatus(removing.status);
      if (!to) throw new Error(`An attendee whose status is ${removing.status} cannot be removed.`);
      await setStatus([removing], to);
      setRemoving(undefined);
      setRemoveError(undefined);
      done(`${nameOf(removing)} was removed from the event: ${to === 'Cancelled' ? 'the registration is cancelled' : 'the invitation is declined'}.`);
    } catch (error) {
      setRemoveError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const total = page.data?.total;
  const first = (pageNo - 1) * PAGE_SIZE + 1;
  const allChosen = rows.length > 0 && rows.every((a) => selected.has(a.id));
  const toggle = (id: string) => setSelected((old) => {
    const s = new Set(old);
    if (s.has(id)) s.delete(id);
    else s.add(id);
    return s;
  });

  return (
    <div>
      {message && <Alert kind="ok">{message}</Alert>}
      {problem && <Alert>{problem}</Alert>}
      <NewAttendee event={event} onAdded={(msg) => done(msg)} />
      <CsvImport event={event} onImported={page.reload} />
      <h3>Attendees{total !== undefined ? ` (${total})` : page.data ? ` (${countText(total)})` : ''}</h3>
      <p className="counts" aria-live="polite" data-field="checked-in">
        Checked in to the event: <strong>{checked.data !== undefined ? countText(checked.data) : checked.loading ? '…' : '—'}</strong>
        {session && <> · checked in to the chosen session: <strong>{sessionCount.data !== undefined ? countText(sessionCount.data) : '…'}</strong></>}
        {' '}<button type="button" className="small secondary" onClick={() => { checked.reload(); sessionCount.reload(); }}>Refresh counts</button>
      </p>

      <form role="search" aria-label="Search attendees" onSubmit={search} className="toolbar">
        <div className="field">
          <label htmlFor="att-search">Search by name or email</label>
          <input id="att-search" type="search" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="e.g. Rosa Lind, or rosa@" />
        </div>
        <button type="submit">Search</button>
        {query.search && <button type="button" className="secondary" onClick={() => { setDraft(''); apply({ search: '' }); }}>Clear search</button>}
      </form>
      <div className="toolbar">
        <div className="field">
          <label htmlFor="att-status">Status</label>
          <select id="att-status" value={query.status} onChange={(e) => apply({ status: e.target.value })}>
            <option value="">Any status</option>
            {ATTENDEE_UPDATE_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="att-checked">Checked in</label>
          <select id="att-checked" value={query.checkedIn} onChange={(e) => apply({ checkedIn: e.target.value as AttendeeQuery['checkedIn'] })}>
            <option value="">Either</option><option value="yes">Checked in</option><option value="no">Not checked in</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="att-sort">Sort by</label>
          <select id="att-sort" value={sort} onChange={(e) => { setSort(e.target.value); restart(); }}>
            {SORTS.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
          </select>
        </div>
      </div>
      <details onToggle={(e) => setMoreOpen((e.target as HTMLDetailsElement).open)}>
        <summary>Registration type and segment filters</summary>
        {(regTypes.error || segments.error) && <Alert>{regTypes.error ?? segments.error}</Alert>}
        <div className="toolbar">
          <div className="field">
            <label htmlFor="att-regtype">Registration type</label>
            <select id="att-regtype" value={query.registrationType} onChange={(e) => apply({ registrationType: e.target.value })}>
              <option value="">Any registration type</option>
              <option value="none">No registration type</option>
              {regTypes.options?.map((r) => <option key={r.id} value={r.id}>{r.name}</option>)}
            </select>
          </div>
          <div className="field">
            <label htmlFor="att-segment">Segment</label>
            <select id="att-segment" value={segment} onChange={(e) => { setSegment(e.target.value); restart(); }}>
              <option value="">Any segment</option>
              {segments.options?.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
            </select>
          </div>
        </div>
        {segment && <p className="hint">A segment is read {PAGE_SIZE} members at a time; the other filters and the sort apply within each page of members.</p>}
      </details>
      <details onToggle={(e) => setSessionsWanted((e.target as HTMLDetailsElement).open || sessionsWanted)}>
        <summary>Check in to a session</summary>
        {sessions.error && <Alert>{sessions.error}</Alert>}
        <div className="field">
          <label htmlFor="att-session">Session for check-in</label>
          <select id="att-session" value={session} onChange={(e) => setSession(e.target.value)}>
            <option value="">No session (event check-in only)</option>
            {sessions.options?.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
          </select>
        </div>
        <p className="hint">With a session chosen, each attendee's row offers a check-in to it (an attendee who is not enrolled is enrolled).</p>
      </details>

      <div className="toolbar">
        <ExportCsv event={event} query={query} segment={segment} sort={sort} total={total} />
      </div>

      {page.loading && !page.data && <Loading what="attendees" />}
      {page.error && <Alert>{page.error}</Alert>}
      {page.data && rows.length === 0 && <p>{query.search || query.status || query.registrationType || query.checkedIn || segment ? 'No attendee matches these filters.' : 'No attendees yet.'}</p>}
      {rows.length > 0 && (
        <>
          <details open={chosen.length > 0 || bulkOpen} onToggle={(e) => setBulkOpen((e.target as HTMLDetailsElement).open)}>
            <summary>With the selected attendees ({chosen.length})</summary>
            <div className="toolbar">
              <div className="field">
                <label htmlFor="bulk-status">New status</label>
                <select id="bulk-status" value={bulkStatus} onChange={(e) => setBulkStatus(e.target.value)}>
                  {ATTENDEE_UPDATE_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
                </select>
              </div>
              <button type="button" disabled={busy || chosen.length === 0} onClick={() => void bulkSetStatus()}>Change status</button>
            </div>
            <div className="toolbar">
              <div className="field">
                <label htmlFor="bulk-segment">Segment</label>
                <select id="bulk-segment" value={bulkSegment} onChange={(e) => setBulkSegment(e.target.value)}>
                  <option value="">Choose a segment</option>
                  {segments.options?.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
                  <option value="new">A new segment…</option>
                </select>
              </div>
              {bulkSegment === 'new' && (
                <div className="field">
                  <label htmlFor="bulk-new-segment">New segment's name</label>
                  <input id="bulk-new-segment" value={newSegment} onChange={(e) => setNewSegment(e.target.value)} maxLength={100} />
                </div>
              )}
              <button type="button" disabled={busy || chosen.length === 0} onClick={() => void bulkAddToSegment()}>Add to segment</button>
            </div>
          </details>
          <div className="table-wrap">
            <table className="attendees">
              <caption className="sr-only">Attendees of {event.title}, page {pageNo}</caption>
              <thead>
                <tr>
                  <th scope="col"><input type="checkbox" aria-label="Select every attendee on this page" checked={allChosen}
                    onChange={() => setSelected(allChosen ? new Set() : new Set(rows.map((a) => a.id)))} /></th>
                  <th scope="col">Attendee</th><th scope="col">Email</th><th scope="col">Status</th><th scope="col">Checked in</th>
                  <th scope="col"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody>
                {rows.map((a) => (editing === a.id ? (
                  <tr key={a.id}><td colSpan={6}><EditAttendee attendee={a} onDone={(msg) => { setEditing(undefined); if (msg) done(msg); }} /></td></tr>
                ) : (
                  <tr key={a.id}>
                    <td><input type="checkbox" aria-label={`Select ${nameOf(a)}`} checked={selected.has(a.id)} onChange={() => toggle(a.id)} /></td>
                    <th scope="row">{nameOf(a)}</th>
                    <td>{a.contact.email ?? '—'}</td>
                    <td>{a.status}</td>
                    <td>{a.checkedIn ? `Yes, ${fmtIn(a.checkIn, event.timezone)}` : 'No'}</td>
                    <td className="actions">
                      {a.checkedIn
                        ? <button type="button" className="small secondary" disabled={busy} onClick={() => void undoCheckIn(a)}>Undo check-in<span className="sr-only"> of {nameOf(a)}</span></button>
                        : <button type="button" className="small" disabled={busy} onClick={() => void checkIn(a)}>Check in<span className="sr-only"> {nameOf(a)}</span></button>}
                      {session && <button type="button" className="small" disabled={busy} onClick={() => void checkInSession(a)}>Check in to session<span className="sr-only"> {nameOf(a)}</span></button>}
                      <button type="button" className="small secondary" onClick={() => setEditing(a.id)}>Edit<span className="sr-only"> {nameOf(a)}</span></button>
                      {removalStatus(a.status) && <button type="button" className="small secondary" onClick={() => { setRemoveError(undefined); setRemoving(a); }}>Remove<span className="sr-only"> {nameOf(a)}</span></button>}
                    </td>
                  </tr>
                )))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Attendee pages" className="pager">
            <button type="button" className="secondary" disabled={!page.data?.prev || page.loading} onClick={() => { setToken(page.data?.prev); setPageNo((n) => Math.max(1, n - 1)); setSelected(new Set()); }}>Previous page</button>
            <span aria-live="polite">{page.loading ? `Loading page ${pageNo}…` : segment ? `Page ${pageNo}` : `Showing ${first.toLocaleString('en-US')}–${(first + rows.length - 1).toLocaleString('en-US')} of ${countText(total)}`}</span>
            <button type="button" className="secondary" disabled={!page.data?.next || page.loading} onClick={() => { setToken(page.data?.next); setPageNo((n) => n + 1); setSelected(new Set()); }}>Next page</button>
          </nav>
        </>
      )}
      <ConfirmDialog open={removing !== undefined} title={`Remove ${removing ? nameOf(removing) : ''} from the event?`} confirmLabel="Remove attendee" danger busy={busy}
        error={removeError} onConfirm={() => void remove()} onCancel={() => setRemoving(undefined)}>
        {removing && removalStatus(removing.status) === 'Declined'
          ? <p>The invitation is marked declined (status Declined): the attendee no longer takes part.</p>
          : <p>The registration is cancelled (status Cancelled): the attendee no longer takes part.</p>}
        <p>Their check-ins, answers and activities stay on record: the API keeps attendees rather than deleting them
          (erase a person's data from the contact instead). Only a registered or invited attendee can be removed.</p>
      </ConfirmDialog>
    </div>
  );
}
