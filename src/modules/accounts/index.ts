export { AccountsRepository } from './accounts.repository.js';
export { AccountsService, hashSecret, secretMatches } from './accounts.service.js';
export { AccountErrors } from './accounts.errors.js';
export * from './accounts.types.js';
