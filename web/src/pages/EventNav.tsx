import type { EventT } from '../types.js';

export type EventSection = 'overview' | 'agenda' | 'speakers' | 'admin';

/** The pages of one event: its sessions and attendees, its agenda, its speakers, its administration. */
export function EventNav({ event, current }: { event: Pick<EventT, 'id' | 'title'>; current: EventSection }) {
  const link = (section: EventSection, href: string, label: string) => (
    <li><a href={href} aria-current={current === section ? 'page' : undefined}>{label}</a></li>
  );
  return (
    <nav aria-label={`Pages of ${event.title}`} className="event-nav no-print">
      <ul>
        <li><a href="#/events">← All events</a></li>
        {link('overview', `#/events/${event.id}`, 'Sessions and attendees')}
        {link('agenda', `#/events/${event.id}/agenda`, 'Agenda')}
        {link('speakers', `#/events/${event.id}/speakers`, 'Speakers')}
        {link('admin', `#/events/${event.id}/admin`, 'Administration')}
      </ul>
    </nav>
  );
}
