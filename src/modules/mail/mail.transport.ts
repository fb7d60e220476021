import { createTransport, type Transporter } from 'nodemailer';
import type StreamTransport from 'nodemailer/lib/stream-transport/index.js';

export interface OutgoingMail {
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  /** The Message-ID header, so the stored copy and the delivered mail match. */
  readonly messageId: string;
  readonly date: Date;
}

export interface SentMail {
  /** The complete RFC 822 message, byte for byte what the relay was handed. */
  readonly raw: string;
  readonly transport: 'outbox' | 'smtp';
}

/**
 * Composes every mail with nodemailer and, when an SMTP relay is configured,
 * relays the very bytes it composed. Without one nothing leaves the machine:
 * the caller keeps the composed message in the database outbox.
 */
export class MailTransport {
  private readonly composer: Transporter<StreamTransport.SentMessageInfo>;
  private readonly relay: Transporter | undefined;

  constructor(smtpUrl?: string) {
    this.composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    this.relay = smtpUrl ? createTransport(smtpUrl) : undefined;
  }

  get kind(): 'outbox' | 'smtp' {
    return this.relay ? 'smtp' : 'outbox';
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    const info = await this.composer.sendMail({
      from: mail.from, to: mail.to, subject: mail.subject, text: mail.text,
      ...(mail.html !== undefined ? { html: mail.html } : {}),
      messageId: mail.messageId, date: mail.date,
    });
    // `buffer: true` above: the composed message is a Buffer, never a stream.
    if (!Buffer.isBuffer(info.message)) throw new Error('nodemailer composed a stream where a buffer was asked for');
    const raw = info.message.toString('utf8');
    if (this.relay) await this.relay.sendMail({ envelope: { from: mail.from, to: [mail.to] }, raw });
    return { raw, transport: this.kind };
  }

  close(): void {
    this.composer.close();
    this.relay?.close();
  }
}
