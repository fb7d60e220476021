import type { FastifyInstance } from 'fastify';
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { ApiError } from '../errors.js';

// ajv-formats is CommonJS: the default import is its module.exports, which carries the plugin again as `default`.
const addFormats = addFormatsModule.default;

/**
 * Request validation. Query strings and path parameters are always text, so
 * they are coerced ("5" -> 5); JSON bodies are not: coercion there would turn
 * null into false or 0 and a lone object into a one-item array, silently
 * accepting input the contract says is wrong.
 */
export function registerValidation(app: FastifyInstance): void {
  const make = (coerceTypes: Options['coerceTypes']): Ajv => {
    // allErrors stays off: collecting every error of a huge body is a DoS lever.
    const ajv = new Ajv({ coerceTypes, useDefaults: true, removeAdditional: false, allErrors: false, strict: false, addUsedSchema: false });
    addFormats(ajv);
    return ajv;
  };
  const body = make(false);
  const text = make('array');
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? body : text).compile(schema));
}

function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth > 64 || value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
    const hit = findNul(inner, path ? `${path}.${key}` : key, depth + 1);
    if (hit !== undefined) return hit;
  }
  return undefined;
}

// PostgreSQL text cannot hold NUL, and no field of the contract needs it: refuse
// it at the edge with a 400 so both databases treat such input the same way.
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, value] of [['params', request.params], ['query', request.query], ['body', request.body]] as const) {
      const hit = findNul(value, '');
      if (hit !== undefined) {
        done(new ApiError('validation', 400, `Text must not contain NUL characters (${hit || part})`, { target: hit || part }));
        return;
      }
    }
    done();
  });
}
