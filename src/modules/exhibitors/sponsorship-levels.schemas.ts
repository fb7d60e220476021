import { Type, type Static } from 'typebox';
import { AuditSchemas, EventRefSchema, Uuid } from './exhibitors.schemas.js';

export const LevelParamsSchema = Type.Object({ id: Uuid('ID of an event.'), sponsorshipLevelId: Uuid('ID of sponsorship level.') });

const LevelFields = {
  event: EventRefSchema,
  name: Type.String({ minLength: 1, maxLength: 100, description: 'Name of the sponsorship level' }),
  rank: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Represents the order sponsors appear in a list.' })),
};

export const SponsorshipLevelSchema = Type.Object(
  { id: Uuid('ID of event sponsorship level.'), ...LevelFields, ...AuditSchemas },
  { title: 'SponsorshipLevel' },
);
export type SponsorshipLevel = Static<typeof SponsorshipLevelSchema>;

export const SponsorshipLevelListSchema = Type.Object(
  { data: Type.Array(SponsorshipLevelSchema, { description: 'The event\'s sponsorship levels, by rank then name.' }) },
  { title: 'SponsorshipLevelListResponse' },
);

/** The extension's request: what the reference's response shows, without the read-only fields. */
export const SponsorshipLevelInputSchema = Type.Object(
  { ...LevelFields, id: Type.Optional(Uuid('Read-only: ignored.')) },
  { title: 'SponsorshipLevelRequest', additionalProperties: false },
);
export type SponsorshipLevelInput = Static<typeof SponsorshipLevelInputSchema>;
