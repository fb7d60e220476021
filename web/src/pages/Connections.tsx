import { Fragment, useState, type FormEvent } from 'react';
import { api, listAll } from '../api.js';
import { PLATFORM_LABELS, type ConnectionT, type ConnectionTestT } from '../types.js';
import { Alert, ConfirmDialog, Field, Loading, SecretField, Select, fmt, useFormErrors, useLoad } from '../ui.js';

const PLATFORMS = ['zoom', 'gotowebinar', 'teams', 'sim'] as const;
type Platform = (typeof PLATFORMS)[number];

/** The form's fields per platform: [settings key, label, hint]. Secrets are separate (write-only). */
const FIELDS: Record<Platform, Array<[string, string, string?]>> = {
  zoom: [
    ['accountId', 'Account ID', 'From the Server-to-Server OAuth app\'s "App credentials" page on Zoom.'],
    ['clientId', 'Client ID'],
    ['hostUser', 'Host user', 'The email of the licensed Zoom user who hosts the meetings.'],
    ['apiUrl', 'API URL (optional)', 'Leave empty for https://api.zoom.us/v2.'],
    ['oauthUrl', 'OAuth URL (optional)', 'Leave empty for https://zoom.us.'],
  ],
  gotowebinar: [
    ['clientId', 'Client ID', 'From the OAuth client in the GoTo Developer Center.'],
    ['organizerKey', 'Organizer key', 'The organizer who holds the webinars (organizer_key in GoTo\'s token answer).'],
    ['timeZone', 'Time zone (optional)', 'A GoTo time-zone id such as Europe/Berlin; empty for the organizer\'s own.'],
    ['apiUrl', 'API URL (optional)', 'Leave empty for https://api.getgo.com/G2W/rest.'],
    ['oauthUrl', 'OAuth URL (optional)', 'Leave empty for https://authentication.logmeininc.com.'],
  ],
  teams: [['tenantId', 'Tenant ID'], ['clientId', 'Client (application) ID'], ['organizerUser', 'Organizer user', 'The user the online meetings are created for.']],
  sim: [['apiUrl', 'Simulator URL', 'Where `eventline provider-sim` listens, e.g. http://127.0.0.1:4010.']],
};
const OUTCOME_WORDS: Record<string, string> = {
  ok: 'Connected', 'bad-credentials': 'Credentials refused', forbidden: 'Missing permission', 'not-found': 'Not found on the platform',
  unreachable: 'Platform unreachable', refused: 'Refused',
};

function ConnectForm({ onDone }: { onDone: (msg: string) => void }) {
  const [platform, setPlatform] = useState<Platform>('zoom');
  const [name, setName] = useState('Zoom');
  const [settings, setSettings] = useState<Record<string, string>>({});
  const [clientSecret, setClientSecret] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');
  const [refreshToken, setRefreshToken] = useState('');
  const [busy, setBusy] = useState(false);
  const { errors, formError, capture, clear } = useFormErrors();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    setBusy(true);
    const kept = Object.fromEntries(Object.entries(settings).filter(([k, v]) => v.trim() !== '' && FIELDS[platform].some(([key]) => key === k)).map(([k, v]) => [k, v.trim()]));
    try {
      const c = await api<ConnectionT>('POST', '/platform-connections', {
        platform, name: name.trim(), settings: kept,
        secrets: {
          ...(clientSecret ? { clientSecret } : {}), ...(webhookSecret ? { webhookSecret } : {}),
          ...(platform === 'gotowebinar' && refreshToken ? { refreshToken } : {}),
        },
      });
      onDone(`${c.name} is connected. Use “Test connection” to check the credentials.`);
    } catch (err) {
      capture(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="editor" aria-label="Connect a platform" noValidate>
      <div className="grid2">
        <Select
          label="Platform" name="platform" value={platform} options={PLATFORMS} labels={PLATFORM_LABELS} error={errors['platform']}
          onChange={(v) => { setPlatform(v as Platform); setName(PLATFORM_LABELS[v] ?? v); }}
        />
        <Field label="Name" name="name" value={name} onChange={setName} error={errors['name']} hint="What planners see on the “Create on …” button." />
      </div>
      <div className="grid2">
        {FIELDS[platform].map(([key, label, hint]) => (
          <Field key={`${platform}-${key}`} label={label} name={key} value={settings[key] ?? ''} onChange={(v) => setSettings((s) => ({ ...s, [key]: v }))} error={errors[`settings.${key}`]} {...(hint ? { hint } : {})} />
        ))}
        {platform !== 'sim' && <SecretField label="Client secret" name="clientSecret" value={clientSecret} onChange={setClientSecret} error={errors['secrets.clientSecret']} hint="Stored encrypted; never shown again." />}
        {platform === 'gotowebinar' && <SecretField label="Refresh token" name="refreshToken" value={refreshToken} onChange={setRefreshToken} error={errors['secrets.refreshToken']} hint="The organizer's OAuth refresh token. GoTo may replace it on each use; eventline stores the new one. Stored encrypted; never shown again." />}
        <SecretField label="Webhook secret" name="webhookSecret" value={webhookSecret} onChange={setWebhookSecret} error={errors['secrets.webhookSecret']} hint="The secret the platform signs its webhooks with (Zoom: the event subscription's secret token)." />
      </div>
      {errors['settings'] && <Alert>{errors['settings']}</Alert>}
      {formError && <Alert>{formError}</Alert>}
      <div className="actions">
        <button type="submit" disabled={busy}>{busy ? 'Connecting…' : 'Connect'}</button>
        <button type="button" className="secondary" onClick={() => onDone('')}>Cancel</button>
      </div>
    </form>
  );
}

function RotateForm({ connection, onDone }: { connection: ConnectionT; onDone: (msg: string) => void }) {
  const [clientSecret, setClientSecret] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');
  const [refreshToken, setRefreshToken] = useState('');
  const { errors, formError, capture, clear } = useFormErrors();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    try {
      await api('PUT', `/platform-connections/${connection.id}/secrets`, {
        ...(clientSecret ? { clientSecret } : {}), ...(webhookSecret ? { webhookSecret } : {}), ...(refreshToken ? { refreshToken } : {}),
      });
      onDone(`The secrets of ${connection.name} were replaced.`);
    } catch (err) {
      capture(err);
    }
  };
  return (
    <form onSubmit={submit} className="editor" aria-label={`Replace the secrets of ${connection.name}`} noValidate>
      <div className="grid2">
        {connection.platform !== 'sim' && <SecretField label="New client secret" name="clientSecret" value={clientSecret} onChange={setClientSecret} error={errors['clientSecret']} />}
        {connection.platform === 'gotowebinar' && <SecretField label="New refresh token" name="refreshToken" value={refreshToken} onChange={setRefreshToken} error={errors['refreshToken']} />}
        <SecretField label="New webhook secret" name="webhookSecret" value={webhookSecret} onChange={setWebhookSecret} error={errors['webhookSecret']} />
      </div>
      {formError && <Alert>{formError}</Alert>}
      <div className="actions">
        <button type="submit">Replace secrets</button>
        <button type="button" className="secondary" onClick={() => onDone('')}>Cancel</button>
      </div>
    </form>
  );
}

/** Administrators connect the account's webcast platforms, test them, replace their secrets and disconnect them. */
export function ConnectionsPage() {
  const connections = useLoad(() => listAll<ConnectionT>('/platform-connections'), []);
  const [adding, setAdding] = useState(false);
  const [rotating, setRotating] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [error, setError] = useState<string>();
  const [tests, setTests] = useState<Record<string, ConnectionTestT | 'testing'>>({});
  const [removing, setRemoving] = useState<ConnectionT>();
  const [removeBusy, setRemoveBusy] = useState(false);
  const [removeError, setRemoveError] = useState<string>();

  const done = (msg: string) => {
    setAdding(false);
    setRotating(undefined);
    if (msg) {
      setMessage(msg);
      connections.reload();
    }
  };
  const test = async (c: ConnectionT) => {
    setTests((t) => ({ ...t, [c.id]: 'testing' }));
    try {
      const r = await api<ConnectionTestT>('POST', `/platform-connections/${c.id}/test`);
      setTests((t) => ({ ...t, [c.id]: r }));
    } catch (err) {
      setTests((t) => Object.fromEntries(Object.entries(t).filter(([k]) => k !== c.id)));
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  const disconnect = async () => {
    if (!removing) return;
    setRemoveBusy(true);
    setRemoveError(undefined);
    try {
      await api('DELETE', `/platform-connections/${removing.id}`);
      setMessage(`${removing.name} is disconnected. Sessions held on it no longer sync; their meetings stay on the platform.`);
      setRemoving(undefined);
      connections.reload();
    } catch (err) {
      setRemoveError(err instanceof Error ? err.message : String(err));
    } finally {
      setRemoveBusy(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="conn-h">
      <h1 id="conn-h">Webcast platforms</h1>
      <p className="muted">
        Connect the account's Zoom, GoToWebinar or Microsoft Teams accounts. Planners then create a session's meeting on one of them from the
        Virtual Session tab, and eventline keeps the meeting, the attendees' personal join links and the check-ins in sync.
      </p>
      {message && <Alert kind="ok">{message}</Alert>}
      {error && <Alert>{error}</Alert>}
      {connections.loading && !connections.data && <Loading what="connections" />}
      {connections.error && <Alert>{connections.error}</Alert>}
      {connections.data && connections.data.length === 0 && <p>No platform is connected yet.</p>}
      <ul className="vsessions">
        {(connections.data ?? []).map((c) => {
          const t = tests[c.id];
          const last = t && t !== 'testing' ? t : c.lastTest;
          return (
            <li key={c.id} className="vsession" data-connection-id={c.id}>
              <h3>{c.name}</h3>
              <dl className="details">
                <dt>Platform</dt><dd>{PLATFORM_LABELS[c.platform] ?? c.platform}</dd>
                {Object.entries(c.settings).map(([k, v]) => <Fragment key={k}><dt>{k}</dt><dd>{v}</dd></Fragment>)}
                <dt>Client secret</dt><dd>{c.secrets.clientSecret.secretSet ? 'Set' : 'Not set'}</dd>
                {c.platform === 'gotowebinar' && <><dt>Refresh token</dt><dd>{c.secrets.refreshToken.secretSet ? 'Set' : 'Not set'}</dd></>}
                <dt>Webhook secret</dt><dd>{c.secrets.webhookSecret.secretSet ? 'Set' : 'Not set'}{c.secretsRotated ? ` · replaced ${fmt(c.secretsRotated)}` : ''}</dd>
                <dt>Webhook URL</dt><dd><code data-field="webhook-url">{c.webhookUrl}</code></dd>
                <dt>Last test</dt>
                <dd data-field="test-result" role="status">
                  {t === 'testing' ? 'Testing…' : last ? <><strong>{OUTCOME_WORDS[last.outcome] ?? last.outcome}</strong>: {last.message}</> : 'Not tested yet'}
                </dd>
              </dl>
              <div className="actions">
                <button type="button" onClick={() => void test(c)} disabled={t === 'testing'}>Test connection<span className="sr-only">: {c.name}</span></button>
                <button type="button" className="secondary" onClick={() => setRotating(c.id)}>Replace secrets<span className="sr-only">: {c.name}</span></button>
                <button type="button" className="danger" onClick={() => { setRemoveError(undefined); setRemoving(c); }}>Disconnect<span className="sr-only">: {c.name}</span></button>
              </div>
              {rotating === c.id && <RotateForm connection={c} onDone={done} />}
            </li>
          );
        })}
      </ul>
      {adding ? <ConnectForm onDone={done} /> : <p><button type="button" onClick={() => { setMessage(undefined); setAdding(true); }}>Connect a platform</button></p>}
      <ConfirmDialog
        open={removing !== undefined} title="Disconnect this platform?" confirmLabel="Disconnect" danger busy={removeBusy} error={removeError}
        onCancel={() => setRemoving(undefined)} onConfirm={() => void disconnect()}
      >
        <p>
          {removing?.name} and its secrets are removed from eventline. Sessions held on it stop syncing (their sync state says so); their
          meetings stay on {PLATFORM_LABELS[removing?.platform ?? ''] ?? 'the platform'}.
        </p>
      </ConfirmDialog>
    </section>
  );
}
