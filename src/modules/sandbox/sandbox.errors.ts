import { defineErrors } from '../../errors.js';

export const SandboxErrors = defineErrors({
  disabled: { status: 403, message: 'Sandbox controls are not enabled on this deployment (the operator sets SANDBOX_CONTROLS=1)' },
  badInput: { status: 400, message: 'Invalid sandbox controls' },
});
