import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport, Transporter } from 'nodemailer';
import { DeliveryServiceConfig } from '../config';

/** DI token of the notifier port: the sender never knows whether mail goes out by SMTP or to a local folder. */
export const NOTIFIER = Symbol('NOTIFIER');

export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  text: string;
}

export interface Notifier {
  send(mail: OutgoingMail): Promise<void>;
}

/** SMTP through nodemailer, when SMTP_URL is configured. */
export class SmtpNotifier implements Notifier {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(smtpUrl);
  }

  async send(mail: OutgoingMail): Promise<void> {
    // The message id makes a resend after a crash recognisable as the same mail.
    await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text, messageId: `<${mail.id}@sameday.local>` });
  }
}

/** Locally: each mail a JSON file in MAIL_OUTBOX_DIR, named by its id (writing it again changes nothing). */
export class FolderNotifier implements Notifier {
  constructor(private readonly dir: string) {}

  async send(mail: OutgoingMail): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, `${mail.id}.json`), `${JSON.stringify(mail, null, 2)}\n`);
  }
}

export function notifierFor(config: DeliveryServiceConfig): Notifier {
  return config.SMTP_URL ? new SmtpNotifier(config.SMTP_URL, config.SMTP_FROM) : new FolderNotifier(config.MAIL_OUTBOX_DIR);
}
