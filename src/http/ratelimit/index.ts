export { registerRateLimit } from './plugin.js';
export { rateLimitHeaders } from './headers.js';
