export { ObfuscationService, OBFUSCATION_JOB, subjectValues, type ObfuscationStatusView, type ObfuscationOutcome } from './obfuscation.service.js';
export { obfuscationRoutes } from './obfuscation.routes.js';
export { registerCoreErasers, CORE_ERASERS } from './obfuscation.erasers.js';
export { verifyObfuscated, type VerifierHit, type VerifierReport } from './obfuscation.verifier.js';
export { ObfuscationStatusSchema } from './obfuscation.schemas.js';
export { ObfuscationErrors } from './obfuscation.errors.js';
