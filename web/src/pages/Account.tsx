import { api, ApiError } from '../api.js';
import { Alert, Loading, useLoad } from '../ui.js';

interface Tier { name: string; quota: number; rateLimit: number; burstLimit: number }
interface Hourly { date: string; quota: number; data: Array<{ hour: number; used: number }> }

// Hourly calls as bars on their own scale (a day's quota would flatten them),
// with the even pace that would use the whole quota drawn when it fits, and
// the day's total against the quota as a meter.
function UsageChart({ hourly }: { hourly: Hourly }) {
  const W = 720;
  const H = 240;
  const pad = { l: 48, r: 12, t: 16, b: 28 };
  const total = hourly.data.reduce((n, h) => n + h.used, 0);
  const peak = Math.max(...hourly.data.map((h) => h.used), 1);
  const pace = hourly.quota / 24;
  const max = Math.ceil(peak * 1.15);
  const x = (i: number) => pad.l + (i * (W - pad.l - pad.r)) / 24;
  const y = (v: number) => H - pad.b - (v / max) * (H - pad.t - pad.b);
  const bw = (W - pad.l - pad.r) / 24 - 2;
  const pct = hourly.quota > 0 ? Math.min(100, (total / hourly.quota) * 100) : 0;
  return (
    <figure className="chart">
      <p className="usage-total">
        <label htmlFor="quota-meter">{total.toLocaleString()} of {hourly.quota.toLocaleString()} calls used today ({pct.toFixed(pct < 1 ? 2 : 0)}%)</label>
        <meter id="quota-meter" min={0} max={hourly.quota} value={total} low={hourly.quota * 0.8} high={hourly.quota * 0.95} optimum={0} />
      </p>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="chart-title chart-desc" preserveAspectRatio="xMidYMid meet">
        <title id="chart-title">Calls per hour today (UTC)</title>
        <desc id="chart-desc">{`Busiest hour: ${peak === 1 && total === 0 ? 0 : peak} calls. ${total} calls so far of a daily quota of ${hourly.quota}.`}</desc>
        <line x1={pad.l} x2={W - pad.r} y1={y(0)} y2={y(0)} className="axis" />
        {pace <= max && (
          <>
            <line x1={pad.l} x2={W - pad.r} y1={y(pace)} y2={y(pace)} className="quota" />
            <text x={W - pad.r} y={y(pace) - 4} textAnchor="end" className="label">{`even pace for the quota: ${Math.round(pace)}/h`}</text>
          </>
        )}
        {hourly.data.map((h, i) => (
          <rect key={h.hour} x={x(i) + 1} y={y(h.used)} width={bw} height={H - pad.b - y(h.used)} className="bar"><title>{`${String(h.hour).padStart(2, '0')}:00 ${h.used} calls`}</title></rect>
        ))}
        {[0, 6, 12, 18, 23].map((hr) => <text key={hr} x={x(hr) + bw / 2} y={H - 8} textAnchor="middle" className="label">{`${String(hr).padStart(2, '0')}h`}</text>)}
        <text x={pad.l - 6} y={y(0)} textAnchor="end" className="label">0</text>
        <text x={pad.l - 6} y={y(max) + 10} textAnchor="end" className="label">{max}</text>
      </svg>
      <figcaption>Calls in each UTC hour of {hourly.date}. The daily quota is {hourly.quota.toLocaleString()} calls; it resets at 00:00 UTC.</figcaption>
    </figure>
  );
}

export function AccountPage() {
  const data = useLoad(async () => {
    const [tier, hourly] = await Promise.all([api<Tier>('GET', '/usage/tier'), api<Hourly>('GET', '/usage/hourly')]);
    // Compliance communications: shown only when the feature is enabled for the account.
    let compliance: { enabledMessageTypes: string[] } | undefined;
    let complianceNote = '';
    try {
      compliance = await api<{ enabledMessageTypes: string[] }>('GET', '/logs/communications/configuration');
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // "Not enabled" is what the sentence below already says; any other refusal is worth its own words.
      if (!/not enabled/i.test(err.message)) complianceNote = `The configuration could not be read: ${err.message}`;
    }
    return { tier, hourly, compliance, complianceNote };
  }, []);
  if (data.error) return <Alert>{data.error}</Alert>;
  if (!data.data) return <Loading what="account" />;
  const { tier, hourly, compliance, complianceNote } = data.data;
  return (
    <article aria-labelledby="acct-h">
      <h1 id="acct-h">Account</h1>
      <section className="panel" aria-labelledby="tier-h">
        <h2 id="tier-h">Tier: {tier.name}</h2>
        <dl className="details">
          <dt>Daily quota</dt><dd>{tier.quota.toLocaleString()} calls</dd>
          <dt>Rate</dt><dd>{tier.rateLimit} calls per second</dd>
          <dt>Burst</dt><dd>{tier.burstLimit}</dd>
        </dl>
      </section>
      <section className="panel" aria-labelledby="usage-h">
        <h2 id="usage-h">Today's usage</h2>
        <UsageChart hourly={hourly} />
      </section>
      <section className="panel" aria-labelledby="comp-h">
        <h2 id="comp-h">Compliance communications</h2>
        {compliance === undefined
          ? <p>{complianceNote || 'Compliance communications are not enabled for this account.'}</p>
          : (
            <>
              <p>Enabled. Message types recorded for archiving (kept 30 days):</p>
              {compliance.enabledMessageTypes.length === 0
                ? <p className="muted">None: no messages are recorded.</p>
                : <ul>{compliance.enabledMessageTypes.map((t) => <li key={t}><code>{t}</code></li>)}</ul>}
            </>
          )}
      </section>
    </article>
  );
}
