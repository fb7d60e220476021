import { Type, type Static } from 'typebox';

// Parameters that several requests share, with the same limits everywhere.
const ClientId = Type.Optional(Type.String({ maxLength: 200 }));
const RedirectUri = Type.Optional(Type.String({ maxLength: 2000 }));
const ScopeParam = Type.Optional(Type.String({ maxLength: 4000 }));
const Strings = Type.Array(Type.String());

export const TokenRequestSchema = Type.Object(
  {
    grant_type: Type.Optional(Type.Union([Type.Literal('client_credentials'), Type.Literal('authorization_code'), Type.Literal('refresh_token'), Type.String()])),
    client_id: ClientId,
    client_secret: Type.Optional(Type.String({ maxLength: 500 })),
    scope: ScopeParam,
    code: Type.Optional(Type.String({ maxLength: 500 })),
    redirect_uri: RedirectUri,
    code_verifier: Type.Optional(Type.String({ maxLength: 200 })),
    refresh_token: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { title: 'TokenRequest' },
);
export type TokenRequestBody = Static<typeof TokenRequestSchema>;

/** RFC 7009 revocation: the web UI's sign-out ends its refresh token's family. */
export const RevokeRequestSchema = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200, description: 'The refresh token to revoke (its whole family ends).' }),
    token_type_hint: Type.Optional(Type.String({ maxLength: 50 })),
    client_id: ClientId,
  },
  { title: 'RevokeRequest' },
);

export const TokenQuerySchema = Type.Object({
  grant_type: Type.Optional(Type.String({ maxLength: 100 })),
  client_id: ClientId,
});
export type TokenQuery = Static<typeof TokenQuerySchema>;

export const TokenResponseSchema = Type.Object(
  {
    access_token: Type.String(),
    token_type: Type.Literal('Bearer'),
    expires_in: Type.Integer({ default: 3600 }),
    scope: Type.String(),
    // Only to the planner web UI's authorization code sign-in: rotates on every use (docs/oauth.md).
    refresh_token: Type.Optional(Type.String({ description: 'A rotating refresh token (planner web UI sign-in only): each use returns a new one; a spent one used again revokes the sign-in.' })),
  },
  { title: 'TokenResponse' },
);

export const OAuthErrorSchema = Type.Object(
  {
    error: Type.Enum(['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope'], { type: 'string' }),
    error_description: Type.Optional(Type.String()),
  },
  { title: 'OAuthError' },
);

export const AuthorizeQuerySchema = Type.Object({
  response_type: Type.Optional(Type.String({ maxLength: 50 })),
  client_id: ClientId,
  redirect_uri: RedirectUri,
  scope: ScopeParam,
  state: Type.Optional(Type.String({ maxLength: 1000 })),
  code_challenge: Type.Optional(Type.String({ maxLength: 200 })),
  code_challenge_method: Type.Optional(Type.String({ maxLength: 20 })),
});
export type AuthorizeParams = Static<typeof AuthorizeQuerySchema>;

export const AuthorizeFormSchema = Type.Object({
  ...AuthorizeQuerySchema.properties,
  email: Type.Optional(Type.String({ maxLength: 320 })),
  password: Type.Optional(Type.String({ maxLength: 1024 })),
  csrf: Type.Optional(Type.String({ maxLength: 200 })),
});
export type AuthorizeForm = Static<typeof AuthorizeFormSchema>;

export const TokenValidationSchema = Type.Object(
  { tokenValid: Type.Boolean(), statusCode: Type.Integer() },
  { title: 'Valid Token' },
);

export const MetadataSchema = Type.Object({
  issuer: Type.String(),
  authorization_endpoint: Type.String(),
  token_endpoint: Type.String(),
  revocation_endpoint: Type.Optional(Type.String({ description: 'RFC 7009 revocation of the planner web UI\'s refresh tokens (eventline extension).' })),
  jwks_uri: Type.String(),
  scopes_supported: Strings,
  response_types_supported: Strings,
  grant_types_supported: Strings,
  token_endpoint_auth_methods_supported: Strings,
  code_challenge_methods_supported: Strings,
  authorization_response_iss_parameter_supported: Type.Boolean(),
  service_documentation: Type.String(),
  api_base_url: Type.String({ description: 'eventline extension: where the versioned API lives.' }),
  api_versions_supported: Type.Array(Type.String(), { description: 'eventline extension: the API versions this deployment serves.' }),
  region: Type.String({ description: 'eventline extension: the region this deployment serves.' }),
}, { title: 'AuthorizationServerMetadata', additionalProperties: false });
export type Metadata = Static<typeof MetadataSchema>;

// A published signing key: the public members of an EC key and nothing
// else, so a private member (`d`) can neither be stored here nor served.
export const PublicJwkSchema = Type.Object({
  kty: Type.Literal('EC'),
  crv: Type.String(),
  x: Type.String(),
  y: Type.String(),
  kid: Type.String(),
  use: Type.Literal('sig'),
  alg: Type.String(),
}, { title: 'JWK', additionalProperties: false });
export type PublicJwk = Static<typeof PublicJwkSchema>;

export const JwksSchema = Type.Object({ keys: Type.Array(PublicJwkSchema) }, { title: 'JWKSet', additionalProperties: false });
