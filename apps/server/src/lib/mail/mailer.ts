import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { insertOutboxMail, type OutboxMail } from './outbox.repository.ts';

const linksIn = (text: string): string[] => text.match(/https?:\/\/\S+/g) ?? [];

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
        // The recipient and the body are people's data; the subject says which mail went out.
        log.info({ subject: mail.subject }, 'mail sent over SMTP');
      },
    };
  }
  return {
    async send(mail) {
      await insertOutboxMail(db, mail);
      // Without SMTP the log is how the operator delivers the mail: the recipient and the links,
      // not the body (the greeting names the person; messages carry what others wrote).
      log.info(
        { mail: { to: mail.to, subject: mail.subject, links: linksIn(mail.text) } },
        'mail stored in the outbox (no SMTP_URL)',
      );
    },
  };
}
