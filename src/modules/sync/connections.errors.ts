import { defineErrors } from '../../errors.js';

export const ConnectionErrors = defineErrors({
  connectionNotFound: { status: 404, message: 'Connection not found' },
  invalidConnection: { status: 400, message: 'Invalid connection' },
});
