import { readFileSync } from 'node:fs';

/** What the server logs of a mail it keeps in the outbox: the recipient, the subject and the links, not the body. */
interface LoggedMail {
  to: string;
  subject: string;
  links: string[];
}

/**
 * The newest mail to `to` that the server stored in its outbox (and logged), with this subject
 * when one is given, waiting up to 10 s. Mail goes out through the job queue after the request
 * (decision 027), so a journey waits for the mail it expects rather than the newest one so far.
 */
export async function latestMailTo(to: string, subject?: string): Promise<LoggedMail> {
  return (await mailsTo(to, subject, 1)).at(-1)!;
}

/** Every such mail once there are at least `count` of them (a second link after a resend), oldest first. */
export async function mailsTo(to: string, subject: string | undefined, count: number): Promise<LoggedMail[]> {
  const logFile = process.env.E2E_SERVER_LOG;
  if (!logFile) throw new Error('E2E_SERVER_LOG is not set');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('"mail"'))
      .map((line) => (JSON.parse(line) as { mail?: LoggedMail }).mail)
      .filter((mail): mail is LoggedMail => mail?.to === to && (subject === undefined || mail.subject === subject));
    if (mails.length >= count) return mails;
    if (Date.now() > deadline)
      throw new Error(`fewer than ${count} mails to ${to}${subject ? ` titled “${subject}”` : ''} in ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export function firstLinkIn(mail: LoggedMail): string {
  const link = mail.links[0];
  if (!link) throw new Error(`no link in mail: ${mail.subject}`);
  return link;
}
