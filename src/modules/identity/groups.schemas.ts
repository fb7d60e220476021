import { Type } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

const RoleSchema = Type.Union([Type.Literal('administrator'), Type.Literal('planner'), Type.Literal('developer')], {
  description: 'eventline extension: the role the group gives its members (a user\'s role is the highest of its groups; developer when none gives one). '
    + 'Absent from a PUT: unchanged; null: the group gives no role.',
});

export const UserGroupParamsSchema = Type.Object({ userGroupId: Type.String({ format: 'uuid', description: 'The User Group\'s Id.' }) });
export const UserGroupMemberParamsSchema = Type.Object({
  userGroupId: Type.String({ format: 'uuid', description: 'The User Group\'s Id.' }),
  userId: Type.String({ format: 'uuid', description: 'The Account User\'s Id.' }),
});

const { limit, token, filter } = listQuerySchema().properties;
export const UserGroupsQuerySchema = Type.Object({ limit, token, filter }, { additionalProperties: false });

const audit = {
  created: Type.String({ format: 'date-time', description: 'When the group was created.' }),
  createdBy: Type.String({ description: 'Who created the group (a user id, a client id, or eventline for the role groups every account starts with).' }),
  lastModified: Type.String({ format: 'date-time', description: 'When the group or its members last changed.' }),
  lastModifiedBy: Type.String({ description: 'Who last changed the group or its members.' }),
};

export const UserGroupSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: 'The unique identifier of the user group.' }),
    name: Type.String({ minLength: 1, maxLength: 50, description: 'The name of the user group, unique in the account whatever its letter case.' }),
    description: Type.Optional(Type.String({ maxLength: 300 })),
    role: Type.Optional(RoleSchema),
    ...audit,
  },
  { title: 'Account User Group', description: 'A collection of account users; the same groups SCIM serves at /scim/v2/Groups.' },
);

// The reference's request body is the group itself: its read-only fields may be sent back and are ignored.
export const UserGroupInputSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 50, description: 'The name of the user group (1-50 characters), unique in the account whatever its letter case (409).' }),
    description: Type.Optional(Type.String({ maxLength: 300 })),
    role: Type.Optional(Type.Union([RoleSchema, Type.Null()])),
    id: Type.Optional(Type.String({ description: 'Read-only; ignored.' })),
    created: Type.Optional(Type.String({ description: 'Read-only; ignored.' })),
    createdBy: Type.Optional(Type.String({ description: 'Read-only; ignored.' })),
    lastModified: Type.Optional(Type.String({ description: 'Read-only; ignored.' })),
    lastModifiedBy: Type.Optional(Type.String({ description: 'Read-only; ignored.' })),
  },
  { title: 'Account User Group input', additionalProperties: false },
);

export const UserGroupPageSchema = paginated(UserGroupSchema, 'UserGroups');
