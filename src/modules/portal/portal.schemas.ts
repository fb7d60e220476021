import { Type, type Static } from 'typebox';

const DateTime = Type.String({ format: 'date-time' });

export const SignInBodySchema = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 320 }),
  // Sign-in only compares: the length rules (12-1024) apply where a password is set.
  password: Type.String({ minLength: 1, maxLength: 1024 }),
}, { title: 'PortalSignIn', additionalProperties: false });

export const PortalSessionSchema = Type.Object({
  user: Type.Object({
    id: Type.String(), email: Type.String(), name: Type.String(),
    role: Type.Enum(['administrator', 'planner', 'developer'], { type: 'string' }),
  }),
  account: Type.Object({ id: Type.String(), name: Type.String(), tier: Type.String() }),
  csrfToken: Type.String({ description: 'Send it back in the X-CSRF-Token header of every POST and DELETE.' }),
  canManageWorkspaces: Type.Boolean(),
  expiresAt: DateTime,
}, { title: 'PortalSession' });
export type PortalSession = Static<typeof PortalSessionSchema>;

// Far above the catalogue (111 scopes and growing with each endpoint family): a bound on the body, not a policy.
const MAX_SCOPES = 1000;

export const ScopeListSchema = Type.Array(
  Type.Object({ name: Type.String(), description: Type.String({ description: 'What the scope allows, in words a person choosing scopes reads.' }) }),
  { title: 'PortalScopes' },
);

export const WorkspaceSchema = Type.Object({
  id: Type.String(), name: Type.String(), scopes: Type.Array(Type.String()), created: DateTime,
}, { title: 'PortalWorkspace' });
export const WorkspaceInputSchema = Type.Object({
  name: Type.String({ maxLength: 1000 }),
  scopes: Type.Array(Type.String({ maxLength: 200 }), { maxItems: MAX_SCOPES }),
}, { title: 'PortalWorkspaceInput', additionalProperties: false });

export const InvitationSchema = Type.Object({
  id: Type.String(), workspaceId: Type.String(), email: Type.String(),
  status: Type.Enum(['pending', 'accepted'], { type: 'string' }), created: DateTime,
}, { title: 'PortalInvitation' });
export const InvitationInputSchema = Type.Object({ email: Type.String({ maxLength: 320 }) }, { title: 'PortalInvitationInput', additionalProperties: false });

export const ApplicationSchema = Type.Object({
  id: Type.String(), workspaceId: Type.String(), name: Type.String(), clientId: Type.String(),
  scopes: Type.Array(Type.String()), redirectUris: Type.Array(Type.String()), created: DateTime,
  revokedAt: Type.Union([DateTime, Type.Null()]),
}, { title: 'PortalApplication' });
export const NewApplicationSchema = Type.Object({
  ...ApplicationSchema.properties,
  clientSecret: Type.String({ description: 'Shown once: only its hash is kept.' }),
}, { title: 'PortalNewApplication' });
export const ApplicationInputSchema = Type.Object({
  workspaceId: Type.String({ maxLength: 100 }),
  name: Type.String({ maxLength: 1000 }),
  scopes: Type.Array(Type.String({ maxLength: 200 }), {
    minItems: 1, maxItems: MAX_SCOPES,
    description: 'The scopes the application may ask tokens for, each granted to the workspace. Required, at least one: there is no default.',
  }),
  redirectUris: Type.Optional(Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 20 })),
}, { title: 'PortalApplicationInput', additionalProperties: false });

export const RotatedSecretSchema = Type.Object({
  ...ApplicationSchema.properties,
  clientSecret: Type.String({ description: 'The new secret, shown once: only its hash is kept. The old secret no longer works.' }),
}, { title: 'PortalRotatedSecret' });

export const IdParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export const ApplicationScopesInputSchema = Type.Object({
  scopes: Type.Array(Type.String({ maxLength: 200 }), {
    minItems: 1, maxItems: MAX_SCOPES, description: 'The application\'s new scopes, each granted to its workspace; at least one.',
  }),
}, { title: 'PortalApplicationScopesInput', additionalProperties: false });

const FeatureName = Type.Enum(['compliance-communications', 'contact-obfuscation'], { type: 'string' });
export const FeatureParamsSchema = Type.Object({ feature: Type.String({ minLength: 1, maxLength: 100 }) });
export const FeatureInputSchema = Type.Object({ enabled: Type.Boolean() }, { title: 'PortalFeatureInput', additionalProperties: false });
export const FeaturesSchema = Type.Object({
  features: Type.Array(FeatureName, { description: 'The features switched on.' }),
  available: Type.Array(FeatureName, { description: 'Every feature an administrator may switch.' }),
}, { title: 'PortalAccountFeatures' });
