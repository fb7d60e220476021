import { listAll } from '../api.js';
import type { EventT } from '../types.js';
import { Alert, Loading, fmt, useLoad } from '../ui.js';

export function EventsPage() {
  const events = useLoad(() => listAll<EventT>('/events'), []);
  return (
    <section aria-labelledby="events-h">
      <h1 id="events-h">Events</h1>
      {events.loading && <Loading what="events" />}
      {events.error && <Alert>{events.error}</Alert>}
      {events.data && events.data.length === 0 && <p>No events yet.</p>}
      {events.data && events.data.length > 0 && (
        <ul className="cards">
          {events.data.map((e) => (
            <li key={e.id} className="card">
              <h2><a href={`#/events/${e.id}`}>{e.title}</a></h2>
              <p>{fmt(e.start)} – {fmt(e.end)}</p>
              <p><span className="badge">{e.format}</span> <span className="badge">{e.eventStatus}</span> <span className="muted">{e.code}</span></p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
