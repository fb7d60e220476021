// An event's engagement: the score's distribution, the top attendees with each score explained
// (the activities that earned its points), and the event's activity over time.
import { useState } from 'react';
import type { ItemOf, Page, ResultFor } from '../../../src/client/types.js';
import { api, listAll, quote } from '../api.js';
import { Chart } from '../chart.js';
import { perDay } from '../people.js';
import type { AttendeeT, EventT } from '../types.js';
import { Alert, Loading, fmtIn, useLoad } from '../ui.js';

type InsightT = ItemOf<'/attendee-insights'>;
type StatsT = ResultFor<'/attendee-insights/{id}/stats', 'get'>;
type ScoreT = ItemOf<'/attendee-insights/{id}/scores'>;
type EntryT = ItemOf<'/attendee-insights/{id}/scores/{attendeeId}/activities'>;
type ActivityT = ItemOf<'/attendees/activities'>;

/** Top attendees shown. */
const TOP = 10;
/** Activities read for the timeline at most (pages of 200). */
const ACTIVITY_PAGES = 25;

const nameOf = (a: AttendeeT | undefined, id: string): string =>
  (a ? [a.contact.firstName, a.contact.lastName].filter(Boolean).join(' ') || a.contact.email : undefined) ?? id;


function Explanation({ insight, attendeeId, name, event }: { insight: InsightT; attendeeId: string; name: string; event: EventT }) {
  const entries = useLoad(() => listAll<EntryT>(`/attendee-insights/${insight.id}/scores/${attendeeId}/activities`), [insight.id, attendeeId]);
  if (entries.error) return <Alert>{entries.error}</Alert>;
  if (!entries.data) return <Loading what="the score's activities" />;
  const total = entries.data.reduce((s, e) => s + e.points, 0);
  return (
    <div className="table-wrap">
      <table>
        <caption>How {name} earned {total} points</caption>
        <thead><tr><th scope="col">Activity</th><th scope="col">When</th><th scope="col">Scored as</th><th scope="col">Points</th></tr></thead>
        <tbody>
          {entries.data.map((e) => (
            <tr key={`${e.activity.id}-${e.action.type}`}>
              <th scope="row">{e.activity.name || e.activity.type}</th>
              <td>{fmtIn(e.activity.time, event.timezone)}</td>
              <td>{e.action.name ?? e.action.type}</td>
              <td>{e.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function InsightView({ event, insight }: { event: EventT; insight: InsightT }) {
  const data = useLoad(async () => {
    const [stats, scores] = await Promise.all([
      api<StatsT>('GET', `/attendee-insights/${insight.id}/stats`),
      api<Page<ScoreT>>('GET', `/attendee-insights/${insight.id}/scores?limit=${TOP}`),
    ]);
    const ids = scores.data.map((s) => s.attendee.id);
    const people = new Map<string, AttendeeT>();
    if (ids.length > 0) {
      const filter = `event.id eq ${quote(event.id)} and (${ids.map((id) => `id eq ${quote(id)}`).join(' or ')})`;
      for (const a of (await api<Page<AttendeeT>>('GET', `/attendees?${new URLSearchParams({ filter, limit: '200' }).toString()}`)).data) people.set(a.id, a);
    }
    return { stats, scores: scores.data, people };
  }, [insight.id]);
  const [open, setOpen] = useState<string>();
  if (data.error) return <Alert>{data.error}</Alert>;
  if (!data.data) return <Loading what="engagement scores" />;
  const { stats, scores, people } = data.data;
  const distribution = stats.distribution.map((b) => ({ label: b.minPoints === b.maxPoints ? `${b.minPoints}` : `${b.minPoints}–${b.maxPoints}`, value: b.attendeeCount }));
  return (
    <section aria-labelledby="insight-h" className="panel">
      <h2 id="insight-h">{insight.name}</h2>
      <ul className="stats">
        <li><strong>{stats.attendeeCount}</strong> attendees with points</li>
        <li>average score <strong>{stats.averageAttendeeScore}</strong></li>
        <li>highest <strong>{stats.highestScore}</strong>, lowest <strong>{stats.lowestScore}</strong></li>
        <li><strong>{stats.activityCount}</strong> scored activities</li>
      </ul>
      <Chart title="Score distribution" labelHeader="Points" valueHeader="Attendees" data={distribution}
        description={`How many of the ${stats.attendeeCount} attendees with points scored in each range of points.`} />
      <h3>Top attendees</h3>
      {scores.length === 0 ? <p>No attendee has points yet.</p> : (
        <ol className="top-attendees">
          {scores.map((s) => {
            const name = nameOf(people.get(s.attendee.id), s.attendee.id);
            return (
              <li key={s.attendee.id}>
                <span>#{s.rank} <strong>{name}</strong>: {s.points} points from {s.activityCount} {s.activityCount === 1 ? 'activity' : 'activities'}</span>{' '}
                <button type="button" className="small secondary" aria-expanded={open === s.attendee.id} onClick={() => setOpen(open === s.attendee.id ? undefined : s.attendee.id)}>
                  {open === s.attendee.id ? 'Hide' : 'Explain'}<span className="sr-only"> the score of {name}</span>
                </button>
                {open === s.attendee.id && <Explanation insight={insight} attendeeId={s.attendee.id} name={name} event={event} />}
              </li>
            );
          })}
        </ol>
      )}
      {stats.topActions.length > 0 && (
        <>
          <h3>What earned the points</h3>
          <div className="table-wrap">
            <table>
              <caption className="sr-only">Points by kind of activity</caption>
              <thead><tr><th scope="col">Activity</th><th scope="col">Activities</th><th scope="col">Points</th></tr></thead>
              <tbody>{stats.topActions.map((a) => <tr key={a.type}><th scope="row">{a.name ?? a.type}</th><td>{a.activityCount}</td><td>{a.points}</td></tr>)}</tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function ActivityOverTime({ event }: { event: EventT }) {
  const data = useLoad(async () => {
    const out: ActivityT[] = [];
    let token: string | undefined;
    let complete = false;
    for (let i = 0; i < ACTIVITY_PAGES; i += 1) {
      const params = new URLSearchParams({ filter: `event.id eq ${quote(event.id)}`, limit: '200', ...(token ? { token } : {}) });
      const page = await api<Page<ActivityT>>('GET', `/attendees/activities?${params.toString()}`);
      out.push(...page.data);
      token = page.paging.nextToken;
      if (!token) {
        complete = true;
        break;
      }
    }
    return { days: perDay(out, event.timezone), count: out.length, complete };
  }, [event.id]);
  if (data.error) return <Alert>{data.error}</Alert>;
  if (!data.data) return <Loading what="activity" />;
  return (
    <section aria-labelledby="activity-h" className="panel">
      <h2 id="activity-h">Activity over time</h2>
      {data.data.count === 0 ? <p>No activity recorded yet.</p> : (
        <Chart kind={data.data.days.length > 2 ? 'line' : 'bar'} title="Activities per day" labelHeader={`Day (${event.timezone})`} valueHeader="Activities" data={data.data.days}
          description={`Attendee activities recorded for ${event.title} each day, in the event's time zone (${event.timezone}): ${data.data.count}${data.data.complete ? '' : ' (the first ones only)'} in all.`} />
      )}
    </section>
  );
}

export function EngagementPage({ eventId }: { eventId: string }) {
  const data = useLoad(async () => {
    const [event, insights] = await Promise.all([
      api<EventT>('GET', `/events/${eventId}`),
      listAll<InsightT>('/attendee-insights', `event.id eq ${quote(eventId)}`),
    ]);
    return { event, insights };
  }, [eventId]);
  const [chosen, setChosen] = useState<string>();
  if (data.error) return <Alert>{data.error}</Alert>;
  if (!data.data) return <Loading what="engagement" />;
  const { event, insights } = data.data;
  const insight = insights.find((i) => i.id === chosen) ?? insights.find((i) => i.default) ?? insights[0];
  return (
    <div>
      <p><a href={`#/events/${eventId}`}>← {event.title}</a></p>
      <h1>Engagement</h1>
      {insights.length > 1 && (
        <div className="field">
          <label htmlFor="insight-pick">Engagement score</label>
          <select id="insight-pick" value={insight?.id ?? ''} onChange={(e) => setChosen(e.target.value)}>
            {insights.map((i) => <option key={i.id} value={i.id}>{i.name}{i.default ? ' (default)' : ''}</option>)}
          </select>
        </div>
      )}
      {insight ? <InsightView key={insight.id} event={event} insight={insight} /> : <p>This event has no engagement score yet.</p>}
      <ActivityOverTime event={event} />
    </div>
  );
}
