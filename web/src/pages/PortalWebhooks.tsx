import { useState, type FormEvent } from 'react';
import { portal, type Application } from '../portal-api.js';
import { Alert, Field, Loading, fmt, useCopy, useFormErrors, useLoad } from '../ui.js';

// The developer portal's webhook pages (issue 35, docs/webhooks.md): an application's endpoints, creation with the
// signing secret shown once, the delivery log with replay, and secret rotation with its overlap.

const EVENT_TYPES = [
  'attendee.registered', 'attendee.updated', 'attendee.cancelled', 'attendee.checked_in',
  'session.created', 'session.updated', 'session.deleted',
  'webcast.created', 'webcast.updated', 'webcast.synced',
  'contact.updated', 'contact.merged', 'contact.obfuscated',
  'bulk_job.finished', 'survey_response.received', 'event.created', 'event.updated', 'exhibitor.lead.created',
] as const;

interface Endpoint { id: string; url: string; description?: string; enabledEvents: string[]; status: 'enabled' | 'paused' | 'disabled'; pausedReason?: string; previousSecretExpires?: string; created: string }
interface Delivery { id: string; event: { id: string; type: string }; status: string; attempts: number; lastStatusCode?: number; lastError?: string; durationMs?: number; created: string }

function SigningSecret({ title, secret, note, onDismiss }: { title: string; secret: string; note: string; onDismiss: () => void }) {
  const { copied, copy, failed } = useCopy();
  const [shown, setShown] = useState(false);
  return (
    <section className="panel secret" aria-labelledby="whsec-h" role="region">
      <h4 id="whsec-h">{title}</h4>
      <p><strong>Copy the signing secret now: it is shown only once.</strong> {note}</p>
      <p>{shown ? <code data-field="webhook-secret">{secret}</code> : <span data-field="webhook-secret" data-masked="true" aria-label="Signing secret hidden">••••••••••••</span>}</p>
      <div className="actions">
        <button type="button" onClick={() => void copy(secret)}>Copy secret</button>
        <button type="button" className="secondary" aria-pressed={shown} onClick={() => setShown((v) => !v)}>{shown ? 'Hide secret' : 'Reveal secret'}</button>
        <button type="button" className="secondary" onClick={onDismiss}>I have stored it</button>
      </div>
      <p role="status">{copied ? 'Secret copied to the clipboard.' : failed ? 'Copying failed: reveal the secret and copy it by hand.' : ''}</p>
    </section>
  );
}

function Deliveries({ base, endpoint }: { base: string; endpoint: Endpoint }) {
  const list = useLoad(() => portal<{ data: Delivery[] }>('GET', `${base}/${endpoint.id}/deliveries?limit=50`), [base, endpoint.id]);
  const [message, setMessage] = useState<string>();
  const [error, setError] = useState<string>();
  const run = async (what: () => Promise<string>) => {
    setMessage(undefined);
    setError(undefined);
    try {
      setMessage(await what());
      list.reload();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  if (list.error) return <Alert>{list.error}</Alert>;
  if (!list.data) return <Loading what="the deliveries" />;
  return (
    <section aria-label={`Deliveries to ${endpoint.url}`}>
      {message && <Alert kind="ok">{message}</Alert>}
      {error && <Alert>{error}</Alert>}
      <div className="actions">
        <button type="button" className="secondary" onClick={() => list.reload()}>Refresh</button>
        <button type="button" onClick={() => void run(async () => {
          const r = await portal<{ replayed: number }>('POST', `${base}/${endpoint.id}/replay-failed`);
          return `${r.replayed} failed deliveries queued again.`;
        })}>Replay all failed</button>
      </div>
      <div className="table-wrap">
        <table>
          <caption className="sr-only">Deliveries</caption>
          <thead><tr><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Response</th><th scope="col">Latency</th><th scope="col">Error</th><th scope="col">Created</th><th scope="col"><span className="sr-only">Actions</span></th></tr></thead>
          <tbody>
            {list.data.data.length === 0 && <tr><td colSpan={8}>No deliveries yet.</td></tr>}
            {list.data.data.map((d) => (
              <tr key={d.id}>
                <th scope="row"><code>{d.event.type}</code></th>
                <td>{d.status}</td>
                <td>{d.attempts}</td>
                <td>{d.lastStatusCode ?? '—'}</td>
                <td>{d.durationMs !== undefined ? `${d.durationMs} ms` : '—'}</td>
                <td>{d.lastError ?? ''}</td>
                <td>{fmt(d.created)}</td>
                <td>
                  {(d.status === 'failed' || d.status === 'succeeded') && (
                    <button type="button" className="secondary" onClick={() => void run(async () => {
                      await portal('POST', `${base}/${endpoint.id}/deliveries/${d.id}/replay`);
                      return 'The delivery was queued again.';
                    })}>Replay<span className="sr-only"> {d.event.type} {d.id}</span></button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function NewEndpoint({ base, onCreated }: { base: string; onCreated: (secret: string) => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const { errors, formError, capture, clear } = useFormErrors();
  const [local, setLocal] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    const problems: Record<string, string> = {};
    if (!url.trim()) problems['url'] = 'Enter the URL events are sent to';
    if (events.length === 0) problems['enabledEvents'] = 'Choose at least one event type';
    setLocal(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const created = await portal<Endpoint & { secret: string }>('POST', base, { url: url.trim(), enabledEvents: events, ...(description.trim() ? { description: description.trim() } : {}) });
      onCreated(created.secret);
      setUrl('');
      setDescription('');
      setEvents([]);
    } catch (err) {
      capture(err);
    }
  };
  const toggle = (t: string) => setEvents((v) => (v.includes(t) ? v.filter((x) => x !== t) : [...v, t]));
  return (
    <form onSubmit={submit} className="panel" aria-labelledby="nwh-h">
      <h4 id="nwh-h">New endpoint</h4>
      <Field label="URL (https)" name="webhookUrl" value={url} onChange={setUrl} error={local['url'] ?? errors['url']} placeholder="https://example.com/eventline/hooks" />
      <Field label="Description (optional)" name="webhookDescription" value={description} onChange={setDescription} error={errors['description']} />
      <fieldset>
        <legend>Event types</legend>
        {EVENT_TYPES.map((t) => (
          <label key={t} className="check"><input type="checkbox" name="enabledEvents" value={t} checked={events.includes(t)} onChange={() => toggle(t)} /> <code>{t}</code></label>
        ))}
        {(local['enabledEvents'] ?? errors['enabledEvents']) && <p className="field-error" role="alert">{local['enabledEvents'] ?? errors['enabledEvents']}</p>}
      </fieldset>
      {formError && <Alert>{formError}</Alert>}
      <button type="submit">Create endpoint</button>
    </form>
  );
}

/** The webhook endpoints of the applications the user may manage. */
export function PortalWebhooks({ applications }: { applications: readonly Application[] }) {
  const live = applications.filter((a) => a.revokedAt === null);
  const [appId, setAppId] = useState(live[0]?.id ?? '');
  const base = `/applications/${appId}/webhook-endpoints`;
  const list = useLoad(async () => (appId ? (await portal<{ data: Endpoint[] }>('GET', base)).data : []), [appId]);
  const [secret, setSecret] = useState<{ title: string; value: string; note: string }>();
  const [open, setOpen] = useState<string>();
  const [error, setError] = useState<string>();
  const act = async (fn: () => Promise<void>) => {
    setError(undefined);
    try {
      await fn();
      list.reload();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  if (live.length === 0) return null;
  return (
    <section aria-labelledby="wh-h">
      <h2 id="wh-h">Webhooks</h2>
      <p className="muted">Events are POSTed to each endpoint, signed per Standard Webhooks. For development, <code>eventline listen --forward-to http://localhost:4000/hooks</code> streams them to your machine.</p>
      <div className="field">
        <label htmlFor="wh-app">Application</label>
        <select id="wh-app" value={appId} onChange={(e) => { setAppId(e.target.value); setOpen(undefined); }}>
          {live.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
        </select>
      </div>
      {error && <Alert>{error}</Alert>}
      {secret && <SigningSecret title={secret.title} secret={secret.value} note={secret.note} onDismiss={() => setSecret(undefined)} />}
      {list.error ? <Alert>{list.error}</Alert> : !list.data ? <Loading what="the webhook endpoints" /> : (
        <div className="table-wrap">
          <table>
            <caption className="sr-only">Webhook endpoints</caption>
            <thead><tr><th scope="col">URL</th><th scope="col">Events</th><th scope="col">Status</th><th scope="col"><span className="sr-only">Actions</span></th></tr></thead>
            <tbody>
              {list.data.length === 0 && <tr><td colSpan={4}>No endpoints yet.</td></tr>}
              {list.data.map((ep) => (
                <tr key={ep.id}>
                  <th scope="row"><code>{ep.url}</code>{ep.description ? <span className="muted"> {ep.description}</span> : null}</th>
                  <td>{ep.enabledEvents.join(', ')}</td>
                  <td>
                    {ep.status}{ep.pausedReason ? `: ${ep.pausedReason}` : ''}
                    {ep.previousSecretExpires ? <span className="muted"> (previous secret signs until {fmt(ep.previousSecretExpires)})</span> : null}
                  </td>
                  <td>
                    <div className="actions">
                      <button type="button" className="secondary" aria-expanded={open === ep.id} onClick={() => setOpen(open === ep.id ? undefined : ep.id)}>Deliveries<span className="sr-only"> of {ep.url}</span></button>
                      <button type="button" className="secondary" onClick={() => void act(async () => {
                        const r = await portal<{ secret: string; previousSecretExpires: string }>('POST', `${base}/${ep.id}/rotate-secret`, {});
                        setSecret({ title: `New signing secret for ${ep.url}`, value: r.secret, note: `The previous secret keeps signing beside it until ${fmt(r.previousSecretExpires)}.` });
                      })}>Rotate secret<span className="sr-only"> of {ep.url}</span></button>
                      <button type="button" className="secondary" onClick={() => void act(async () => {
                        await portal('PATCH', `${base}/${ep.id}`, { status: ep.status === 'enabled' ? 'disabled' : 'enabled' });
                      })}>{ep.status === 'enabled' ? 'Disable' : 'Enable'}<span className="sr-only"> {ep.url}</span></button>
                      <button type="button" className="danger" onClick={() => void act(async () => {
                        await portal('DELETE', `${base}/${ep.id}`);
                      })}>Delete<span className="sr-only"> {ep.url}</span></button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open && list.data?.find((e) => e.id === open) && <Deliveries base={base} endpoint={list.data.find((e) => e.id === open) as Endpoint} />}
      {appId && <NewEndpoint base={base} onCreated={(value) => { setSecret({ title: 'Signing secret of the new endpoint', value, note: 'Verify each delivery with it (docs/webhooks.md).' }); list.reload(); }} />}
    </section>
  );
}
