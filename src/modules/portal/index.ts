export { PortalRepository } from './portal.repository.js';
export { PortalService } from './portal.service.js';
export { portalRoutes, PORTAL_COOKIE } from './portal.routes.js';
