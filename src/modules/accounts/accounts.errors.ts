import { defineErrors } from '../../errors.js';

export const AccountErrors = defineErrors({
  accountNotFound: { status: 404, message: 'Account not found' },
  userNotFound: { status: 404, message: 'User not found' },
  workspaceNotFound: { status: 404, message: 'Workspace not found' },
  applicationNotFound: { status: 404, message: 'Application not found' },
  emailTaken: { status: 409, message: 'A user with this email already exists' },
  unknownScope: { status: 400, message: 'Unknown scope' },
  scopeNotGranted: { status: 400, message: 'The workspace has not been granted this scope' },
  invalidTier: { status: 400, message: 'Tier must be Free, Professional or Enterprise' },
  invalidFeature: { status: 400, message: 'Unknown feature' },
  invalidName: { status: 400, message: 'Name must be 1-200 characters' },
  invalidEmail: { status: 400, message: 'Email address is not valid' },
  invalidRole: { status: 400, message: 'Role must be administrator, planner or developer' },
  notWorkspaceMember: { status: 403, message: 'Only members of the workspace may create applications in it' },
  tooManySignIns: { status: 429, message: 'Too many failed sign-ins; try again later' },
  invalidRedirectUri: { status: 400, message: 'Redirect URIs must be absolute http(s) URLs without a fragment' },
  noScopes: { status: 400, message: 'Choose at least one scope for the application' },
  invalidPassword: { status: 400, message: 'A password must be 12 to 1024 characters long' },
  applicationRevoked: { status: 409, message: 'The application is revoked; its secret cannot be rotated' },
});
