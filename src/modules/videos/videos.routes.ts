import { Type } from 'typebox';
import { charsetOf } from '../../http/body.js';
import { oauth, requireAuth } from '../../http/auth.js';
import { registerList } from '../../http/lists.js';
import { errorResponses } from '../../http/responses.js';
import { typedRoutes } from '../../http/routes.js';
import { VideoErrors } from './videos.errors.js';
import {
  AudioTrackCreateSchema, AudioTrackSchema, AudioTracksSchema, RenditionCreateSchema, RenditionSchema, RenditionsSchema, TextTrackCreateSchema,
  TextTrackParamsSchema, TextTrackSchema, TextTracksSchema, TextTrackUpdateSchema, VideoCreateSchema, VideoPageSchema, VideoParamsSchema, VideoSchema,
  VideosQuerySchema, ViewCreateSchema, ViewPageSchema, ViewSchema, ViewsQuerySchema,
} from './videos.schemas.js';
import { MAX_WEBVTT_BYTES, type VideosService } from './videos.service.js';

const tags = ['Video'];
// DESIGN rule 11: write operations the reference lacks are documented extensions.
const extension = { 'x-eventline-extension': true };
const NOTE = 'eventline extension (the reference only reads this).';

export function videosRoutes(videos: VideosService) {
  return typedRoutes((app) => {
    // The WebVTT file of a text track, as text/vtt (UTF-8), for these routes only.
    app.addContentTypeParser('text/vtt', { parseAs: 'string', bodyLimit: MAX_WEBVTT_BYTES }, (request, body, done) => {
      const charset = charsetOf(request.headers['content-type']);
      if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
        done(VideoErrors.notWebVtt(`WebVTT files are UTF-8, not ${charset}`, { target: 'content' }), undefined);
        return;
      }
      done(null, typeof body === 'string' ? body : body.toString('utf8'));
    });

    registerList(app, {
      path: '/videos', tags, operationId: 'listVideos', summary: 'List Videos', scope: 'event/videos:read',
      description: 'The videos of the account: recordings the webcast sync wrote back (one video per webcast) and videos made from uploaded files. '
        + 'Filterable (eq, ne): id, events, sessions, exhibitors, speakers, source.id, status, tags, recording.id. eventline links a video to one event, '
        + 'at most one session and at most one tag, and to no exhibitors or speakers. `after` / `before` bound when a video was last modified; '
        + '`deleted=true` lists deleted videos (eventline deletes none).',
      query: VideosQuerySchema, page: VideoPageSchema, list: (auth, query) => videos.list(auth.accountId, query),
    });

    registerList(app, {
      path: '/videos/views', tags, operationId: 'getVideoViews', summary: 'List Video Views', scope: 'event/video-views:read',
      description: 'Who watched which video, how long and on which device, oldest report first. Filterable (eq, at most three fields joined with `and`): '
        + 'contact.id, solution, device.type, device.operatingSystem, video.id, type. `after` / `before` bound when a view was reported.',
      query: ViewsQuerySchema, page: ViewPageSchema, list: (auth, query) => videos.listViews(auth.accountId, query),
    });

    app.post('/videos', {
      schema: {
        tags, operationId: 'createVideo', summary: 'Create Video from a File (eventline extension)', security: oauth('event/videos:write'),
        description: `${NOTE} Makes a video of a file uploaded with POST /files (\`purpose=video\`: MP4, QuickTime or WebM, checked on its bytes), `
          + 'for one event (and optionally one of its sessions). The file is attached to the video, so it no longer expires. eventline does no transcoding: '
          + 'the video plays as uploaded; add renditions and audio tracks the provider made with the operations below.',
        ...extension, body: VideoCreateSchema, response: { 201: VideoSchema, ...errorResponses(400, 401, 403, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await videos.createFromFile(requireAuth(request), request.body)));

    app.get('/videos/:videoId/renditions', {
      schema: {
        tags, operationId: 'listVideoRenditions', summary: 'List Video Renditions', security: oauth('event/videos:read'),
        description: 'The renditions of a video (at most 11): metadata the operator or the provider supplied. eventline does no transcoding.',
        params: VideoParamsSchema, response: { 200: RenditionsSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => videos.renditions(requireAuth(request).accountId, request.params.videoId));

    app.post('/videos/:videoId/renditions', {
      schema: {
        tags, operationId: 'createVideoRendition', summary: 'Add Video Rendition (eventline extension)', security: oauth('event/videos:write'),
        description: `${NOTE} Records a rendition the provider or an operator made elsewhere (HLS, MP4, a poster...): its type, location and size. `
          + 'eventline does no transcoding and does not fetch the location. A video has at most 11 renditions (400).',
        ...extension, params: VideoParamsSchema, body: RenditionCreateSchema, response: { 201: RenditionSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await videos.addRendition(requireAuth(request), request.params.videoId, request.body)));

    app.get('/videos/:videoId/audio-tracks', {
      schema: {
        tags, operationId: 'listAudioTracks', summary: 'List Audio Tracks', security: oauth('event/videos:read'),
        description: 'The audio tracks of a video: metadata the operator or the provider supplied.',
        params: VideoParamsSchema, response: { 200: AudioTracksSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => videos.audioTracks(requireAuth(request).accountId, request.params.videoId));

    app.post('/videos/:videoId/audio-tracks', {
      schema: {
        tags, operationId: 'createAudioTrack', summary: 'Add Audio Track (eventline extension)', security: oauth('event/videos:write'),
        description: `${NOTE} Records an audio track (a dub, a description track...) made elsewhere. \`default: true\` makes it the video's only default.`,
        ...extension, params: VideoParamsSchema, body: AudioTrackCreateSchema, response: { 201: AudioTrackSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await videos.addAudioTrack(requireAuth(request), request.params.videoId, request.body)));

    app.post('/videos/:videoId/text-tracks', {
      schema: {
        tags, operationId: 'createTextTrack', summary: 'Create Text Track', security: oauth('event/videos:write'),
        description: 'Creates a text track (subtitles, captions...). It is `Started` until its WebVTT file is sent with '
          + 'PUT /videos/{videoId}/text-tracks/{textTrackId}/content (an eventline extension), then `Available`. `default: true` makes it the default of its kind.',
        params: VideoParamsSchema, body: TextTrackCreateSchema, response: { 201: TextTrackSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await videos.createTextTrack(requireAuth(request), request.params.videoId, request.body)));

    app.get('/videos/:videoId/text-tracks', {
      schema: {
        tags, operationId: 'listVideoTextTracks', summary: 'List Text Tracks', security: oauth('event/videos:read'),
        description: 'The text tracks of a video; `url` points at the WebVTT file of those that have one.',
        params: VideoParamsSchema, response: { 200: TextTracksSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => videos.textTracks(requireAuth(request).accountId, request.params.videoId));

    app.put('/videos/:videoId/text-tracks/:textTrackId', {
      schema: {
        tags, operationId: 'updateTextTrack', summary: 'Update Text Track', security: oauth('event/videos:write'),
        description: 'Replaces the writable fields (label, language, kind, published, default, autoGenerated). Read-only fields sent back are ignored; '
          + 'an `id` or `video.id` other than the path\'s is a 400. The WebVTT file and the status stay.',
        params: TextTrackParamsSchema, body: TextTrackUpdateSchema, response: { 200: TextTrackSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request) => videos.updateTextTrack(requireAuth(request), request.params.videoId, request.params.textTrackId, request.body));

    app.put('/videos/:videoId/text-tracks/:textTrackId/content', {
      schema: {
        tags, operationId: 'putTextTrackContent', summary: 'Upload Text Track WebVTT (eventline extension)', security: oauth('event/videos:write'),
        description: `${NOTE} The track's WebVTT file, as \`text/vtt\` (UTF-8, at most 2 MiB). It is parsed and validated with W3C's WebVTT parser; `
          + 'an invalid file is a 400 whose message names the line (and `details[0].target` is `line N`), and nothing changes. A valid one replaces the '
          + 'previous file and makes the track `Available`.',
        ...extension, consumes: ['text/vtt'], params: TextTrackParamsSchema, body: Type.String({ description: 'The WebVTT file.' }),
        response: { 200: TextTrackSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 429) },
      },
    }, async (request) => videos.putContent(requireAuth(request), request.params.videoId, request.params.textTrackId, request.body));

    app.get('/videos/:videoId/text-tracks/:textTrackId/content', {
      schema: {
        tags, operationId: 'getTextTrackContent', summary: 'Get Text Track WebVTT (eventline extension)', security: oauth('event/videos:read'),
        description: `${NOTE} The track's WebVTT file (text/vtt); 404 until one was uploaded.`,
        ...extension, params: TextTrackParamsSchema, produces: ['text/vtt'],
        response: { 200: Type.String({ description: 'The WebVTT file.' }), ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => {
      const text = await videos.content(requireAuth(request).accountId, request.params.videoId, request.params.textTrackId);
      return reply.type('text/vtt; charset=utf-8').send(text);
    });

    app.post('/videos/:videoId/views', {
      schema: {
        tags, operationId: 'createVideoView', summary: 'Record a Video View (eventline extension)', security: oauth('event/video-views:write'),
        description: `${NOTE} Called by a player or the provider sync when an attendee watched the video: who (an attendee of the video's event), `
          + 'how long (milliseconds), on which device. The view is also an `event.videoPlayed` activity of the attendee (data.title: the video\'s title), '
          + 'recorded in the same transaction, so engagement scores with an `event.videoPlayed` action count it.',
        ...extension, params: VideoParamsSchema, body: ViewCreateSchema, response: { 201: ViewSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    }, async (request, reply) => reply.code(201).send(await videos.recordView(requireAuth(request), request.params.videoId, request.body)));
  });
}
