import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport, Transporter } from 'nodemailer';
import { WebhookDispatcherConfig } from '../config';

/** DI token of the mail port: the notices never know whether mail goes out by SMTP or to a local folder. */
export const MERCHANT_MAILER = Symbol('MERCHANT_MAILER');

export interface MerchantMail {
  id: string;
  to: string;
  subject: string;
  text: string;
}

export interface MerchantMailer {
  send(mail: MerchantMail): Promise<void>;
}

/** SMTP through nodemailer, when SMTP_URL is configured (as delivery-service sends its notifications). */
class SmtpMailer implements MerchantMailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(smtpUrl);
  }

  async send(mail: MerchantMail): Promise<void> {
    // The message id makes a mail sent again after a failure recognisable as the same one.
    await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text, messageId: `<${mail.id}@sameday.local>` });
  }
}

/** Locally: each mail a JSON file in MAIL_OUTBOX_DIR, named by its id (writing it again changes nothing). */
class FolderMailer implements MerchantMailer {
  constructor(private readonly dir: string) {}

  async send(mail: MerchantMail): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, `${mail.id}.json`), `${JSON.stringify(mail, null, 2)}\n`);
  }
}

export function merchantMailerFor(config: WebhookDispatcherConfig): MerchantMailer {
  return config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.SMTP_FROM) : new FolderMailer(config.MAIL_OUTBOX_DIR);
}
