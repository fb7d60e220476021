import { defineErrors } from '../../errors.js';

export const ActivityErrors = defineErrors({
  invalidActivity: { status: 400, message: 'The activity is not valid' },
  metadataNotRegistered: { status: 400, message: 'The external activity names no registered metadata' },
  invalidMetadata: { status: 400, message: 'The external activity metadata is not valid' },
  metadataNotFound: { status: 404, message: 'External activity metadata not found' },
  metadataExists: { status: 409, message: 'External activity metadata with this type and name already exists' },
});
