import type { ActivitiesService } from '../activities/index.js';
import type { AttendeesService } from '../attendees/index.js';
import type { EventsService } from '../events/index.js';
import type { FilesService } from '../files/index.js';
import type { SessionsService } from '../sessions/index.js';
import type { WebcastsService } from '../webcasts/index.js';
import { defineModule, type ModuleDeps } from '../module.js';
import { videosErasers } from './videos.erasers.js';
import { VideosRepository } from './videos.repository.js';
import { videosRoutes } from './videos.routes.js';
import { VideosService } from './videos.service.js';

export { VideosService };
export type { RecordingWritten } from './videos.service.js';
export type { Video, View } from './videos.schemas.js';

/**
 * The video library (the reference's Video tag): webcast recordings become
 * videos (a listener on the webcasts module), uploaded files become videos,
 * renditions and audio tracks are metadata (no transcoding), text tracks carry
 * validated WebVTT, and views are reported as activities.
 */
export function createVideosModule(deps: ModuleDeps, uses: {
  events: EventsService; sessions: SessionsService; attendees: AttendeesService; activities: ActivitiesService; files: FilesService; webcasts: WebcastsService;
}) {
  const repo = new VideosRepository(deps.db.db);
  const videos = new VideosService(repo, uses, deps.config, deps.clock);
  // A recording written onto a webcast (the sync writes them back) becomes a video, in the webcast's transaction.
  uses.webcasts.onRecording((recording, trx) => videos.fromRecording(recording, trx));
  return defineModule({
    name: 'videos',
    services: { videos },
    routes: videosRoutes(videos),
    erasers: videosErasers(repo, uses.attendees),
  });
}
