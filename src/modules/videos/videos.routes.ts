import { Type, type Static, type TSchema } from 'typebox';
import type { AuthContext } from '../../actor.js';
import { charsetOf } from '../../http/body.js';
import { operations } from '../../http/operations.js';
import { VideoErrors } from './videos.errors.js';
import {
  AudioTrackCreateSchema, AudioTrackSchema, AudioTracksSchema, RenditionCreateSchema, RenditionSchema, RenditionsSchema, TextTrackCreateSchema,
  TextTrackParamsSchema, TextTrackSchema, TextTracksSchema, TextTrackUpdateSchema, VideoCreateSchema, VideoPageSchema, VideoParamsSchema, VideoSchema,
  VideosQuerySchema, ViewCreateSchema, ViewPageSchema, ViewSchema, ViewsQuerySchema,
} from './videos.schemas.js';
import { MAX_WEBVTT_BYTES, type VideosService } from './videos.service.js';
import { VIDEOS_LIST, VIEW_FILTER_FIELDS } from './videos.filters.js';

// DESIGN rule 11: write operations the reference lacks are documented extensions (marked so in src/contract/extensions.json).
const NOTE = 'eventline extension (the reference only reads this).';

export function videosRoutes(videos: VideosService) {
  return operations((op) => {
    // The WebVTT file of a text track, as text/vtt (UTF-8), for these routes only.
    op.app.addContentTypeParser('text/vtt', { parseAs: 'string', bodyLimit: MAX_WEBVTT_BYTES }, (request, body, done) => {
      const charset = charsetOf(request.headers['content-type']);
      if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
        done(VideoErrors.notWebVtt(`WebVTT files are UTF-8, not ${charset}`, { target: 'content' }), undefined);
        return;
      }
      done(null, typeof body === 'string' ? body : body.toString('utf8'));
    });

    op.list('listVideos', {
      description: 'The videos of the account: recordings the webcast sync wrote back (one video per webcast) and videos made from uploaded files. '
        + 'Filterable (eq, ne): id, events, sessions, exhibitors, speakers, source.id, status, tags, recording.id. eventline links a video to one event, '
        + 'at most one session and at most one tag, and to no exhibitors or speakers. `after` / `before` bound when a video was last modified; '
        + '`deleted=true` lists deleted videos (eventline deletes none).',
      query: VideosQuerySchema, page: VideoPageSchema, filters: VIDEOS_LIST.filters, list: (auth, query) => videos.list(auth.accountId, query),
    });

    op.list('getVideoViews', {
      description: 'Who watched which video, how long and on which device, oldest report first. Filterable (eq, at most three fields joined with `and`): '
        + 'contact.id, solution, device.type, device.operatingSystem, video.id, type. `after` / `before` bound when a view was reported.',
      query: ViewsQuerySchema, page: ViewPageSchema, filters: VIEW_FILTER_FIELDS, list: (auth, query) => videos.listViews(auth.accountId, query),
    });

    op('createVideo', {
      description: `${NOTE} Makes a video of a file uploaded with POST /files (\`purpose=video\`: MP4, QuickTime or WebM, checked on its bytes), `
        + 'for one event (and optionally one of its sessions). The file is attached to the video, so it no longer expires. eventline does no transcoding: '
        + 'the video plays as uploaded; add renditions and audio tracks the provider made with the operations below.',
      body: VideoCreateSchema, response: { 201: VideoSchema },
    }, async (request) => videos.createFromFile(request.auth, request.body));

    // The parts of a video (renditions, audio tracks, text tracks, views): each read or added by the video's id.
    const readOfVideo = <R extends TSchema>(operationId: string, description: string, schema: R, read: (accountId: string, videoId: string) => Promise<Static<R>>) =>
      op(operationId, { description, params: VideoParamsSchema, response: { 200: schema } }, async (request) => read(request.auth.accountId, request.params.videoId));
    // Fastify has checked the body against `body`; only its static type is lost, since B is generic here.
    const addToVideo = <B extends TSchema, R extends TSchema>(operationId: string, description: string, body: B, schema: R,
      add: (auth: AuthContext, videoId: string, input: Static<B>) => Promise<Static<R>>) =>
      op(operationId, { description, params: VideoParamsSchema, body, response: { 201: schema } },
        async (request) => add(request.auth, request.params.videoId, request.body as Static<B>));

    readOfVideo('listVideoRenditions', 'The renditions of a video (at most 11): metadata the operator or the provider supplied. eventline does no transcoding.',
      RenditionsSchema, (accountId, videoId) => videos.renditions(accountId, videoId));
    addToVideo('createVideoRendition', `${NOTE} Records a rendition the provider or an operator made elsewhere (HLS, MP4, a poster...): its type, location and size. `
      + 'eventline does no transcoding and does not fetch the location. A video has at most 11 renditions (400).',
      RenditionCreateSchema, RenditionSchema, (auth, videoId, input) => videos.addRendition(auth, videoId, input));

    readOfVideo('listAudioTracks', 'The audio tracks of a video: metadata the operator or the provider supplied.',
      AudioTracksSchema, (accountId, videoId) => videos.audioTracks(accountId, videoId));
    addToVideo('createAudioTrack', `${NOTE} Records an audio track (a dub, a description track...) made elsewhere. \`default: true\` makes it the video's only default.`,
      AudioTrackCreateSchema, AudioTrackSchema, (auth, videoId, input) => videos.addAudioTrack(auth, videoId, input));

    addToVideo('createTextTrack', 'Creates a text track (subtitles, captions...). It is `Started` until its WebVTT file is sent with '
      + 'PUT /videos/{videoId}/text-tracks/{textTrackId}/content (an eventline extension), then `Available`. `default: true` makes it the default of its kind.',
      TextTrackCreateSchema, TextTrackSchema, (auth, videoId, input) => videos.createTextTrack(auth, videoId, input));
    readOfVideo('listVideoTextTracks', 'The text tracks of a video; `url` points at the WebVTT file of those that have one.',
      TextTracksSchema, (accountId, videoId) => videos.textTracks(accountId, videoId));

    op('updateTextTrack', {
      description: 'Replaces the writable fields (label, language, kind, published, default, autoGenerated). Read-only fields sent back are ignored; '
        + 'an `id` or `video.id` other than the path\'s is a 400. The WebVTT file and the status stay.',
      params: TextTrackParamsSchema, body: TextTrackUpdateSchema, response: { 200: TextTrackSchema },
    }, async (request) => videos.updateTextTrack(request.auth, request.params.videoId, request.params.textTrackId, request.body));

    op('putTextTrackContent', {
      description: `${NOTE} The track's WebVTT file, as \`text/vtt\` (UTF-8, at most 2 MiB). It is parsed and validated with W3C's WebVTT parser; `
        + 'an invalid file is a 400 whose message names the line (and `details[0].target` is `line N`), and nothing changes. A valid one replaces the '
        + 'previous file and makes the track `Available`.',
      schema: { consumes: ['text/vtt'] }, params: TextTrackParamsSchema, body: Type.String({ description: 'The WebVTT file.' }), response: { 200: TextTrackSchema },
    }, async (request) => videos.putContent(request.auth, request.params.videoId, request.params.textTrackId, request.body));

    op('getTextTrackContent', {
      description: `${NOTE} The track's WebVTT file (text/vtt); 404 until one was uploaded.`,
      schema: { produces: ['text/vtt'] }, params: TextTrackParamsSchema, response: { 200: Type.String({ description: 'The WebVTT file.' }) },
    }, async (request, reply) => {
      const text = await videos.content(request.auth.accountId, request.params.videoId, request.params.textTrackId);
      return reply.type('text/vtt; charset=utf-8').send(text);
    });

    addToVideo('createVideoView', `${NOTE} Called by a player or the provider sync when an attendee watched the video: who (an attendee of the video's event), `
      + 'how long (milliseconds), on which device. The view is also an `event.videoPlayed` activity of the attendee (data.title: the video\'s title), '
      + 'recorded in the same transaction, so engagement scores with an `event.videoPlayed` action count it.',
      ViewCreateSchema, ViewSchema, (auth, videoId, input) => videos.recordView(auth, videoId, input));
  });
}
