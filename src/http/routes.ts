import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';

const typed = (instance: FastifyInstance) => instance.withTypeProvider<TypeBoxTypeProvider>();

/** The instance a module declares its operations on: handlers get the types of their TypeBox schemas. */
export type TypedApp = ReturnType<typeof typed>;

/** A module's routes plugin, from a function that declares its operations. */
export function typedRoutes(declare: (app: TypedApp) => void): (instance: FastifyInstance) => Promise<void> {
  return async (instance) => declare(typed(instance));
}
