export { MailTransport, type OutgoingMail, type SentMail } from './mail.transport.js';
