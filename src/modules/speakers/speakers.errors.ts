import { defineErrors } from '../../errors.js';

/** The errors of speakers, their categories, documents and session links. */
export const SpeakerErrors = defineErrors({
  speakerNotFound: { status: 404, message: 'Speaker not found' },
  sessionNotFound: { status: 404, message: 'Session not found' },
  documentNotFound: { status: 404, message: 'The file is not a document of this speaker' },
  imageNotFound: { status: 404, message: 'The speaker has no profile picture' },
  linkNotFound: { status: 404, message: 'The speaker is not assigned to this session' },
  invalid: { status: 400, message: 'The request is not valid' },
  programItemNotFound: { status: 404, message: 'Program item not found' },
  programItemLinkNotFound: { status: 404, message: 'The speaker is not assigned to this program item' },
  conflict: { status: 409, message: 'Conflict' },
});
