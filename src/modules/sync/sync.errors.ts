import { defineErrors } from '../../errors.js';

export const SyncErrors = defineErrors({
  unknownConnection: { status: 400, message: 'The account has no such platform connection (GET /platform-connections lists them)' },
  heldElsewhere: { status: 409, message: 'The session is held on another connection' },
});
