import { Type, type Static } from 'typebox';
import { OBFUSCATION_STATUSES } from './obfuscation.table.js';

export const ContactIdParamsSchema = Type.Object({ id: Type.String({ format: 'uuid', description: 'Contact id' }) });
export type ContactIdParams = Static<typeof ContactIdParamsSchema>;
export const ObfuscateIdParamsSchema = Type.Object({ obfuscateId: Type.String({ format: 'uuid', description: 'Obfuscation id' }) });

export const ObfuscationStatusSchema = Type.Object(
  {
    status: Type.Enum([...OBFUSCATION_STATUSES], { type: 'string', title: 'ContactObfuscationStatusType' }),
    obfuscateId: Type.String({ format: 'uuid', readOnly: true }),
    contact: Type.Object({ id: Type.String({ format: 'uuid' }) }, { title: 'ContactId' }),
  },
  { title: 'ContactObfuscationStatus' },
);
export type ObfuscationStatusBody = Static<typeof ObfuscationStatusSchema>;
