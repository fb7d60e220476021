import { Type } from 'typebox';
import { operations } from '../../http/operations.js';
import { PROGRAM_ITEM_SPEAKERS_LIST, SESSION_LINK_FILTER_FIELDS, SPEAKER_CATEGORIES_LIST, SPEAKER_DOC_FILTER_FIELDS, SPEAKERS_LIST } from './speakers.filters.js';
import {
  FilteredQuerySchema, PagingQuerySchema, ProfileImageInputSchema, SessionParamsSchema, SessionSpeakerAssignmentSchema, SessionSpeakerPageSchema,
  SessionSpeakerParamsSchema, SpeakerCategoryInputSchema, SpeakerCategoryPageSchema, SpeakerCategorySchema, SpeakerFilePageSchema, SpeakerFileParamsSchema,
  SpeakerFileSchema, SpeakerInputSchema, SpeakerPageSchema, SpeakerParamsSchema, SpeakerSchema, SpeakerSessionPageSchema, SpeakersQuerySchema,
  ProgramItemSpeakerParamsSchema, SpeakerProgramItemPageSchema, SpeakerProgramItemSchema,
} from './speakers.schemas.js';
import type { SpeakersService } from './speakers.service.js';

const NoContent = (description: string) => Type.Null({ description });
const FILTERS = `Filterable (the reference's list): ${Object.entries(SPEAKERS_LIST.filters).map(([name, f]) => `${name} (${f.ops.join('|')})`).join(', ')}. `
  + `Sort: a comma-separated list of ${Object.keys(SPEAKERS_LIST.sortable ?? {}).join(', ')}, each :ASC or :DESC. \`locale\` is accepted and ignored.`;

export function speakersRoutes(speakers: SpeakersService) {
  return operations((op) => {
    op.list('listSpeakers', {
      description: `The account's speakers, of all its events (\`event.id eq '...'\` narrows to one). ${FILTERS}`,
      query: SpeakersQuerySchema, page: SpeakerPageSchema, filters: SPEAKERS_LIST.filters, list: (auth, query) => speakers.list(auth.accountId, query),
    });

    op('createSpeaker', {
      description: 'Creates a speaker of an event of the account (an unknown event or category is 400). The contact of the same email, if any, is linked as `contact`: '
        + 'obfuscating that contact erases the speaker\'s personal fields, documents and profile picture.',
      body: SpeakerInputSchema, response: { 201: SpeakerSchema },
    }, async ({ auth, body }) => speakers.create(auth, body));

    op('updateSpeaker', {
      description: 'Replaces the writable fields; omitted ones become blank, read-only ones are ignored, `event.id` cannot change (400). '
        + 'The profile picture, documents and sessions stay.',
      params: SpeakerParamsSchema, body: SpeakerInputSchema, response: { 200: SpeakerSchema },
    }, async ({ auth, params, body }) => speakers.update(auth, params.id, body));

    op('deleteSpeaker', {
      description: 'Deletes the speaker with its documents and session assignments; its files expire as unattached files.',
      params: SpeakerParamsSchema, response: { 204: NoContent('Deleted.') },
    }, async ({ auth, params }) => speakers.delete(auth, params.id).then(() => null));

    op.list('listSpeakersCategories', {
      description: 'The account\'s speaker categories, in creation order. Filterable: active (eq|ne).',
      query: FilteredQuerySchema, page: SpeakerCategoryPageSchema, filterOperationId: null,
      filters: SPEAKER_CATEGORIES_LIST.filters, list: (auth, query) => speakers.listCategories(auth.accountId, query),
    });

    op('addSpeakerCategory', {
      description: 'Creates an active speaker category of the account.', body: SpeakerCategoryInputSchema, response: { 201: SpeakerCategorySchema },
    }, async ({ auth, body }) => speakers.createCategory(auth, body));

    op.list('listSpeakerDocs', {
      description: 'The speaker\'s documents, in the order they were added. Filterable: file.id (eq|ne).', params: SpeakerParamsSchema,
      query: FilteredQuerySchema, page: SpeakerFilePageSchema, filterOperationId: null,
      filters: SPEAKER_DOC_FILTER_FIELDS, list: (auth, query, params) => speakers.listDocuments(auth.accountId, params.id, query),
    });

    op('getSpeakerDoc', {
      description: 'One document of the speaker, with a signed, expiring URL of its bytes (404 when the file is not the speaker\'s document).',
      params: SpeakerFileParamsSchema, response: { 200: SpeakerFileSchema },
    }, async ({ auth, params }) => speakers.getDocument(auth.accountId, params.id, params.fileId));

    op('addSpeakerDoc', {
      description: 'Adds an uploaded file (POST /files) to the speaker\'s documents; again changes nothing. A file in use elsewhere is 400.',
      params: SpeakerFileParamsSchema, response: { 200: SpeakerFileSchema },
    }, async ({ auth, params }) => speakers.addDocument(auth, params.id, params.fileId));

    op('deleteSpeakerDocument', {
      description: 'Removes the document from the speaker (404 when it is not one); the file expires as an unattached file.',
      params: SpeakerFileParamsSchema, response: { 204: NoContent('Deleted.') },
    }, async ({ auth, params }) => speakers.removeDocument(auth, params.id, params.fileId).then(() => null));

    op('assignSpeakerProfileImage', {
      description: 'Makes an uploaded JPEG, PNG or GIF (POST /files) the speaker\'s profile picture, replacing the current one. Only `file.id` is read; '
        + 'another type of file, or one in use elsewhere, is 400 and changes nothing.',
      params: SpeakerParamsSchema, body: ProfileImageInputSchema, response: { 200: SpeakerFileSchema },
    }, async ({ auth, params, body }) => speakers.setProfileImage(auth, params.id, body));

    op('deleteSpeakerProfileImage', {
      description: 'Removes the speaker\'s profile picture (404 when there is none); the file expires as an unattached file.',
      params: SpeakerParamsSchema, response: { 204: NoContent('Deleted.') },
    }, async ({ auth, params }) => speakers.removeProfileImage(auth, params.id).then(() => null));

    op.list('listSpeakerSessions', {
      description: 'The sessions the speaker is assigned to (`id` is the session), with the speaker\'s category there, in assignment order.',
      params: SpeakerParamsSchema, query: PagingQuerySchema, page: SpeakerSessionPageSchema, filterOperationId: null,
      filters: SESSION_LINK_FILTER_FIELDS, list: (auth, query, params) => speakers.sessionsOfSpeaker(auth.accountId, params.id, query),
    });

    op.list('listSessionSpeakers', {
      description: 'The speakers assigned to the session (`id` is the speaker), with their category and order there, in assignment order.',
      params: SessionParamsSchema, query: PagingQuerySchema, page: SessionSpeakerPageSchema, filterOperationId: null,
      filters: SESSION_LINK_FILTER_FIELDS, list: (auth, query, params) => speakers.speakersOfSession(auth.accountId, params.id, query),
    });

    op('addSpeakerToSession', {
      description: 'Assigns a speaker of the session\'s event to the session (another event\'s speaker is 400), with an optional speaker category and order; '
        + 'again replaces them.',
      params: SessionSpeakerParamsSchema, body: Type.Optional(SessionSpeakerAssignmentSchema), response: { 204: NoContent('Assigned.') },
      route: { preValidation: async (request) => { request.body ??= {}; } },
    }, async ({ auth, params, body }) => speakers.addToSession(auth, params.id, params.speakerId, body).then(() => null));

    op('removeSpeakerFromSession', {
      description: 'Takes the speaker off the session (404 when it is not assigned to it).',
      params: SessionSpeakerParamsSchema, response: { 204: NoContent('Removed.') },
    }, async ({ auth, params }) => speakers.removeFromSession(auth, params.id, params.speakerId).then(() => null));

    op.list('getSessionProgramSpeakers', {
      description: 'Which speakers speak at which program items, in assignment order. Filterable: programItem.id (eq|in), session.id (eq|in).',
      query: FilteredQuerySchema, page: SpeakerProgramItemPageSchema, filterOperationId: 'listSessionProgramSpeakersPostFilters', filters: PROGRAM_ITEM_SPEAKERS_LIST.filters,
      list: (auth, query) => speakers.listProgramItemSpeakers(auth.accountId, query),
    });

    op('getSessionProgramSpeaker', {
      description: 'The speaker\'s assignment to the program item (404 when the speaker is not assigned to it).',
      params: ProgramItemSpeakerParamsSchema, response: { 200: SpeakerProgramItemSchema },
    }, async ({ auth, params }) => speakers.getProgramItemSpeaker(auth.accountId, params.programItemId, params.id));

    op('createSessionProgramSpeaker', {
      description: 'Assigns a speaker of the program item\'s event to the program item; again answers the same assignment. Another event\'s speaker is 409.',
      params: ProgramItemSpeakerParamsSchema, response: { 200: SpeakerProgramItemSchema },
    }, async ({ auth, params }) => speakers.addToProgramItem(auth, params.programItemId, params.id));

    op('deleteSessionProgramSpeaker', {
      description: 'Takes the speaker off the program item (404 when it is not assigned to it).',
      params: ProgramItemSpeakerParamsSchema, response: { 204: NoContent('Removed.') },
    }, async ({ auth, params }) => speakers.removeFromProgramItem(auth, params.programItemId, params.id).then(() => null));
  });
}
