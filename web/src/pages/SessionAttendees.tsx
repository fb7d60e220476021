import { api, listAll, quote } from '../api.js';
import type { AttendanceT, AttendeeLinkT, AttendeeT, EnrollmentT, EventT, SessionT, WebcastT } from '../types.js';
import { Alert, Loading, Secret, fmtIn, isHttpUrl, useLoad } from '../ui.js';

const minutes = (ms: number | undefined): string => (ms === undefined ? '—' : `${Math.round(ms / 60000)} min`);

export function SessionAttendeesPage({ eventId, sessionId }: { eventId: string; sessionId: string }) {
  const data = useLoad(async () => {
    const [session, event, attendees, enrollments, attendance, webcasts] = await Promise.all([
      api<SessionT>('GET', `/sessions/${sessionId}`),
      api<EventT>('GET', `/events/${eventId}`),
      listAll<AttendeeT>('/attendees', `event.id eq ${quote(eventId)}`),
      listAll<EnrollmentT>('/sessions/enrollment', `session.id eq ${quote(sessionId)}`),
      listAll<AttendanceT>('/sessions/attendance', `session.id eq ${quote(sessionId)}`),
      listAll<WebcastT>('/webcasts', `session.id eq ${quote(sessionId)}`),
    ]);
    const webcast = webcasts[0];
    const links = webcast ? await listAll<AttendeeLinkT>('/webcasts/attendee-links', `webcast.id eq ${quote(webcast.id)}`) : [];
    const enrolled = new Map(enrollments.filter((e) => !e.deleted && e.status !== 'Cancelled').map((e) => [e.attendee.id, e.status]));
    // An Included session holds every attendee of the event; an Optional one its enrollees.
    const people = session.includedSession ? attendees : attendees.filter((a) => enrolled.has(a.id));
    return {
      session, zone: event.timezone, people, enrolled,
      attendance: new Map(attendance.filter((a) => !a.deleted).map((a) => [a.attendee.id, a])),
      links: new Map(links.map((l) => [l.attendee.id, l])),
    };
  }, [eventId, sessionId]);

  if (data.error) return <Alert>{data.error}</Alert>;
  if (!data.data) return <Loading what="attendees" />;
  const { session, zone, people, enrolled, attendance, links } = data.data;
  return (
    <article aria-labelledby="att-h">
      <p><a href={`#/events/${eventId}`}>← Back to the event</a></p>
      <h1 id="att-h">Attendees: {session.title}</h1>
      <p className="muted">{fmtIn(session.start, zone)} · {session.includedSession ? 'Included session: every attendee of the event' : 'Optional session: enrolled attendees'}{session.virtual ? ' · virtual' : ''}</p>
      {people.length === 0 ? <p>No attendees in this session.</p> : (
        <div className="table-wrap">
          <table>
            <caption className="sr-only">Attendees of {session.title}</caption>
            <thead><tr><th scope="col">Attendee</th><th scope="col">Enrollment</th><th scope="col">Personal join link</th><th scope="col">Checked in</th><th scope="col">Duration</th></tr></thead>
            <tbody>
              {people.map((a) => {
                const at = attendance.get(a.id);
                const link = links.get(a.id);
                const name = [a.contact.firstName, a.contact.lastName].filter(Boolean).join(' ') || a.contact.email || a.id;
                return (
                  <tr key={a.id}>
                    <th scope="row">{name}{a.contact.email && name !== a.contact.email ? <span className="muted block">{a.contact.email}</span> : null}</th>
                    <td>{session.includedSession ? 'Included' : (enrolled.get(a.id) ?? '—')}</td>
                    <td>
                      {isHttpUrl(link?.join.href) ? <a href={link?.join.href} rel="noreferrer noopener" target="_blank">Join link<span className="sr-only"> of {name}</span></a> : (link?.join.href ? <span className="unsafe-url">{link.join.href}</span> : '—')}
                      {link?.join.code ? <span className="muted block">code <Secret value={link.join.code} label={`Join code of ${name}`} /></span> : null}
                    </td>
                    <td>{at?.checkIn ? `Yes, ${fmtIn(at.checkIn, zone)}` : 'No'}</td>
                    <td>{minutes(at?.duration)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
