import { defineModule, type ModuleDeps } from '../module.js';
import { appointmentsErasers } from './appointments.erasers.js';
import { AppointmentsRepository } from './appointments.repository.js';
import { appointmentsRoutes } from './appointments.routes.js';
import { AppointmentsService, type AppointmentsUses } from './appointments.service.js';

export { AppointmentsService } from './appointments.service.js';
export { instantToLocal, localToInstant } from './appointments.time.js';

/**
 * Appointments (the Appointments tag, issue 32): one-to-one meetings booked during an event. Appointment events (with
 * their own time zone), their types and schedules, locations, attendees with availability and meeting interests, and
 * the appointments, booked so that no person, location or slot is taken twice.
 */
export function createAppointmentsModule(deps: ModuleDeps, uses: AppointmentsUses) {
  const repo = new AppointmentsRepository(deps.db.db, deps.db.dialect);
  const appointments = new AppointmentsService(repo, uses, deps.config, deps.clock);
  return defineModule({ name: 'appointments', services: { appointments }, routes: appointmentsRoutes(appointments), erasers: appointmentsErasers() });
}
