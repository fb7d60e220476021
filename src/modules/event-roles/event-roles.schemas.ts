import { Type, type Static } from 'typebox';
import { listQuerySchema, paginated } from '../../http/paging.js';

// The reference's event-role-assignments-paginated-response, and eventline's create bodies (DESIGN rule 11).

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const { token, filter } = listQuerySchema().properties;
export const AssignmentsQuerySchema = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 10, description: 'The maximum number of records to return per page (1-200).' })),
  token, filter,
  expand: Type.Optional(Type.Array(Type.Literal('eventRole'), { description: '`eventRole`: each assignment\'s role carries its name.' })),
}, { additionalProperties: false });

export const EventRoleSchema = Type.Object(
  {
    id: Uuid('The event role.'),
    name: Type.String({ description: 'Name of the event role.' }),
    description: Type.Optional(Type.String()),
  },
  { title: 'EventRole' },
);
export type EventRole = Static<typeof EventRoleSchema>;
export const EventRoleInputSchema = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 100 }), description: Type.Optional(Type.String({ maxLength: 500 })) },
  { title: 'EventRoleInput', additionalProperties: false },
);
export type EventRoleInput = Static<typeof EventRoleInputSchema>;

export const AssignmentSchema = Type.Object(
  {
    id: Type.String({ description: 'The assignment.' }),
    event: Type.Object({ id: Uuid('The event.') }),
    user: Type.Object({ id: Uuid('The user of the account.') }),
    eventRole: Type.Object({ id: Uuid('The event role.'), name: Type.Optional(Type.String({ description: 'With `expand=eventRole`.' })) }, { title: 'EventRoleRef' }),
    assigned: Type.String({ format: 'date-time', description: 'When the role was assigned.' }),
    assignedBy: Type.String({ description: 'Who assigned it.' }),
  },
  { title: 'EventRoleAssignment' },
);
export type Assignment = Static<typeof AssignmentSchema>;
export const AssignmentPageSchema = paginated(AssignmentSchema, 'EventRoleAssignmentPaginatedResponse');
export const AssignmentInputSchema = Type.Object(
  { event: Type.Object({ id: Uuid('An event of the account.') }), user: Type.Object({ id: Uuid('A user of the account.') }), eventRole: Type.Object({ id: Uuid('An event role of the account.') }) },
  { title: 'EventRoleAssignmentInput', additionalProperties: false },
);
export type AssignmentInput = Static<typeof AssignmentInputSchema>;
export const AssignmentParamsSchema = Type.Object({ id: Uuid('Assignment id.') });
