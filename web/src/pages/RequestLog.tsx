import { useState } from 'react';
import { portal, type Application } from '../portal-api.js';
import { Alert, Loading, Select, fmt, useLoad, usePagedLoad } from '../ui.js';

// An application's request log and sandbox controls (issue 35, docs/sandbox.md): GET /portal/applications/{id}/request-logs
// and /sandbox-controls. Controls are set by the application itself (PUT /ea/sandbox/controls); the portal shows them.

interface Entry {
  id: string; at: string; method: string; route: string; status: number; latencyMs: number; requestId: string; message?: string; sandbox?: string;
}
interface EntryPage { data: Entry[]; paging: { nextToken?: string } }
interface Controls {
  clientId: string;
  enabled: boolean;
  force?: { answer: string; calls?: number; remaining?: number; until?: string };
  latencyMs: number;
  failureRate: number;
  failureSeed?: number;
  clock?: { offsetSeconds: number; now: string };
  lastModified?: string;
}

const STATUSES = ['', '2xx', '4xx', '429', '5xx'] as const;
const STATUS_LABELS: Record<string, string> = { '': 'All', '2xx': '2xx', '4xx': '4xx', '429': '429', '5xx': '5xx' };

function describeControls(c: Controls): string[] {
  const out: string[] = [];
  if (c.force) {
    const answer = c.force.answer === 'limit-exceeded' ? '“Limit Exceeded”' : '“Too Many Requests”';
    out.push(c.force.calls !== undefined ? `Forced ${answer}: ${c.force.remaining ?? 0} of ${c.force.calls} calls left` : `Forced ${answer} until ${fmt(c.force.until ?? '')}`);
  }
  if (c.latencyMs > 0) out.push(`Added latency: ${c.latencyMs} ms`);
  if (c.failureRate > 0) out.push(`503 on ${Math.round(c.failureRate * 100)}% of calls${c.failureSeed !== undefined ? ` (seed ${c.failureSeed})` : ''}`);
  if (c.clock) out.push(`Clock moved by ${c.clock.offsetSeconds} s: the application's time is ${c.clock.now}`);
  return out;
}

function ControlsSummary({ app }: { app: Application }) {
  const controls = useLoad(() => portal<Controls>('GET', `/applications/${app.id}/sandbox-controls`), [app.id]);
  if (controls.error) return <Alert>{controls.error}</Alert>;
  if (!controls.data) return <Loading what="the sandbox controls" />;
  const c = controls.data;
  if (!c.enabled) return <p className="muted">Sandbox controls are off on this deployment (the operator sets SANDBOX_CONTROLS=1).</p>;
  const lines = describeControls(c);
  return (
    <div>
      <h3>Sandbox controls</h3>
      {lines.length === 0 ? <p className="muted">None: calls are answered as usual.</p> : <ul>{lines.map((l) => <li key={l}>{l}</li>)}</ul>}
      <p className="muted">The application sets them with <code>PUT /ea/sandbox/controls</code> (scope <code>account/sandbox:write</code>). <button type="button" className="secondary" onClick={controls.reload}>Refresh<span className="sr-only"> the sandbox controls</span></button></p>
    </div>
  );
}

function Entries({ app }: { app: Application }) {
  const [status, setStatus] = useState('');
  const query = (token?: string) => {
    const params = new URLSearchParams({ limit: '50' });
    if (token !== undefined) params.set('token', token);
    else {
      params.set('sort', 'at:DESC');
      if (status !== '') params.set('status', status);
    }
    return portal<EntryPage>('GET', `/applications/${app.id}/request-logs?${params.toString()}`);
  };
  const { first, rows, next, loadMore, moreError: error } = usePagedLoad(query, [app.id, status]);
  return (
    <div>
      <h3>Requests</h3>
      <div className="inline-form">
        <Select label="Status" name="requestLogStatus" value={status} options={STATUSES} labels={STATUS_LABELS} onChange={setStatus} />
        <button type="button" className="secondary" onClick={first.reload}>Refresh<span className="sr-only"> the request log</span></button>
      </div>
      {first.error && <Alert>{first.error}</Alert>}
      {error && <Alert>{error}</Alert>}
      {!first.data && !first.error && <Loading what="the request log" />}
      {first.data && rows.length === 0 && <p className="muted">No requests logged.</p>}
      {rows.length > 0 && (
        <div className="table-wrap">
          <table>
            <caption className="sr-only">Requests of {app.name}, newest first</caption>
            <thead><tr><th scope="col">When</th><th scope="col">Request</th><th scope="col">Status</th><th scope="col">Latency</th><th scope="col">Sandbox</th><th scope="col">Message</th></tr></thead>
            <tbody>
              {rows.map((e) => (
                <tr key={e.id}>
                  <td>{fmt(e.at)}<br /><small className="muted">{e.requestId}</small></td>
                  <th scope="row"><code>{e.method} {e.route}</code></th>
                  <td>{e.status}</td>
                  <td>{Math.round(e.latencyMs)} ms</td>
                  <td>{e.sandbox !== undefined ? <code>{e.sandbox}</code> : '—'}</td>
                  <td>{e.message ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next !== undefined && <button type="button" className="secondary" onClick={() => void loadMore()}>Load older requests</button>}
    </div>
  );
}

/** The request log and sandbox controls of one application at a time, chosen from those the user sees. */
export function RequestLog({ applications }: { applications: readonly Application[] }) {
  const [chosen, setChosen] = useState(applications[0]?.id ?? '');
  const app = applications.find((a) => a.id === chosen) ?? applications[0];
  return (
    <section aria-labelledby="request-log-h">
      <h2 id="request-log-h">Request log and sandbox</h2>
      <p className="muted">Each application's last requests: method, route, status, latency and the error's message. Bodies and personal data are never kept.</p>
      {!app ? <p className="muted">No applications.</p> : (
        <>
          <Select label="Application" name="requestLogApp" value={app.id} options={applications.map((a) => a.id)} labels={Object.fromEntries(applications.map((a) => [a.id, a.name]))} onChange={setChosen} />
          <ControlsSummary app={app} />
          <Entries app={app} />
        </>
      )}
    </section>
  );
}
