import { defineErrors } from '../../errors.js';

export const PortalErrors = defineErrors({
  signInFailed: { status: 401, message: 'Email or password is incorrect' },
  notSignedIn: { status: 401, message: 'Sign in to the developer portal first' },
  csrfMismatch: { status: 403, message: 'The request is missing the portal\'s CSRF token (X-CSRF-Token header)' },
  jsonRequired: { status: 415, message: 'Send the sign-in as application/json' },
  administratorsOnly: { status: 403, message: 'Only account administrators and planners may manage workspaces and invitations' },
  notMember: { status: 404, message: 'Workspace not found' },
});
