import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, listAll } from '../api.js';
import { PLATFORM_LABELS, WEBCAST_PROVIDERS, type ConnectionT, type EventT, type Link, type SessionT, type SyncT, type WebcastT } from '../types.js';
import { Alert, ConfirmDialog, Field, SafeLink, Secret, SecretField, Select, fmtIn, urlHasSecret, urlProblem, useEditorFocus, useFormErrors, useLoad } from '../ui.js';

type LinkName = 'join' | 'host' | 'speaker' | 'recording';
interface Draft {
  provider: string; meetingId: string; recordLiveStream: boolean;
  links: Record<LinkName, Required<Pick<Link, 'href' | 'code'>> & { key: string }>;
}

const emptyLink = () => ({ href: '', code: '', key: '' });
function draftOf(w: WebcastT | undefined): Draft {
  const l = (name: LinkName) => {
    const link: Link | undefined = w?._links[name];
    return { href: link?.href ?? '', code: link?.code ?? '', key: link?.key ?? '' };
  };
  return {
    provider: w?.provider ?? 'Zoom', meetingId: w?.meetingId ?? '', recordLiveStream: w?.recordLiveStream ?? false,
    links: w ? { join: l('join'), host: l('host'), speaker: l('speaker'), recording: l('recording') } : { join: emptyLink(), host: emptyLink(), speaker: emptyLink(), recording: emptyLink() },
  };
}

function linksOf(d: Draft): WebcastT['_links'] {
  const out: WebcastT['_links'] = {};
  for (const name of ['join', 'host', 'speaker', 'recording'] as const) {
    const { href, code, key } = d.links[name];
    const link: Link = {};
    if (href.trim()) link.href = href.trim();
    if (code.trim()) link.code = code.trim();
    if (name === 'host' && key.trim()) link.key = key.trim();
    if (Object.keys(link).length > 0) out[name] = link;
  }
  return out;
}

function syncState(w: WebcastT | undefined, sync: SyncT | undefined, zone: string, connections: ConnectionT[]): string {
  // A session held on one of the account's platform connections: its state in a planner's words.
  if (sync?.connection) {
    const c = connections.find((x) => x.id === sync.connection?.id);
    const where = c?.name ?? PLATFORM_LABELS[sync.provider] ?? sync.provider;
    if (sync.outcome === 'Running') return sync.meetingId ? `Syncing with ${where}…` : `Creating the meeting on ${where}… (this updates by itself)`;
    if (sync.outcome === 'Succeeded') return `In sync with ${where}${sync.lastRun ? ` · last synced ${fmtIn(sync.lastRun, zone)}` : ''}`;
    return `Not in sync with ${where}${sync.lastRun ? ` (tried ${fmtIn(sync.lastRun, zone)})` : ''}: ${sync.error ?? 'the last run failed'}`;
  }
  if (sync && sync.provider !== 'None') {
    const parts = [`${sync.provider}`, sync.outcome ?? 'not run yet'];
    if (sync.lastRun) parts.push(`last run ${fmtIn(sync.lastRun, zone)}`);
    if (sync.error) parts.push(sync.error);
    if (sync.conflicts && sync.conflicts.length > 0) parts.push(`${sync.conflicts.length} conflict(s) resolved`);
    return parts.join(' · ');
  }
  if (!w) return 'No webcast';
  if (!w.provider || w.provider === 'None') return 'No provider connected';
  return w.meetingId || w.sourceId ? `${w.provider}: not synced yet (meeting ${w.meetingId ?? w.sourceId})` : `${w.provider}: not linked to a meeting yet`;
}

function VirtualEditor({ event, session, webcast, onDone }: { event: EventT; session: SessionT; webcast: WebcastT | undefined; onDone: (msg: string) => void }) {
  const [d, setD] = useState<Draft>(() => draftOf(webcast));
  const [saving, setSaving] = useState(false);
  const { errors, formError, capture, clear } = useFormErrors();
  const { ref, onKeyDown } = useEditorFocus<HTMLFormElement>(() => onDone(''));
  const setLink = (name: LinkName, part: 'href' | 'code' | 'key') => (v: string) => setD((x) => ({ ...x, links: { ...x.links, [name]: { ...x.links[name], [part]: v } } }));

  const [local, setLocal] = useState<Record<string, string>>({});
  const err = (path: string) => local[path] ?? errors[path] ?? errors[`body.${path}`];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    // Links are web addresses only: a javascript: or data: URL would run in whoever clicks it.
    const problems: Record<string, string> = {};
    for (const name of ['join', 'host', 'speaker', 'recording'] as const) {
      const problem = urlProblem(d.links[name].href);
      if (problem) problems[`_links.${name}.href`] = problem;
    }
    setLocal(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    const fields = {
      provider: d.provider, recordLiveStream: d.recordLiveStream, _links: linksOf(d),
      ...(d.meetingId.trim() ? { meetingId: d.meetingId.trim() } : {}),
    };
    try {
      if (webcast) {
        const { meetingId: _m, ...rest } = webcast;
        await api('PUT', `/webcasts/${webcast.id}`, { ...rest, ...fields });
      } else {
        await api('POST', '/webcasts', { event: { id: event.id }, session: { id: session.id }, title: session.title, type: 'Meeting', format: 'Live', ...fields });
      }
      onDone(`Virtual details of “${session.title}” saved.`);
    } catch (error) {
      capture(error);
    } finally {
      setSaving(false);
    }
  };

  const linkFields = (name: LinkName, label: string, withKey = false) => (
    <fieldset className="link-group">
      <legend>{label}</legend>
      <Field label={`${label} URL`} name={`${name}.href`} type="url" value={d.links[name].href} onChange={setLink(name, 'href')} error={err(`_links.${name}.href`)} placeholder="https://" />
      {withKey && <SecretField label="Host key" name="host.key" value={d.links.host.key} onChange={setLink('host', 'key')} error={err('_links.host.key')} />}
      <SecretField
        label={withKey ? 'Host code (host password / access code)' : `${label} password / access code`} name={`${name}.code`}
        value={d.links[name].code} onChange={setLink(name, 'code')} error={err(`_links.${name}.code`)}
      />
    </fieldset>
  );

  return (
    <form ref={ref} onKeyDown={onKeyDown} onSubmit={submit} className="editor" aria-label={`Virtual details of ${session.title}`} noValidate>
      <div className="grid2">
        <Select label="Provider" name="provider" value={d.provider} options={WEBCAST_PROVIDERS} onChange={(v) => setD((x) => ({ ...x, provider: v }))} error={err('provider')} />
        <Field label="Meeting ID" name="meetingId" value={d.meetingId} onChange={(v) => setD((x) => ({ ...x, meetingId: v }))} error={err('meetingId')} />
      </div>
      <div className="grid2">
        {linkFields('join', 'Join')}
        {linkFields('host', 'Host', true)}
        {linkFields('speaker', 'Speaker')}
        {linkFields('recording', 'Recording')}
      </div>
      <label className="inline"><input type="checkbox" name="recordLiveStream" checked={d.recordLiveStream} onChange={(e) => setD((x) => ({ ...x, recordLiveStream: e.target.checked }))} /> Record the live stream</label>
      {formError && <Alert>{formError}</Alert>}
      <div className="actions">
        <button type="submit" disabled={saving}>{saving ? 'Saving…' : 'Save virtual details'}</button>
        <button type="button" className="secondary" onClick={() => onDone('')}>Cancel</button>
      </div>
    </form>
  );
}

/** A link of a webcast: a web address is a link, a credential-bearing one (a host start URL with ?zak=) is masked. */
function LinkValue({ href, label, field }: { href: string | undefined; label: string; field: string }) {
  if (!href) return <span data-field={field}>—</span>;
  if (urlHasSecret(href)) return <Secret value={href} label={label} kind="url" field={field} />;
  return <span data-field={field}><SafeLink href={href} /></span>;
}

export function VirtualSessions({ event, sessions, webcasts, syncs, reload }: { event: EventT; sessions: SessionT[]; webcasts: WebcastT[]; syncs: Map<string, SyncT>; reload: () => void }) {
  const [editing, setEditing] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [error, setError] = useState<string>();
  const [deleting, setDeleting] = useState<{ session: SessionT; webcast: WebcastT }>();
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();
  const bySession = new Map(webcasts.filter((w) => w.session).map((w) => [w.session?.id ?? '', w]));
  // The account's connected platforms (a token without account/platform-connections:read simply has none to offer).
  const connections = useLoad(async () => listAll<ConnectionT>('/platform-connections').catch(() => []), []);
  // Sessions whose meeting is being created: their sync state, polled until the worker has finished.
  const [pending, setPending] = useState<Record<string, SyncT>>({});
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const pendingIds = Object.keys(pending).filter((id) => pending[id]?.outcome === 'Running').join(',');
  useEffect(() => {
    if (!pendingIds) return undefined;
    let live = true;
    const timer = setInterval(() => {
      void Promise.all(pendingIds.split(',').map(async (sid) => [sid, await api<SyncT>('GET', `/sessions/${sid}/sync`)] as const)).then((states) => {
        if (!live) return;
        setPending((p) => ({ ...p, ...Object.fromEntries(states) }));
        const finished = states.filter(([, st]) => st.outcome !== 'Running');
        if (finished.length > 0) {
          // The "Creating…" note gives way to how it ended (a failure's words are on the session's sync line).
          const failed = finished.some(([, st]) => st.outcome === 'Failed');
          setMessage(failed ? undefined : 'The meeting is ready: its join link is below.');
          reloadRef.current();
        }
      }).catch(() => undefined);
    }, 1500);
    return () => { live = false; clearInterval(timer); };
  }, [pendingIds]);

  const createOn = async (s: SessionT, c: ConnectionT) => {
    setError(undefined);
    setMessage(undefined);
    try {
      const state = await api<SyncT>('POST', `/sessions/${s.id}/sync`, { connection: { id: c.id } });
      setPending((p) => ({ ...p, [s.id]: state }));
      setMessage(`Creating the meeting of “${s.title}” on ${c.name}. The join link appears here when it is ready.`);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const markVirtual = async (s: SessionT, virtual: boolean) => {
    setError(undefined);
    setMessage(undefined);
    try {
      await api('PUT', `/sessions/${s.id}`, { ...s, virtual });
      setMessage(`“${s.title}” is ${virtual ? 'now virtual' : 'no longer virtual'}.`);
      reload();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const deleteWebcast = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteError(undefined);
    try {
      await api('DELETE', `/webcasts/${deleting.webcast.id}`);
      setMessage(`The webcast of “${deleting.session.title}” was deleted. If the session still shows as virtual, choose Unmark virtual when it no longer is.`);
      setError(undefined);
      setEditing(undefined);
      setDeleting(undefined);
      reload();
    } catch (err) {
      setDeleteError(err instanceof Error ? err.message : String(err));
    } finally {
      setDeleteBusy(false);
    }
  };

  return (
    <div>
      <p className="muted">Sessions of this event with their virtual state. Changes made through the API or on the provider's platform show here after a reload. Times are in {event.timezone}.</p>
      <p><button type="button" className="secondary" onClick={reload}>Reload</button></p>
      {message && <Alert kind="ok">{message}</Alert>}
      {error && <Alert>{error}</Alert>}
      <ul className="vsessions">
        {sessions.map((s) => {
          const w = bySession.get(s.id);
          return (
            <li key={s.id} className="vsession" data-session-id={s.id}>
              <div className="vsession-head">
                <h3>{s.title}</h3>
                <p className="muted">{fmtIn(s.start, event.timezone)}</p>
                <p><span className={s.virtual ? 'badge on' : 'badge'}>{s.virtual ? 'Virtual' : 'Not virtual'}</span> <span className="sync" aria-live={pending[s.id]?.outcome === 'Running' ? 'polite' : undefined}>Sync: {syncState(w, pending[s.id] && pending[s.id]?.outcome === 'Running' ? pending[s.id] : syncs.get(s.id) ?? pending[s.id], event.timezone, connections.data ?? [])}</span></p>
                {w && (
                  <dl className="details">
                    <dt>Join URL</dt><dd><LinkValue href={w._links.join?.href} label="Join URL" field="join-url" /></dd>
                    <dt>Join password</dt><dd><Secret value={w._links.join?.code} label="Join password" field="join-code" /></dd>
                    <dt>Host URL</dt><dd><LinkValue href={w._links.host?.href} label="Host URL" field="host-url" /></dd>
                    <dt>Host code</dt><dd><Secret value={w._links.host?.code} label="Host code" field="host-code" /></dd>
                    <dt>Host key</dt><dd><Secret value={w._links.host?.key} label="Host key" field="host-key" /></dd>
                    {w._links.speaker?.code && <><dt>Speaker password</dt><dd><Secret value={w._links.speaker.code} label="Speaker password" field="speaker-code" /></dd></>}
                    <dt>Recording</dt><dd>{w._links.recording?.href ? <LinkValue href={w._links.recording.href} label="Recording URL" field="recording-url" /> : (w.recordLiveStream ? 'Will be recorded' : '—')}</dd>
                  </dl>
                )}
                <div className="actions">
                  {!s.virtual && <button type="button" onClick={() => void markVirtual(s, true)}>Mark virtual<span className="sr-only">: {s.title}</span></button>}
                  {s.virtual && !w && <button type="button" className="secondary" onClick={() => void markVirtual(s, false)}>Unmark virtual<span className="sr-only">: {s.title}</span></button>}
                  {s.virtual && !w && pending[s.id]?.outcome !== 'Running' && (connections.data ?? []).map((c) => (
                    <button key={c.id} type="button" onClick={() => void createOn(s, c)}>Create on {c.name}<span className="sr-only">: {s.title}</span></button>
                  ))}
                  {s.virtual && editing !== s.id && (
                    <button type="button" className={w || (connections.data ?? []).length === 0 ? undefined : 'secondary'} onClick={() => setEditing(s.id)}>
                      {w ? 'Edit virtual details' : 'Edit virtual details by hand'}<span className="sr-only">: {s.title}</span>
                    </button>
                  )}
                  {w && (
                    <button type="button" className="danger" onClick={() => { setDeleteError(undefined); setDeleting({ session: s, webcast: w }); }}>
                      Delete webcast<span className="sr-only">: {s.title}</span>
                    </button>
                  )}
                  <a href={`#/events/${event.id}/sessions/${s.id}`}>Attendees<span className="sr-only"> of {s.title}</span></a>
                </div>
              </div>
              {editing === s.id && (
                <VirtualEditor event={event} session={s} webcast={w} onDone={(msg) => { setEditing(undefined); if (msg) { setMessage(msg); reload(); } }} />
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={deleting !== undefined} title="Delete this webcast?" confirmLabel="Delete webcast" danger busy={deleteBusy} error={deleteError}
        onCancel={() => setDeleting(undefined)} onConfirm={() => void deleteWebcast()}
      >
        <p>
          The webcast of “{deleting?.session.title}” ({deleting?.webcast.provider ?? 'no provider'}{deleting?.webcast.meetingId ? `, meeting ${deleting.webcast.meetingId}` : ''})
          and its links, codes and attendees' personal join links are removed. This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
