import { createTransport, type Transporter } from 'nodemailer';

export interface OutgoingMail {
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  /** Set as the Message-ID header, so the stored copy and the delivered mail match. */
  readonly messageId: string;
  readonly date: Date;
}

export interface SentMail {
  /** The complete RFC 822 message exactly as handed to the relay. */
  readonly raw: string;
  readonly transport: 'outbox' | 'smtp';
}

/**
 * Composes every mail with nodemailer and, when an SMTP relay is configured,
 * relays the very bytes it composed. Without one nothing leaves the machine:
 * the caller keeps the composed message in the database outbox.
 */
export class MailTransport {
  private readonly composer: Transporter;
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
    }) as { message: Buffer | string };
    const raw = Buffer.isBuffer(info.message) ? info.message.toString('utf8') : String(info.message);
    if (this.relay) await this.relay.sendMail({ envelope: { from: mail.from, to: [mail.to] }, raw });
    return { raw, transport: this.kind };
  }

  close(): void {
    this.composer.close();
    this.relay?.close();
  }
}
