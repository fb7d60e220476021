import type { AttendeesService } from '../attendees/index.js';
import { redactMentions, storedForms, type Eraser } from '../privacy/index.js';
import type { VideosRepository } from './videos.repository.js';

/**
 * One eraser per place this module keeps personal data (DESIGN style 9). A
 * view names its viewer by ids, which stay (counts and scores stay right); the
 * device id and operating system identify the viewer and are cleared. Titles,
 * descriptions, file names and captions that quote the contact are redacted.
 */
export function videosErasers(repo: VideosRepository, attendees: Pick<AttendeesService, 'contactAttendeeIds'>): Eraser[] {
  return [
    {
      place: 'video views',
      columns: ['video_views.device_id', 'video_views.operating_system'],
      async erase(trx, s) {
        return repo.clearViewDevices(trx, s.accountId, s.contactIds, await attendees.contactAttendeeIds(s.accountId, s.contactIds, trx));
      },
    },
    {
      // Device ids and operating systems are a client's text: anyone's may name these contacts.
      place: 'video views mentioning the contacts',
      columns: [],
      mentions: ['video_views.device_id', 'video_views.operating_system'],
      erase: (trx, s, now) => redactMentions(trx, { table: 'video_views', columns: ['device_id', 'operating_system'] }, s.accountId, storedForms(s.identifying), now),
    },
    {
      place: 'video texts and captions',
      columns: [],
      mentions: ['videos.title', 'videos.description', 'videos.filename', 'video_text_tracks.content'],
      erase: (trx, s, now) => repo.redactFreeText(trx, s.accountId, s.values, now),
    },
  ];
}
