import { operations } from '../../http/operations.js';
import { SIGNATURES_LIST } from './signatures.filters.js';
import { SignatureInputSchema, SignaturePageSchema, SignatureSchema, SignaturesQuerySchema } from './signatures.schemas.js';
import type { SignaturesService } from './signatures.service.js';

export function signaturesRoutes(signatures: SignaturesService) {
  return operations((op) => {
    op.list('getSignatures', {
      description: 'Attendees\' check-in (and check-out) signatures, each image as a signed, expiring URL; by default by lastModified. '
        + 'Sortable by event.id, attendee.id, type, created, lastModified. `after` / `before` bound lastModified.',
      query: SignaturesQuerySchema, page: SignaturePageSchema, filterOperationId: null, filters: SIGNATURES_LIST.filters,
      list: (auth, query) => signatures.list(auth.accountId, query),
    });
    op('createSignature', {
      description: 'Records an attendee\'s signature: uploaded images (POST /files) at check-in and optionally check-out, at its event, or at a session of '
        + 'its event (type SESSION). The images are the attendee\'s personal data: obfuscating its contact deletes them. '
        + 'An eventline extension (DESIGN rule 11): the reference only lists signatures.',
      body: SignatureInputSchema, response: { 201: SignatureSchema },
    }, async (request) => signatures.create(request.auth, request.body));
  });
}
