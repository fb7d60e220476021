import { defineErrors } from '../../errors.js';

export const VideoErrors = defineErrors({
  videoNotFound: { status: 404, message: 'Video not found' },
  textTrackNotFound: { status: 404, message: 'Text track not found' },
  invalidVideo: { status: 400, message: 'The video is not valid' },
  invalidTextTrack: { status: 400, message: 'The text track is not valid' },
  invalidWebVtt: { status: 400, message: 'The WebVTT file is not valid' },
  notWebVtt: { status: 415, message: 'Send the WebVTT file as text/vtt (UTF-8)' },
  noContent: { status: 404, message: 'The text track has no WebVTT file yet: PUT it to .../content' },
  invalidView: { status: 400, message: 'The video view is not valid' },
  badFilter: { status: 400, message: 'Invalid filter' },
});
