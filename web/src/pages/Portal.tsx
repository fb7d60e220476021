import { useState, type FormEvent } from 'react';
import { portal, type Application, type Invitation, type PortalSession, type Workspace } from '../portal-api.js';
import { Alert, Field, Loading, fmt, useFormErrors, useLoad } from '../ui.js';

function SignIn({ onSignedIn }: { onSignedIn: (s: PortalSession) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { errors, formError, capture, clear } = useFormErrors();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    try {
      onSignedIn(await portal<PortalSession>('POST', '/session', { email, password }));
    } catch (err) {
      capture(err);
    }
  };
  return (
    <form onSubmit={submit} className="panel narrow" aria-labelledby="psign-h">
      <h1 id="psign-h">Developer portal sign-in</h1>
      <Field label="Email" name="email" type="email" autoComplete="username" value={email} onChange={setEmail} error={errors['email']} required />
      <Field label="Password" name="password" type="password" autoComplete="current-password" value={password} onChange={setPassword} error={errors['password']} required />
      {formError && <Alert>{formError}</Alert>}
      <button type="submit">Sign in</button>
    </form>
  );
}

function Invitations({ workspace, canManage }: { workspace: Workspace; canManage: boolean }) {
  const list = useLoad(() => portal<Invitation[]>('GET', `/workspaces/${workspace.id}/invitations`), [workspace.id]);
  const [email, setEmail] = useState('');
  const { errors, formError, capture, clear } = useFormErrors();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    try {
      await portal('POST', `/workspaces/${workspace.id}/invitations`, { email });
      setEmail('');
      list.reload();
    } catch (err) {
      capture(err);
    }
  };
  return (
    <div>
      <h4>Invitations</h4>
      {list.data && list.data.length === 0 && <p className="muted">No invitations yet.</p>}
      {list.data && list.data.length > 0 && <ul>{list.data.map((i) => <li key={i.id}>{i.email} <span className="badge">{i.status}</span></li>)}</ul>}
      {canManage && (
        <form onSubmit={submit} className="inline-form" aria-label={`Invite a developer to ${workspace.name}`}>
          <Field label="Developer's email" name="inviteEmail" type="email" value={email} onChange={setEmail} error={errors['email']} required />
          {formError && <Alert>{formError}</Alert>}
          <button type="submit">Invite</button>
        </form>
      )}
    </div>
  );
}

function ScopePicker({ scopes, selected, onChange, legend, error }: { scopes: readonly string[]; selected: string[]; onChange: (s: string[]) => void; legend: string; error?: string | undefined }) {
  return (
    <fieldset className="scopes">
      <legend>{legend}</legend>
      {scopes.map((s) => (
        <label key={s} className="inline scope">
          <input type="checkbox" name="scope" value={s} checked={selected.includes(s)} onChange={(e) => onChange(e.target.checked ? [...selected, s] : selected.filter((x) => x !== s))} /> {s}
        </label>
      ))}
      {error && <p className="field-error" role="alert">{error}</p>}
    </fieldset>
  );
}

function NewWorkspace({ allScopes, onCreated }: { allScopes: string[]; onCreated: () => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const { errors, formError, capture, clear } = useFormErrors();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    try {
      await portal('POST', '/workspaces', { name, scopes });
      setName('');
      setScopes([]);
      onCreated();
    } catch (err) {
      capture(err);
    }
  };
  return (
    <form onSubmit={submit} className="panel" aria-labelledby="nw-h">
      <h3 id="nw-h">New workspace</h3>
      <Field label="Workspace name" name="workspaceName" value={name} onChange={setName} error={errors['name']} />
      <ScopePicker legend="Scopes granted to the workspace" scopes={allScopes} selected={scopes} onChange={setScopes} error={errors['scopes']} />
      {formError && <Alert>{formError}</Alert>}
      <button type="submit">Create workspace</button>
    </form>
  );
}

function NewApplication({ workspaces, onCreated }: { workspaces: Workspace[]; onCreated: (a: Application & { clientSecret: string }) => void }) {
  const [workspaceId, setWorkspaceId] = useState(workspaces[0]?.id ?? '');
  const workspace = workspaces.find((w) => w.id === workspaceId);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(workspace?.scopes ?? []);
  const [redirects, setRedirects] = useState('');
  const { errors, formError, capture, clear } = useFormErrors();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    try {
      const redirectUris = redirects.split(/\s+/).filter(Boolean);
      onCreated(await portal('POST', '/applications', { workspaceId, name, scopes, ...(redirectUris.length ? { redirectUris } : {}) }));
      setName('');
    } catch (err) {
      capture(err);
    }
  };
  if (workspaces.length === 0) return <p>You are not a member of any workspace yet: ask an administrator for an invitation.</p>;
  return (
    <form onSubmit={submit} className="panel" aria-labelledby="na-h">
      <h3 id="na-h">New application</h3>
      <div className="field">
        <label htmlFor="app-ws">Workspace</label>
        <select id="app-ws" name="workspaceId" value={workspaceId} onChange={(e) => { setWorkspaceId(e.target.value); setScopes(workspaces.find((w) => w.id === e.target.value)?.scopes ?? []); }}>
          {workspaces.map((w) => <option key={w.id} value={w.id}>{w.name}</option>)}
        </select>
        {errors['workspaceId'] && <p className="field-error" role="alert">{errors['workspaceId']}</p>}
      </div>
      <Field label="Application name" name="applicationName" value={name} onChange={setName} error={errors['name']} />
      <ScopePicker legend="Scopes (from the workspace's grant)" scopes={workspace?.scopes ?? []} selected={scopes} onChange={setScopes} error={errors['scopes']} />
      <Field label="Redirect URIs (optional, space-separated)" name="redirectUris" value={redirects} onChange={setRedirects} error={errors['redirectUris']} />
      {formError && <Alert>{formError}</Alert>}
      <button type="submit">Create application</button>
    </form>
  );
}

function SecretOnce({ app, onDismiss }: { app: Application & { clientSecret: string }; onDismiss: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <section className="panel secret" aria-labelledby="sec-h" role="region">
      <h3 id="sec-h">Client credentials for “{app.name}”</h3>
      <p><strong>Copy the client secret now: it is shown only once.</strong></p>
      <dl className="details">
        <dt>Client ID</dt><dd><code data-field="client-id">{app.clientId}</code></dd>
        <dt>Client secret</dt><dd><code data-field="client-secret">{app.clientSecret}</code></dd>
      </dl>
      <div className="actions">
        <button type="button" onClick={() => { void navigator.clipboard.writeText(app.clientSecret).then(() => setCopied(true)); }}>Copy secret</button>
        <button type="button" className="secondary" onClick={onDismiss}>I have stored it</button>
      </div>
      {copied && <Alert kind="ok">Secret copied to the clipboard.</Alert>}
    </section>
  );
}

function Dashboard({ session, onSignOut }: { session: PortalSession; onSignOut: () => void }) {
  const data = useLoad(async () => {
    const [workspaces, applications, scopes] = await Promise.all([
      portal<Workspace[]>('GET', '/workspaces'), portal<Application[]>('GET', '/applications'), portal<Array<{ name: string }>>('GET', '/scopes'),
    ]);
    return { workspaces, applications, scopes: scopes.map((s) => s.name) };
  }, []);
  const [fresh, setFresh] = useState<Application & { clientSecret: string }>();
  const [error, setError] = useState<string>();
  if (data.error) return <Alert>{data.error}</Alert>;
  if (!data.data) return <Loading what="the developer portal" />;
  const { workspaces, applications, scopes } = data.data;
  const wsName = new Map(workspaces.map((w) => [w.id, w.name]));
  const revoke = async (a: Application) => {
    setError(undefined);
    try {
      await portal('POST', `/applications/${a.id}/revoke`);
      data.reload();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <article aria-labelledby="portal-h">
      <div className="row-between">
        <h1 id="portal-h">Developer portal</h1>
        <p>{session.user.name} ({session.user.role}) · {session.account.name} <button type="button" className="secondary" onClick={onSignOut}>Sign out</button></p>
      </div>
      {error && <Alert>{error}</Alert>}
      <section aria-labelledby="ws-h">
        <h2 id="ws-h">Workspaces</h2>
        <ul className="cards">
          {workspaces.map((w) => (
            <li key={w.id} className="card">
              <h3>{w.name}</h3>
              <p className="muted">{w.scopes.length} scopes · created {fmt(w.created)}</p>
              <details><summary>Scopes<span className="sr-only"> of {w.name}</span></summary><ul className="scope-list">{w.scopes.map((s) => <li key={s}><code>{s}</code></li>)}</ul></details>
              <Invitations workspace={w} canManage={session.canManageWorkspaces} />
            </li>
          ))}
        </ul>
        {session.canManageWorkspaces && <NewWorkspace allScopes={scopes} onCreated={data.reload} />}
      </section>
      <section aria-labelledby="apps-h">
        <h2 id="apps-h">Applications</h2>
        {fresh && <SecretOnce app={fresh} onDismiss={() => setFresh(undefined)} />}
        <div className="table-wrap">
          <table>
            <caption className="sr-only">Applications</caption>
            <thead><tr><th scope="col">Application</th><th scope="col">Workspace</th><th scope="col">Client ID</th><th scope="col">Scopes</th><th scope="col">State</th></tr></thead>
            <tbody>
              {applications.map((a) => (
                <tr key={a.id}>
                  <th scope="row">{a.name}</th>
                  <td>{wsName.get(a.workspaceId) ?? '—'}</td>
                  <td><code>{a.clientId}</code></td>
                  <td><details><summary>{a.scopes.length} scopes<span className="sr-only"> of {a.name}</span></summary><ul className="scope-list">{a.scopes.map((s) => <li key={s}><code>{s}</code></li>)}</ul></details></td>
                  <td>{a.revokedAt ? `Revoked ${fmt(a.revokedAt)}` : <button type="button" className="danger" onClick={() => void revoke(a)}>Revoke<span className="sr-only"> {a.name}</span></button>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <NewApplication workspaces={workspaces} onCreated={(a) => { setFresh(a); data.reload(); }} />
      </section>
    </article>
  );
}

export function PortalPage() {
  const [session, setSession] = useState<PortalSession | null>();
  const current = useLoad(() => portal<PortalSession>('GET', '/session').catch(() => null), []);
  const s = session === undefined ? current.data : session;
  if (s === undefined) return <Loading what="the developer portal" />;
  if (s === null) return <SignIn onSignedIn={setSession} />;
  return <Dashboard session={s} onSignOut={() => { void portal('DELETE', '/session').finally(() => setSession(null)); }} />;
}
