import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { insertOutboxMail, type OutboxMail } from './outbox.repository.ts';

export interface Mailer {
  send(mail: OutboxMail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise the mail is kept in the outbox table and
 * written to the log, so a reset link can still be followed on a laptop.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Database;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, db, log } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent over SMTP');
      },
    };
  }
  return {
    async send(mail) {
      await insertOutboxMail(db, mail);
      log.info(
        { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
        'mail stored in the outbox (no SMTP_URL)',
      );
    },
  };
}
