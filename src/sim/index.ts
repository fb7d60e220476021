export { startSimServer, type SimServer } from './server.js';
export { signWebhook, verifyWebhookSignature } from './signature.js';
export type { SimMeeting, SimParticipant, SimRecording, SimRegistrant } from './state.js';
