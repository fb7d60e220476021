import { defineErrors } from '../../errors.js';

/** The errors of exhibitors, categories, sponsorship levels and registration packs. */
export const ExhibitorErrors = defineErrors({
  eventNotFound: { status: 404, message: 'Event not found' },
  exhibitorNotFound: { status: 404, message: 'Exhibitor not found' },
  categoryNotFound: { status: 404, message: 'Exhibitor category not found' },
  sponsorshipLevelNotFound: { status: 404, message: 'Sponsorship level not found' },
  registrationPackNotFound: { status: 404, message: 'Registration pack not found' },
  fileNotAssigned: { status: 404, message: 'The file is not this image of the exhibitor' },
  invalid: { status: 400, message: 'The request is not valid' },
  packExists: { status: 409, message: 'Registration pack for given exhibitor already exists.' },
  packInUse: { status: 409, message: 'The registration pack cannot be deleted: the exhibitor has booth staff' },
  levelInUse: { status: 409, message: 'The sponsorship level is used by exhibitors' },
});
