import { useState, type FormEvent } from 'react';
import { portal } from '../portal-api.js';
import { Alert, Field, Loading, fmt, usePagedLoad } from '../ui.js';

// The account's audit log for administrators (issue 36): GET /portal/audit-log, newest first, a page at a time.

interface AuditEntry {
  id: string;
  at: string;
  action: string;
  actor: { type: string; id: string; display?: string };
  target: { type: string; id: string; display?: string };
  changes: Record<string, unknown>;
  address?: string;
  requestId?: string;
}
interface AuditPage { data: AuditEntry[]; paging: { nextToken?: string } }

/** One change as a reader takes it in: `field: before → after`, or the word a secret is recorded with. */
function describeChange(field: string, value: unknown): string {
  const show = (v: unknown): string => (v === null || v === undefined ? '—' : Array.isArray(v) ? `${v.length} item${v.length === 1 ? '' : 's'}` : typeof v === 'object' ? JSON.stringify(v) : String(v));
  if (value !== null && typeof value === 'object' && 'after' in value) {
    const { before, after } = value as { before?: unknown; after?: unknown };
    return `${field}: ${show(before)} → ${show(after)}`;
  }
  return `${field}: ${show(value)}`;
}

export function AuditLog() {
  const [action, setAction] = useState('');
  const [applied, setApplied] = useState('');
  const query = (token?: string) => {
    const params = new URLSearchParams({ limit: '50' });
    if (token !== undefined) params.set('token', token);
    else {
      params.set('sort', 'at:DESC');
      if (applied !== '') params.set('filter', `action sw '${applied.replace(/'/g, "\\'")}'`);
    }
    return portal<AuditPage>('GET', `/audit-log?${params.toString()}`);
  };
  const { first, rows, next, loadMore, moreError: error } = usePagedLoad(query, [applied]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setApplied(action.trim());
  };
  return (
    <section aria-labelledby="audit-h">
      <h2 id="audit-h">Audit log</h2>
      <p className="muted">Who changed users, roles, workspaces, applications, scopes, secrets and account features, when and from where. Newest first.</p>
      <form onSubmit={submit} className="inline-form" aria-label="Filter the audit log">
        <Field label="Action starts with" name="auditAction" value={action} onChange={setAction} />
        <button type="submit" className="secondary">Filter</button>
      </form>
      {first.error && <Alert>{first.error}</Alert>}
      {error && <Alert>{error}</Alert>}
      {!first.data && !first.error && <Loading what="the audit log" />}
      {first.data && rows.length === 0 && <p className="muted">No entries.</p>}
      {rows.length > 0 && (
        <div className="table-wrap">
          <table>
            <caption className="sr-only">Audit log entries</caption>
            <thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">Action</th><th scope="col">Target</th><th scope="col">Changes</th><th scope="col">From</th></tr></thead>
            <tbody>
              {rows.map((e) => (
                <tr key={e.id}>
                  <td>{fmt(e.at)}</td>
                  <td>{e.actor.display ?? e.actor.id} <span className="badge">{e.actor.type}</span></td>
                  <th scope="row"><code>{e.action}</code></th>
                  <td>{e.target.display ?? e.target.id} <span className="muted">({e.target.type})</span></td>
                  <td><ul className="plain">{Object.entries(e.changes).map(([k, v]) => <li key={k}>{describeChange(k, v)}</li>)}</ul></td>
                  <td>{e.address ?? 'CLI'}{e.requestId !== undefined && <><br /><small className="muted">request {e.requestId}</small></>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next !== undefined && <button type="button" className="secondary" onClick={() => void loadMore()}>Load older entries</button>}
    </section>
  );
}
