import type { Transaction } from 'kysely';
import { auditStamp, type AuthContext } from '../../actor.js';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/index.js';
import { newId } from '../../db/ids.js';
import type { Executor } from '../../db/repository.js';
import type { Clock } from '../../db/time.js';
import type { Row } from '../../db/types.js';
import { ApiError, defineErrors } from '../../errors.js';
import { listPage, type ListQuery, type Paging } from '../../lists/index.js';
import type { FilesService, FileStore } from '../files/index.js';
import { SIGNATURES_LIST } from './signatures.filters.js';
import type { SignaturesRepository } from './signatures.repository.js';
import type { Signature, SignatureInput } from './signatures.schemas.js';

export const SignatureErrors = defineErrors({
  notFound: { status: 404, message: 'Not found' },
  invalid: { status: 400, message: 'The request is not valid' },
});

/** What the signatures module calls in other modules. */
export interface SignaturesUses {
  readonly attendees: { recipient(accountId: string, attendeeId: string): Promise<{ eventId: string; contactId: string } | undefined> };
  readonly sessions: { find(accountId: string, id: string, trx?: Transaction<Database>): Promise<{ id: string; event: { id: string } } | undefined> };
  readonly files: FileStore & Pick<FilesService, 'signedUrl' | 'requireWebImage'>;
}

/** What a signature's image is attached to in the files module. */
export const signatureSlot = (id: string): string => `signature:${id}`;

/** Attendees' check-in and check-out signatures (the Signatures tag). */
export class SignaturesService {
  constructor(
    private readonly repo: SignaturesRepository,
    private readonly uses: SignaturesUses,
    private readonly config: Pick<Config, 'publicUrl' | 'apiVersion'>,
    private readonly clock: Clock,
  ) {}

  private toApi(r: Row<'attendee_signatures'>): Signature {
    const url = (file: string) => this.uses.files.signedUrl(r.account_id, file).href;
    return {
      id: r.id, event: { id: r.event_id }, ...(r.session_id !== null ? { session: { id: r.session_id } } : {}), attendee: { id: r.attendee_id },
      type: r.type as Signature['type'], checkinSignatureUrl: url(r.checkin_file_id), ...(r.checkout_file_id !== null ? { checkoutSignatureUrl: url(r.checkout_file_id) } : {}),
      created: r.created, createdBy: r.created_by, lastModified: r.last_modified, lastModifiedBy: r.last_modified_by,
    };
  }

  list(accountId: string, query: ListQuery): Promise<{ paging: Paging; data: Signature[] }> {
    return listPage(SIGNATURES_LIST, query, (spec) => this.repo.list(accountId, spec), (r) => this.toApi(r), `${this.config.publicUrl}/${this.config.apiVersion}/signatures`);
  }

  private async image(auth: AuthContext, fileId: string, target: string, trx: Transaction<Database>) {
    const file = await this.uses.files.requireWebImage(auth.accountId, fileId.toLowerCase(), trx).catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 404) throw SignatureErrors.invalid('Unknown file: upload it with POST /files', { target });
      if (err instanceof ApiError && err.status === 400) throw SignatureErrors.invalid(err.message, { target });
      throw err;
    });
    if (file.attachedTo !== null) throw SignatureErrors.invalid('The file is already in use elsewhere: upload the image again', { target });
    return file;
  }

  /** Records the attendee's signature at its event (or at a session of that event), attaching the images to the attendee's contact. */
  async create(auth: AuthContext, input: SignatureInput): Promise<Signature> {
    const attendee = await this.uses.attendees.recipient(auth.accountId, input.attendee.id.toLowerCase());
    if (!attendee) throw SignatureErrors.notFound('Attendee not found', { target: 'attendee.id' });
    return this.repo.transaction(async (trx) => {
      let sessionId: string | null = null;
      if (input.session !== undefined) {
        const session = await this.uses.sessions.find(auth.accountId, input.session.id.toLowerCase(), trx);
        if (!session) throw SignatureErrors.notFound('Session not found', { target: 'session.id' });
        if (session.event.id !== attendee.eventId) throw SignatureErrors.invalid('The session is not in the attendee\'s event', { target: 'session.id' });
        sessionId = session.id;
      }
      const checkin = await this.image(auth, input.checkinSignature.file.id, 'checkinSignature.file.id', trx);
      const checkout = input.checkoutSignature === undefined ? undefined : await this.image(auth, input.checkoutSignature.file.id, 'checkoutSignature.file.id', trx);
      if (checkout?.id === checkin.id) throw SignatureErrors.invalid('The check-out signature is another image', { target: 'checkoutSignature.file.id' });
      const id = newId();
      for (const f of [checkin, checkout]) if (f) await this.uses.files.attach(auth, f.id, { attachedTo: signatureSlot(id), contactId: attendee.contactId }, trx);
      const row: Row<'attendee_signatures'> = {
        id, account_id: auth.accountId, event_id: attendee.eventId, session_id: sessionId, attendee_id: input.attendee.id.toLowerCase(), contact_id: attendee.contactId,
        type: sessionId === null ? 'EVENT' : 'SESSION', checkin_file_id: checkin.id, checkout_file_id: checkout?.id ?? null, ...auditStamp(auth, this.clock()).created,
      };
      await this.repo.insert(row, trx);
      return this.toApi(row);
    });
  }

  /** A contact merge: signatures follow their registration. */
  moveContact(accountId: string, fromId: string, toId: string, keptAttendees: readonly string[], trx: Executor): Promise<void> {
    return this.repo.moveContact(accountId, fromId, toId, keptAttendees, trx);
  }
}
