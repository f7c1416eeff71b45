import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport, Transporter } from 'nodemailer';

/** DI token of the mail port: senders never know whether mail goes out by SMTP or to a local folder. */
export const MAILER = Symbol('MAILER');

export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** The mail settings of an app that sends mail (delivery-service's recipients, the dispatcher's merchants). */
export interface MailConfig {
  SMTP_URL?: string;
  SMTP_FROM: string;
  MAIL_OUTBOX_DIR: string;
}

/** SMTP through nodemailer, when SMTP_URL is configured. */
export class SmtpMailer implements Mailer {
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
export class FolderMailer implements Mailer {
  constructor(private readonly dir: string) {}

  async send(mail: OutgoingMail): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, `${mail.id}.json`), `${JSON.stringify(mail, null, 2)}\n`);
  }
}

export function mailerFor(config: MailConfig): Mailer {
  return config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.SMTP_FROM) : new FolderMailer(config.MAIL_OUTBOX_DIR);
}
