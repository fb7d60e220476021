export { DEFAULT_SIM_HOST, DEFAULT_SIM_PORT, DEFAULT_SIM_URL, startSimServer, type SimServer } from './server.js';
export { signWebhook, verifyWebhookSignature } from './signature.js';
export type { SimMeeting, SimParticipant, SimRecording, SimRegistrant } from './state.js';
