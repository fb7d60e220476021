import { defineErrors } from '../../errors.js';

export const EventFeatureErrors = defineErrors({
  eventNotFound: { status: 404, message: 'Event not found' },
  typeMismatch: { status: 400, message: 'type in the body must be the feature type of the path' },
  featureDisabled: { status: 409, message: 'The feature is disabled for this event: enable it before launching it' },
  alreadyLaunched: { status: 409, message: 'The feature is already launched for this event' },
  launchedLocked: { status: 409, message: 'The feature is launched and locked: it cannot be disabled' },
});
