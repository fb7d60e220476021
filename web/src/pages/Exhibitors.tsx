// An event's exhibitors: each with its categories, booth staff, logo and files, and its leads
// (one page at a time, exported to CSV page by page). The logo, files and booth staff can be changed here.
import { useId, useState, type FormEvent } from 'react';
import type { ItemOf, Page } from '../../../src/client/types.js';
import { api, ApiError, listAll, quote, uploadFile } from '../api.js';
import { attendeeFilter, csvLine } from '../people.js';
import { fileSlug, saveFile } from '../download.js';
import type { AttendeeT, EventT } from '../types.js';
import { Alert, Field, Loading, SafeLink, fmtIn, useEditorFocus, useFormErrors, useLoad } from '../ui.js';

type ExhibitorT = ItemOf<'/events/{id}/exhibitors'>;
type CategoryT = ItemOf<'/events/{id}/exhibitor-categories'>;
type LeadT = ItemOf<'/leads'>;
type StaffT = ItemOf<'/events/{id}/exhibitors/{exhibitorId}/booth-staff'>;
type FileT = ItemOf<'/events/{id}/exhibitors/{exhibitorId}/files'>;

const LEADS_PAGE = 50;

const leadName = (l: LeadT): string => [l.firstName, l.lastName].filter(Boolean).join(' ') || l.email || l.id;

/** The attendees of some ids, by id (one call per 60: a filter has at most 100 comparisons and 4,000 characters). */
async function attendeesById(eventId: string, ids: readonly string[]): Promise<Map<string, AttendeeT>> {
  const out = new Map<string, AttendeeT>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 60) {
    const chunk = unique.slice(i, i + 60);
    const filter = `event.id eq ${quote(eventId)} and (${chunk.map((id) => `id eq ${quote(id)}`).join(' or ')})`;
    const page = await api<Page<AttendeeT>>('GET', `/attendees?${new URLSearchParams({ filter, limit: '200' }).toString()}`);
    for (const a of page.data) out.set(a.id, a);
  }
  return out;
}

const personName = (a: AttendeeT | undefined, id: string): string =>
  (a ? [a.contact.firstName, a.contact.lastName].filter(Boolean).join(' ') || a.contact.email : undefined) ?? id;

function Leads({ event, exhibitor }: { event: EventT; exhibitor: ExhibitorT }) {
  const [token, setToken] = useState<string>();
  const [pageNo, setPageNo] = useState(1);
  const progressId = useId();
  const filter = `event.id eq ${quote(event.id)} and exhibitor.id eq ${quote(exhibitor.id)} and deleted eq false`;
  const page = useLoad(() => api<Page<LeadT>>('GET', `/leads?${new URLSearchParams({ filter, limit: String(LEADS_PAGE), ...(token ? { token } : {}) }).toString()}`), [filter, token]);
  const [exporting, setExporting] = useState<{ done: number; total: number | undefined; finished: boolean; error?: string }>();

  const exportCsv = async () => {
    const total = page.data?.paging.totalCount;
    const parts = [csvLine(['id', 'firstName', 'lastName', 'email', 'company', 'title', 'workPhone', 'qualified', 'source', 'comments', 'created'])];
    let done = 0;
    setExporting({ done, total, finished: false });
    try {
      let next: string | undefined;
      for (;;) {
        const p = await api<Page<LeadT>>('GET', `/leads?${new URLSearchParams({ filter, limit: '200', ...(next ? { token: next } : {}) }).toString()}`);
        for (const l of p.data) parts.push(csvLine([l.id, l.firstName, l.lastName, l.email, l.company, l.title, l.workPhone, l.qualified, l.source, l.comments, l.created]));
        done += p.data.length;
        setExporting({ done, total, finished: false });
        next = p.paging.nextToken;
        if (!next) break;
      }
      saveFile(`${fileSlug(exhibitor.name)}-leads.csv`, parts);
      setExporting({ done, total: done, finished: true });
    } catch (error) {
      setExporting({ done, total, finished: true, error: error instanceof Error ? error.message : String(error) });
    }
  };

  const leads = page.data?.data ?? [];
  return (
    <section aria-labelledby="leads-h" className="panel">
      <h3 id="leads-h">Leads of {exhibitor.name}{page.data?.paging.totalCount !== undefined ? ` (${page.data.paging.totalCount})` : ''}</h3>
      {page.loading && !page.data && <Loading what="leads" />}
      {page.error && <Alert>{page.error}</Alert>}
      {page.data && leads.length === 0 && <p>No leads yet. Booth staff capture them by scanning badges in the leads app.</p>}
      {leads.length > 0 && (
        <>
          <p>
            <button type="button" className="secondary" disabled={exporting !== undefined && !exporting.finished} onClick={() => void exportCsv()}>Export leads to CSV</button>
          </p>
          {exporting && (
            <p aria-live="polite" className="usage-total">
              <label htmlFor={progressId}>{exporting.finished ? 'Export finished' : 'Exporting'}: {exporting.done} {exporting.total !== undefined ? `of ${exporting.total} ` : ''}leads</label>
              <progress id={progressId} max={exporting.total ?? Math.max(1, exporting.done)} value={exporting.done} />
            </p>
          )}
          {exporting?.error && <Alert>{`The export stopped: ${exporting.error}`}</Alert>}
          <div className="table-wrap">
            <table>
              <caption className="sr-only">Leads of {exhibitor.name}</caption>
              <thead><tr><th scope="col">Lead</th><th scope="col">Company</th><th scope="col">Email</th><th scope="col">Qualified</th><th scope="col">Captured</th></tr></thead>
              <tbody>
                {leads.map((l) => (
                  <tr key={l.id}>
                    <th scope="row">{leadName(l)}{l.title ? <span className="muted"> · {l.title}</span> : null}</th>
                    <td>{l.company ?? '—'}</td>
                    <td>{l.email ?? '—'}</td>
                    <td>{l.qualified ? 'Yes' : 'No'}</td>
                    <td>{fmtIn(l.created, event.timezone)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {(page.data?.paging.nextToken || page.data?.paging.previousToken) && (
            <nav aria-label="Lead pages" className="pager">
              <button type="button" className="secondary" disabled={!page.data?.paging.previousToken} onClick={() => { setToken(page.data?.paging.previousToken); setPageNo((n) => n - 1); }}>Previous page</button>
              <span>Page {pageNo}</span>
              <button type="button" className="secondary" disabled={!page.data?.paging.nextToken} onClick={() => { setToken(page.data?.paging.nextToken); setPageNo((n) => n + 1); }}>Next page</button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'];

/** A message as a sentence: ending with a full stop. */
const sentence = (m: string): string => (/[.!?]$/.test(m.trim()) ? m.trim() : `${m.trim()}.`);

/** An upload's or a change's error in words a planner can act on (the API's message otherwise). */
function explain(err: unknown, what: 'image' | 'file'): string {
  if (err instanceof ApiError) {
    if (err.status === 413) return `The ${what} is larger than the 10 MiB allowed. Choose a smaller one.`;
    if (err.status === 403) return 'Your sign-in is not allowed to change exhibitors. Ask an administrator for the exhibitor scopes.';
    if (what === 'image' && (err.status === 400 || err.status === 415)) return `This file is not a JPEG, PNG or GIF image the server can read: ${sentence(err.message)} Choose another image.`;
    if (err.status === 400 || err.status === 415) return `The server refused this file: ${sentence(err.message)} Choose a PDF, an image or an office document.`;
    if (err.status === 422) return `${sentence(err.message)} Remove a file first, or upload this one again.`;
  }
  return err instanceof Error ? err.message : String(err);
}

/** Upload or replace the exhibitor's logo: a JPEG, PNG or GIF, uploaded with POST /files and assigned by id. */
function LogoForm({ event, exhibitor, onDone, onCancel }: { event: EventT; exhibitor: ExhibitorT; onDone: (m: string) => void; onCancel: () => void }) {
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const { ref, onKeyDown } = useEditorFocus<HTMLFormElement>(onCancel);
  const inputId = useId();
  const errId = `${inputId}-error`;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    if (!file) return setError('Choose an image file for the logo.');
    if (!IMAGE_TYPES.includes(file.type)) return setError(`“${file.name}” is not a JPEG, PNG or GIF image. Choose one of those.`);
    setBusy(true);
    try {
      const uploaded = await uploadFile(file, 'image');
      await api('PUT', `/events/${event.id}/exhibitors/${exhibitor.id}/logo-files/${uploaded.id}`);
      onDone(`The logo of ${exhibitor.name} was ${exhibitor.profileLogoId ? 'replaced' : 'uploaded'}.`);
    } catch (err) {
      setError(explain(err, 'image'));
    } finally {
      setBusy(false);
    }
  };
  const label = exhibitor.profileLogoId ? 'Replace the logo' : 'Upload a logo';
  return (
    <form ref={ref} onKeyDown={onKeyDown} onSubmit={submit} className="editor" aria-label={label} noValidate>
      <div className="field">
        <label htmlFor={inputId}>Logo image</label>
        <input
          id={inputId} type="file" accept={IMAGE_TYPES.join(',')} aria-invalid={error ? true : undefined}
          aria-describedby={`${inputId}-hint${error ? ` ${errId}` : ''}`} onChange={(e) => setFile(e.target.files?.[0])}
        />
        <p className="hint" id={`${inputId}-hint`}>A JPEG, PNG or GIF image, 10 MiB at most{exhibitor.profileLogoId ? '; it replaces the current logo' : ''}.</p>
        {error && <p className="field-error" id={errId} role="alert">{error}</p>}
      </div>
      <div className="actions">
        <button type="submit" disabled={busy}>{busy ? 'Uploading…' : label}</button>
        <button type="button" className="secondary" onClick={onCancel}>Cancel<span className="sr-only"> {label.toLowerCase()}</span></button>
      </div>
    </form>
  );
}

/** Add a document to the exhibitor: uploaded with POST /files, then associated (PUT .../files/{fileId}). */
function FileForm({ event, exhibitor, count, onDone, onCancel }: { event: EventT; exhibitor: ExhibitorT; count: number; onDone: (m: string) => void; onCancel: () => void }) {
  const [file, setFile] = useState<File>();
  const [displayName, setDisplayName] = useState('');
  const [hidden, setHidden] = useState(false);
  const [busy, setBusy] = useState(false);
  const [local, setLocal] = useState<Record<string, string>>({});
  const { errors, formError, capture, clear } = useFormErrors();
  const { ref, onKeyDown } = useEditorFocus<HTMLFormElement>(onCancel);
  const inputId = useId();
  const hiddenId = useId();
  const fileError = local['file'];
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    const problems: Record<string, string> = {};
    if (!file) problems['file'] = 'Choose a file to add.';
    const name = displayName.trim() || file?.name || '';
    if (file && name.length > 200) problems['displayName'] = 'Shorten the display name to 200 characters or fewer.';
    setLocal(problems);
    if (!file || Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      const uploaded = await uploadFile(file);
      await api('PUT', `/events/${event.id}/exhibitors/${exhibitor.id}/files/${uploaded.id}`, {
        event: { id: event.id }, exhibitor: { id: exhibitor.id }, displayName: name, order: count + 1, hidden,
      });
      onDone(`“${name}” was added to the files of ${exhibitor.name}.`);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors()).some((t) => t.includes('displayName'))) capture(err, { 'body.displayName': 'displayName' });
      else setLocal({ form: explain(err, 'file') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form ref={ref} onKeyDown={onKeyDown} onSubmit={submit} className="editor" aria-label="Add a file" noValidate>
      <div className="field">
        <label htmlFor={inputId}>File</label>
        <input
          id={inputId} type="file" aria-invalid={fileError ? true : undefined} aria-describedby={`${inputId}-hint${fileError ? ` ${inputId}-error` : ''}`}
          onChange={(e) => { const f = e.target.files?.[0]; setFile(f); if (f && !displayName.trim()) setDisplayName(f.name); }}
        />
        <p className="hint" id={`${inputId}-hint`}>A brochure or a price list: PDF, images or office documents, 10 MiB at most.</p>
        {fileError && <p className="field-error" id={`${inputId}-error`} role="alert">{fileError}</p>}
      </div>
      <Field label="Display name" name="displayName" value={displayName} onChange={setDisplayName} error={local['displayName'] ?? errors['displayName']} hint="What attendees see; the file's name if left empty." />
      <div className="field">
        <label htmlFor={hiddenId}><input id={hiddenId} type="checkbox" checked={hidden} onChange={(e) => setHidden(e.target.checked)} /> Hidden from attendees</label>
      </div>
      {(local['form'] ?? formError) && <Alert>{local['form'] ?? formError}</Alert>}
      <div className="actions">
        <button type="submit" disabled={busy}>{busy ? 'Adding…' : 'Add file'}</button>
        <button type="button" className="secondary" onClick={onCancel}>Cancel<span className="sr-only"> adding a file</span></button>
      </div>
    </form>
  );
}

/** Add booth staff: an attendee of the event, found by name (one GET /attendees call per search). */
function StaffForm({ event, exhibitor, staffIds, onDone, onCancel }: { event: EventT; exhibitor: ExhibitorT; staffIds: ReadonlySet<string>; onDone: (m: string) => void; onCancel: () => void }) {
  const [search, setSearch] = useState('');
  const [results, setResults] = useState<{ query: string; people: AttendeeT[]; more: boolean }>();
  const [busy, setBusy] = useState(false);
  const [searchError, setSearchError] = useState<string>();
  const [error, setError] = useState<string>();
  const { ref, onKeyDown } = useEditorFocus<HTMLFormElement>(onCancel);
  const searchId = useId();

  const find = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setSearchError(undefined);
    const q = search.trim();
    if (!q) return setSearchError('Enter the start of a first name, last name or email to search.');
    setBusy(true);
    try {
      const filter = attendeeFilter(event.id, { search: q, status: '', registrationType: '', checkedIn: '' });
      const page = await api<Page<AttendeeT>>('GET', `/attendees?${new URLSearchParams({ filter, limit: '20' }).toString()}`);
      setResults({ query: q, people: page.data, more: Boolean(page.paging.nextToken) });
    } catch (err) {
      setSearchError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const add = async (a: AttendeeT) => {
    setError(undefined);
    setBusy(true);
    try {
      await api('POST', `/events/${event.id}/exhibitors/${exhibitor.id}/booth-staff`, { attendee: { id: a.id }, event: { id: event.id }, exhibitor: { id: exhibitor.id } });
      onDone(`${personName(a, a.id)} was added to the booth staff of ${exhibitor.name}.`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) setError('Your sign-in is not allowed to change booth staff. Ask an administrator for the booth staff scopes.');
      else if (err instanceof ApiError && err.status === 400) setError(`${personName(a, a.id)} could not be added: ${sentence(err.message)} Search again and choose another attendee.`);
      else setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form ref={ref} onKeyDown={onKeyDown} onSubmit={find} className="editor" aria-label="Add booth staff" noValidate>
      <div className="toolbar">
        <div className="field">
          <label htmlFor={searchId}>Search attendees by name</label>
          <input
            id={searchId} type="search" value={search} autoComplete="off" aria-invalid={searchError ? true : undefined}
            aria-describedby={searchError ? `${searchId}-error` : undefined} onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <button type="submit" className="secondary" disabled={busy}>Search</button>
      </div>
      {searchError && <p className="field-error" id={`${searchId}-error`} role="alert">{searchError}</p>}
      {results && (
        <div aria-live="polite">
          {results.people.length === 0
            ? <p>No attendee of this event matches “{results.query}”. Check the spelling, or search by the start of the email.</p>
            : (
              <ul className="plain" aria-label={`Attendees matching ${results.query}`}>
                {results.people.map((a) => (
                  <li key={a.id}>
                    {personName(a, a.id)}{a.contact.email ? <span className="muted"> · {a.contact.email}</span> : null}{' '}
                    {staffIds.has(a.id)
                      ? <span className="muted">(already booth staff)</span>
                      : <button type="button" className="small" disabled={busy} onClick={() => void add(a)}>Add<span className="sr-only"> {personName(a, a.id)} to the booth staff</span></button>}
                  </li>
                ))}
              </ul>
            )}
          {results.more && <p className="hint">Only the first 20 matches are shown: type more of the name to narrow the search.</p>}
        </div>
      )}
      {error && <Alert>{error}</Alert>}
      <div className="actions">
        <button type="button" className="secondary" onClick={onCancel}>Close<span className="sr-only"> adding booth staff</span></button>
      </div>
    </form>
  );
}

function ExhibitorDetail({ event, exhibitor, categories, onChanged }: { event: EventT; exhibitor: ExhibitorT; categories: CategoryT[]; onChanged: () => void }) {
  const detail = useLoad(async () => {
    const [staff, files, cats] = await Promise.all([
      listAll<StaffT>(`/events/${event.id}/exhibitors/${exhibitor.id}/booth-staff`),
      // The files list takes no paging parameters: one answer holds them all.
      api<Page<FileT>>('GET', `/events/${event.id}/exhibitors/${exhibitor.id}/files`).then((p) => p.data),
      // The ids of the exhibitor's categories; their names come from the event's categories.
      listAll<{ id: string }>(`/events/${event.id}/exhibitors/${exhibitor.id}/exhibitor-categories`),
    ]);
    const people = await attendeesById(event.id, staff.map((s) => s.attendee.id));
    return { staff, files, cats, people };
  }, [event.id, exhibitor.id]);
  const [category, setCategory] = useState('');
  const [message, setMessage] = useState<string>();
  const [error, setError] = useState<string>();
  const [editing, setEditing] = useState<'logo' | 'file' | 'staff'>();
  const [working, setWorking] = useState(false);

  /** A form's success: closed, said, and the exhibitor (its logo URL) and its lists read again. */
  const done = (m: string) => {
    setEditing(undefined);
    setError(undefined);
    setMessage(m);
    detail.reload();
    onChanged();
  };
  const open = (which: 'logo' | 'file' | 'staff') => {
    setMessage(undefined);
    setError(undefined);
    setEditing(which);
  };
  /** A removal (one DELETE), then what it says. */
  const remove = async (path: string, said: string) => {
    setError(undefined);
    setMessage(undefined);
    setWorking(true);
    try {
      await api('DELETE', path);
      done(said);
    } catch (e) {
      setError(e instanceof ApiError && e.status === 403
        ? 'Your sign-in is not allowed to remove this. Ask an administrator for the exhibitor scopes.'
        : e instanceof ApiError && e.status === 404
          ? 'It was already removed (perhaps in another tab). The page shows the exhibitor as it is now.'
          : e instanceof Error ? e.message : String(e));
      if (e instanceof ApiError && e.status === 404) { detail.reload(); onChanged(); }
    } finally {
      setWorking(false);
    }
  };

  const addToCategory = async () => {
    setError(undefined);
    setMessage(undefined);
    try {
      if (!category) throw new Error('Choose a category.');
      await api('PUT', `/events/${event.id}/exhibitor-categories/${category}/exhibitors/${exhibitor.id}`);
      setMessage(`${exhibitor.name} was added to ${categories.find((c) => c.id === category)?.name ?? 'the category'}.`);
      detail.reload();
      onChanged();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const d = detail.data;
  const inCats = new Set(d?.cats.map((c) => c.id));
  return (
    <article aria-labelledby="exh-h" className="panel">
      <h2 id="exh-h">{exhibitor.name}</h2>
      <section aria-labelledby="exh-logo-h">
        <h3 id="exh-logo-h" className="sr-only">Logo</h3>
        {exhibitor.profileLogoUrl ? <img className="logo" src={exhibitor.profileLogoUrl} alt={`${exhibitor.name} logo`} height={64} /> : <p className="muted">No logo yet.</p>}
        {editing === 'logo'
          ? <LogoForm event={event} exhibitor={exhibitor} onDone={done} onCancel={() => setEditing(undefined)} />
          : (
            <p className="actions">
              <button type="button" className="secondary" onClick={() => open('logo')}>{exhibitor.profileLogoId ? 'Replace the logo' : 'Upload a logo'}</button>
              {exhibitor.profileLogoId && (
                <button type="button" className="secondary" disabled={working} onClick={() => void remove(`/events/${event.id}/exhibitors/${exhibitor.id}/logo-files/${exhibitor.profileLogoId ?? ''}`, `The logo of ${exhibitor.name} was removed.`)}>Remove the logo</button>
              )}
            </p>
          )}
      </section>
      <p className="muted">
        {[exhibitor.location, exhibitor.code ? `code ${exhibitor.code}` : undefined, exhibitor.featured ? 'featured' : undefined, exhibitor.eventSponsor ? 'event sponsor' : undefined].filter(Boolean).join(' · ')}
      </p>
      {exhibitor.description && <p>{exhibitor.description}</p>}
      {exhibitor.website && <p>Website: <SafeLink href={exhibitor.website}>{exhibitor.website}</SafeLink></p>}
      {message && <Alert kind="ok">{message}</Alert>}
      {error && <Alert>{error}</Alert>}
      {detail.loading && !d && <Loading what="booth staff, files and categories" />}
      {detail.error && <Alert>{detail.error}</Alert>}
      {d && (
        <div className="grid2">
          <section aria-labelledby="exh-cats-h">
            <h3 id="exh-cats-h">Categories</h3>
            {d.cats.length === 0 ? <p>In no category.</p> : <ul>{d.cats.map((c) => <li key={c.id}>{categories.find((x) => x.id === c.id)?.name ?? c.id}</li>)}</ul>}
            {categories.some((c) => !inCats.has(c.id)) && (
              <div className="toolbar">
                <div className="field">
                  <label htmlFor="exh-cat">Add to category</label>
                  <select id="exh-cat" value={category} onChange={(e) => setCategory(e.target.value)}>
                    <option value="">Choose a category</option>
                    {categories.filter((c) => !inCats.has(c.id)).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
                  </select>
                </div>
                <button type="button" className="secondary" onClick={() => void addToCategory()}>Add</button>
              </div>
            )}
          </section>
          <section aria-labelledby="exh-staff-h">
            <h3 id="exh-staff-h">Booth staff ({d.staff.length})</h3>
            {d.staff.length === 0 ? <p>No booth staff yet.</p> : (
              <ul>{d.staff.map((s) => {
                const a = d.people.get(s.attendee.id);
                const name = personName(a, s.attendee.id);
                return (
                  <li key={s.id}>
                    {name}{a?.contact.email ? <span className="muted"> · {a.contact.email}</span> : null}{' '}
                    <button type="button" className="small secondary" disabled={working} onClick={() => void remove(`/events/${event.id}/exhibitors/${exhibitor.id}/booth-staff/${s.id}`, `${name} was removed from the booth staff of ${exhibitor.name}. They stay registered.`)}>
                      Remove<span className="sr-only"> {name} from the booth staff</span>
                    </button>
                  </li>
                );
              })}</ul>
            )}
            {editing === 'staff'
              ? <StaffForm event={event} exhibitor={exhibitor} staffIds={new Set(d.staff.map((s) => s.attendee.id))} onDone={done} onCancel={() => setEditing(undefined)} />
              : <p><button type="button" className="secondary" onClick={() => open('staff')}>Add booth staff</button></p>}
          </section>
          <section aria-labelledby="exh-files-h">
            <h3 id="exh-files-h">Files ({d.files.length})</h3>
            {d.files.length === 0 ? <p>No files.</p> : (
              <ul>{d.files.map((f) => (
                <li key={f.id}>
                  {f.displayName}{f.hidden ? ' (hidden)' : ''}{' '}
                  <button type="button" className="small secondary" disabled={working} onClick={() => void remove(`/events/${event.id}/exhibitors/${exhibitor.id}/files/${f.id}`, `“${f.displayName}” was removed from the files of ${exhibitor.name}.`)}>
                    Remove<span className="sr-only"> {f.displayName}</span>
                  </button>
                </li>
              ))}</ul>
            )}
            {editing === 'file'
              ? <FileForm event={event} exhibitor={exhibitor} count={d.files.length} onDone={done} onCancel={() => setEditing(undefined)} />
              : d.files.length < 50
                ? <p><button type="button" className="secondary" onClick={() => open('file')}>Add a file</button></p>
                : <p className="hint">An exhibitor holds at most 50 files: remove one to add another.</p>}
          </section>
        </div>
      )}
      <Leads event={event} exhibitor={exhibitor} />
    </article>
  );
}

function NewExhibitor({ event, onAdded }: { event: EventT; onAdded: (e: ExhibitorT) => void }) {
  const [name, setName] = useState('');
  const [location, setLocation] = useState('');
  const [busy, setBusy] = useState(false);
  const { errors, formError, capture, clear } = useFormErrors();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    setBusy(true);
    try {
      const created = await api<ExhibitorT>('POST', `/events/${event.id}/exhibitors`, { event: { id: event.id }, name: name.trim(), ...(location.trim() ? { location: location.trim() } : {}) });
      setName('');
      setLocation('');
      onAdded(created);
    } catch (err) {
      capture(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <details className="panel">
      <summary>Add an exhibitor</summary>
      <form onSubmit={submit} aria-label="Add an exhibitor" noValidate>
        <div className="grid2">
          <Field label="Name" name="name" value={name} onChange={setName} error={errors['name']} />
          <Field label="Booth or location" name="location" value={location} onChange={setLocation} error={errors['location']} />
        </div>
        {formError && <Alert>{formError}</Alert>}
        <button type="submit" disabled={busy}>{busy ? 'Adding…' : 'Add exhibitor'}</button>
      </form>
    </details>
  );
}

export function ExhibitorsPage({ eventId, exhibitorId }: { eventId: string; exhibitorId?: string | undefined }) {
  const data = useLoad(async () => {
    const [event, exhibitors, categories] = await Promise.all([
      api<EventT>('GET', `/events/${eventId}`),
      listAll<ExhibitorT>(`/events/${eventId}/exhibitors`),
      listAll<CategoryT>(`/events/${eventId}/exhibitor-categories`),
    ]);
    return { event, exhibitors: exhibitors.filter((x) => !x.deleted).sort((a, b) => a.name.localeCompare(b.name)), categories: categories.sort((a, b) => (a.order ?? 0) - (b.order ?? 0)) };
  }, [eventId]);
  const [message, setMessage] = useState<string>();
  if (data.error) return <Alert>{data.error}</Alert>;
  if (!data.data) return <Loading what="exhibitors" />;
  const { event, exhibitors, categories } = data.data;
  const chosen = exhibitors.find((x) => x.id === exhibitorId);
  return (
    <div>
      <p><a href={`#/events/${eventId}`}>← {event.title}</a></p>
      <h1>Exhibitors</h1>
      <p className="muted">{event.title} · {exhibitors.length} exhibitors in {categories.length} categories</p>
      {message && <Alert kind="ok">{message}</Alert>}
      <NewExhibitor event={event} onAdded={(x) => { setMessage(`${x.name} was added.`); data.reload(); }} />
      {exhibitors.length === 0 ? <p>This event has no exhibitors yet.</p> : (
        <div className="table-wrap">
          <table>
            <caption className="sr-only">Exhibitors of {event.title}</caption>
            <thead><tr><th scope="col">Exhibitor</th><th scope="col">Booth</th><th scope="col">Sponsor</th><th scope="col"><span className="sr-only">Actions</span></th></tr></thead>
            <tbody>
              {exhibitors.map((x) => (
                <tr key={x.id} aria-current={x.id === exhibitorId ? 'true' : undefined}>
                  <th scope="row">{x.name}</th>
                  <td>{x.location ?? '—'}</td>
                  <td>{x.eventSponsor ? 'Yes' : 'No'}</td>
                  <td><a href={`#/events/${eventId}/exhibitors/${x.id}`}>Details and leads<span className="sr-only"> of {x.name}</span></a></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {exhibitorId && !chosen && <Alert>This exhibitor is not one of the event's exhibitors. It may have been deleted.</Alert>}
      {chosen && <ExhibitorDetail key={chosen.id} event={event} exhibitor={chosen} categories={categories} onChanged={data.reload} />}
    </div>
  );
}
