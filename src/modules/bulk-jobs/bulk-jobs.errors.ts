import { defineErrors } from '../../errors.js';

export const BulkJobErrors = defineErrors({
  jobNotFound: { status: 404, message: 'Bulk job not found' },
  unsupported: { status: 400, message: 'Unsupported bulk operation: the supported job type is POST /contacts/{id}/obfuscate (contact obfuscation)' },
  invalidRecord: { status: 400, message: 'Each record needs pathParams.id, a contact id (uuid)' },
  notPending: { status: 409, message: 'The bulk job is no longer PENDING: data can only be added before it runs' },
  noData: { status: 409, message: 'The bulk job has no data to run' },
  alreadyFinished: { status: 409, message: 'The bulk job has already finished' },
  tooManyRunning: { status: 409, message: 'Too many bulk jobs are running for this account; wait for one to finish' },
  featureDisabled: { status: 409, message: 'Contact obfuscation is not enabled for this account' },
  missingScope: { status: 403, message: 'Contact obfuscation jobs need event/contacts:read and event/contacts:write as well' },
  tooManyRecords: { status: 400, message: 'A bulk job holds at most 100000 records' },
});
