import { useState, type FormEvent } from 'react';
import { portal, readScopes, type Application, type Invitation, type PortalSession, type ScopeInfo, type Workspace } from '../portal-api.js';
import { Alert, ConfirmDialog, Field, Loading, fmt, useCopy, useFormErrors, useLoad } from '../ui.js';
import { AuditLog } from './AuditLog.js';
import { RequestLog } from './RequestLog.js';

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

function ScopePicker({ scopes, catalogue, selected, onChange, legend, error }: {
  scopes: readonly string[]; catalogue: ReadonlyMap<string, string>; selected: string[]; onChange: (s: string[]) => void; legend: string; error?: string | undefined;
}) {
  const [filter, setFilter] = useState('');
  const shown = scopes.filter((s) => {
    const f = filter.trim().toLowerCase();
    return !f || s.toLowerCase().includes(f) || (catalogue.get(s) ?? '').toLowerCase().includes(f);
  });
  return (
    <fieldset className="scopes" aria-describedby={error ? `${legend}-error` : undefined}>
      <legend>{legend}</legend>
      <p className="hint">Choose only what the application needs: at least one scope. {selected.length} selected.</p>
      {scopes.length > 8 && (
        <label className="scope-filter">Find a scope <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} /></label>
      )}
      <ul className="scope-choices">
        {shown.map((s) => {
          const description = catalogue.get(s);
          return (
            <li key={s}>
              <label className="scope">
                <input type="checkbox" name="scope" value={s} checked={selected.includes(s)} onChange={(e) => onChange(e.target.checked ? [...selected, s] : selected.filter((x) => x !== s))} />
                <span><code>{s}</code>{description ? <span className="scope-desc">{description}</span> : null}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {error && <p className="field-error" id={`${legend}-error`} role="alert">{error}</p>}
    </fieldset>
  );
}

function NewWorkspace({ allScopes, catalogue, onCreated }: { allScopes: string[]; catalogue: ReadonlyMap<string, string>; onCreated: () => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const { errors, formError, capture, clear } = useFormErrors();
  const [local, setLocal] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    setLocal(scopes.length === 0 ? 'Choose at least one scope' : undefined);
    if (scopes.length === 0) return;
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
      <ScopePicker legend="Scopes granted to the workspace" scopes={allScopes} catalogue={catalogue} selected={scopes} onChange={setScopes} error={local ?? errors['scopes']} />
      {formError && <Alert>{formError}</Alert>}
      <button type="submit">Create workspace</button>
    </form>
  );
}

function NewApplication({ workspaces, catalogue, onCreated }: { workspaces: Workspace[]; catalogue: ReadonlyMap<string, string>; onCreated: (a: Fresh) => void }) {
  const [workspaceId, setWorkspaceId] = useState(workspaces[0]?.id ?? '');
  const workspace = workspaces.find((w) => w.id === workspaceId);
  const [name, setName] = useState('');
  // Nothing is chosen for the developer: an application gets only the scopes picked for it (least privilege).
  const [scopes, setScopes] = useState<string[]>([]);
  const [redirects, setRedirects] = useState('');
  const [local, setLocal] = useState<Record<string, string>>({});
  const { errors, formError, capture, clear } = useFormErrors();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clear();
    const problems: Record<string, string> = {};
    if (!name.trim()) problems['name'] = 'Enter a name for the application';
    if (scopes.length === 0) problems['scopes'] = 'Choose at least one scope';
    setLocal(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const redirectUris = redirects.split(/\s+/).filter(Boolean);
      const created = await portal<Application & { clientSecret: string }>('POST', '/applications', { workspaceId, name: name.trim(), scopes, ...(redirectUris.length ? { redirectUris } : {}) });
      onCreated({ app: created, clientSecret: created.clientSecret, rotated: false });
      setName('');
      setScopes([]);
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
        <select id="app-ws" name="workspaceId" value={workspaceId} onChange={(e) => { setWorkspaceId(e.target.value); setScopes([]); }}>
          {workspaces.map((w) => <option key={w.id} value={w.id}>{w.name}</option>)}
        </select>
        {errors['workspaceId'] && <p className="field-error" role="alert">{errors['workspaceId']}</p>}
      </div>
      <Field label="Application name" name="applicationName" value={name} onChange={setName} error={local['name'] ?? errors['name']} />
      <ScopePicker legend="Scopes (from the workspace's grant)" scopes={workspace?.scopes ?? []} catalogue={catalogue} selected={scopes} onChange={setScopes} error={local['scopes'] ?? errors['scopes']} />
      <Field label="Redirect URIs (optional, space-separated)" name="redirectUris" value={redirects} onChange={setRedirects} error={errors['redirectUris']} />
      {formError && <Alert>{formError}</Alert>}
      <button type="submit">Create application</button>
    </form>
  );
}

/** A client secret just issued (a new application, or a rotation): shown once. */
interface Fresh { app: Application; clientSecret: string; rotated: boolean }

function SecretOnce({ fresh, onDismiss }: { fresh: Fresh; onDismiss: () => void }) {
  const { copied, copy, failed } = useCopy();
  const [shown, setShown] = useState(false);
  const { app, clientSecret } = fresh;
  return (
    <section className="panel secret" aria-labelledby="sec-h" role="region">
      <h3 id="sec-h">{fresh.rotated ? `New client secret for “${app.name}”` : `Client credentials for “${app.name}”`}</h3>
      <p><strong>Copy the client secret now: it is shown only once.</strong>{fresh.rotated ? ' The old secret no longer works.' : ''}</p>
      <dl className="details">
        <dt>Client ID</dt><dd><code data-field="client-id">{app.clientId}</code></dd>
        <dt>Client secret</dt>
        <dd>
          {shown ? <code data-field="client-secret">{clientSecret}</code> : <span data-field="client-secret" data-masked="true" aria-label="Client secret hidden">••••••••••••</span>}
        </dd>
      </dl>
      <div className="actions">
        <button type="button" onClick={() => void copy(clientSecret)}>Copy secret</button>
        <button type="button" className="secondary" aria-pressed={shown} onClick={() => setShown((v) => !v)}>{shown ? 'Hide secret' : 'Reveal secret'}</button>
        <button type="button" className="secondary" onClick={onDismiss}>I have stored it</button>
      </div>
      <p role="status">{copied ? 'Secret copied to the clipboard.' : failed ? 'Copying failed: reveal the secret and copy it by hand.' : ''}</p>
    </section>
  );
}

function ScopeList({ scopes, catalogue }: { scopes: readonly string[]; catalogue: ReadonlyMap<string, string> }) {
  return (
    <ul className="scope-list">
      {scopes.map((s) => <li key={s}><code>{s}</code>{catalogue.get(s) ? <span className="scope-desc">{catalogue.get(s)}</span> : null}</li>)}
    </ul>
  );
}

function Dashboard({ session, onSignOut }: { session: PortalSession; onSignOut: () => void }) {
  const data = useLoad(async () => {
    const [workspaces, applications, scopes] = await Promise.all([
      portal<Workspace[]>('GET', '/workspaces'), portal<Application[]>('GET', '/applications'), portal<unknown>('GET', '/scopes'),
    ]);
    const catalogue: ScopeInfo[] = readScopes(scopes);
    return { workspaces, applications, scopes: catalogue.map((s) => s.name), catalogue: new Map(catalogue.map((s) => [s.name, s.description ?? ''])) };
  }, []);
  const [fresh, setFresh] = useState<Fresh>();
  const [error, setError] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [confirm, setConfirm] = useState<{ kind: 'revoke' | 'rotate'; app: Application }>();
  const [busy, setBusy] = useState(false);
  const [confirmError, setConfirmError] = useState<string>();
  if (data.error) return <Alert>{data.error}</Alert>;
  if (!data.data) return <Loading what="the developer portal" />;
  const { workspaces, applications, scopes, catalogue } = data.data;
  const wsName = new Map(workspaces.map((w) => [w.id, w.name]));
  const ask = (kind: 'revoke' | 'rotate', app: Application) => {
    setConfirmError(undefined);
    setMessage(undefined);
    setError(undefined);
    setConfirm({ kind, app });
  };
  const act = async () => {
    if (!confirm) return;
    const { kind, app } = confirm;
    setBusy(true);
    setConfirmError(undefined);
    try {
      if (kind === 'revoke') {
        await portal('POST', `/applications/${app.id}/revoke`);
        setMessage(`“${app.name}” was revoked: its tokens stop working on their next call.`);
      } else {
        const rotated = await portal<Partial<Application> & { clientSecret: string }>('POST', `/applications/${app.id}/rotate-secret`);
        const { clientSecret, ...rest } = rotated;
        setFresh({ app: { ...app, ...rest }, clientSecret, rotated: true });
      }
      setConfirm(undefined);
      data.reload();
    } catch (err) {
      setConfirmError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <article aria-labelledby="portal-h">
      <div className="row-between">
        <h1 id="portal-h">Developer portal</h1>
        <p>{session.user.name} ({session.user.role}) · {session.account.name} <button type="button" className="secondary" onClick={onSignOut}>Sign out</button></p>
      </div>
      {error && <Alert>{error}</Alert>}
      {message && <Alert kind="ok">{message}</Alert>}
      <section aria-labelledby="ws-h">
        <h2 id="ws-h">Workspaces</h2>
        <ul className="cards">
          {workspaces.map((w) => (
            <li key={w.id} className="card">
              <h3>{w.name}</h3>
              <p className="muted">{w.scopes.length} scopes · created {fmt(w.created)}</p>
              <details><summary>Scopes<span className="sr-only"> of {w.name}</span></summary><ScopeList scopes={w.scopes} catalogue={catalogue} /></details>
              <Invitations workspace={w} canManage={session.canManageWorkspaces} />
            </li>
          ))}
        </ul>
        {session.canManageWorkspaces && <NewWorkspace allScopes={scopes} catalogue={catalogue} onCreated={data.reload} />}
      </section>
      <section aria-labelledby="apps-h">
        <h2 id="apps-h">Applications</h2>
        {fresh && <SecretOnce fresh={fresh} onDismiss={() => setFresh(undefined)} />}
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
                  <td><details><summary>{a.scopes.length} scopes<span className="sr-only"> of {a.name}</span></summary><ScopeList scopes={a.scopes} catalogue={catalogue} /></details></td>
                  <td>
                    {a.revokedAt ? `Revoked ${fmt(a.revokedAt)}` : (
                      <div className="actions">
                        <button type="button" className="secondary" onClick={() => ask('rotate', a)}>Rotate secret<span className="sr-only"> of {a.name}</span></button>
                        <button type="button" className="danger" onClick={() => ask('revoke', a)}>Revoke<span className="sr-only"> {a.name}</span></button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <NewApplication workspaces={workspaces} catalogue={catalogue} onCreated={(f) => { setFresh(f); data.reload(); }} />
      </section>
      <RequestLog applications={applications.filter((a) => !a.revokedAt)} />
      {session.user.role === 'administrator' && <AuditLog />}
      <ConfirmDialog
        open={confirm?.kind === 'revoke'} title={`Revoke “${confirm?.app.name ?? ''}”?`} confirmLabel="Revoke application" danger
        typeToConfirm={confirm?.kind === 'revoke' ? confirm.app.name : undefined} busy={busy} error={confirmError}
        onCancel={() => setConfirm(undefined)} onConfirm={() => void act()}
      >
        <p>The application's tokens stop working on their next call, and it cannot get new ones. <strong>This cannot be undone</strong>: a revoked application cannot be restored; you would create a new one with a new client ID.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm?.kind === 'rotate'} title={`Rotate the secret of “${confirm?.app.name ?? ''}”?`} confirmLabel="Rotate secret" busy={busy} error={confirmError}
        onCancel={() => setConfirm(undefined)} onConfirm={() => void act()}
      >
        <p>
          A new client secret is issued and shown once. The current secret stops working at once: every system that uses it must be given the new one.
          Access tokens already issued keep working until they expire (within an hour); revoke the application to stop them at once.
        </p>
      </ConfirmDialog>
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
