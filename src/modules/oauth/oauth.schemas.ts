import { Type } from 'typebox';

export const TokenRequestSchema = Type.Object(
  {
    grant_type: Type.Optional(Type.Union([Type.Literal('client_credentials'), Type.Literal('authorization_code'), Type.String()])),
    client_id: Type.Optional(Type.String({ maxLength: 200 })),
    client_secret: Type.Optional(Type.String({ maxLength: 500 })),
    scope: Type.Optional(Type.String({ maxLength: 4000 })),
    code: Type.Optional(Type.String({ maxLength: 500 })),
    redirect_uri: Type.Optional(Type.String({ maxLength: 2000 })),
    code_verifier: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { title: 'TokenRequest' },
);

export const TokenQuerySchema = Type.Object({
  grant_type: Type.Optional(Type.String({ maxLength: 100 })),
  client_id: Type.Optional(Type.String({ maxLength: 200 })),
});

export const TokenResponseSchema = Type.Object(
  {
    access_token: Type.String(),
    token_type: Type.Literal('Bearer'),
    expires_in: Type.Integer({ default: 3600 }),
    scope: Type.String(),
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
  client_id: Type.Optional(Type.String({ maxLength: 200 })),
  redirect_uri: Type.Optional(Type.String({ maxLength: 2000 })),
  scope: Type.Optional(Type.String({ maxLength: 4000 })),
  state: Type.Optional(Type.String({ maxLength: 1000 })),
  code_challenge: Type.Optional(Type.String({ maxLength: 200 })),
  code_challenge_method: Type.Optional(Type.String({ maxLength: 20 })),
});

export const AuthorizeFormSchema = Type.Object({
  ...AuthorizeQuerySchema.properties,
  email: Type.Optional(Type.String({ maxLength: 320 })),
  password: Type.Optional(Type.String({ maxLength: 1000 })),
  csrf: Type.Optional(Type.String({ maxLength: 200 })),
});

export const TokenValidationSchema = Type.Object(
  { tokenValid: Type.Boolean(), statusCode: Type.Integer() },
  { title: 'Valid Token' },
);

export const MetadataSchema = Type.Object({}, { additionalProperties: true, title: 'AuthorizationServerMetadata' });
