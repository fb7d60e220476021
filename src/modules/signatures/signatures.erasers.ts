import type { Eraser } from '../privacy/index.js';
import type { SignaturesRepository } from './signatures.repository.js';

/** A signature is the contact's: its row goes (the files eraser deletes the images, attached to the contact). */
export function signaturesErasers(repo: SignaturesRepository): Eraser[] {
  return [{ place: 'attendee signatures', columns: [], erase: (trx, s) => repo.deleteOfContacts(s.accountId, s.contactIds, trx) }];
}
