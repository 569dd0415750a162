import { readFileSync } from 'node:fs';

interface LoggedMail {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail to `to` that the server stored in its outbox (and logged), waiting up to 10 s. */
export async function latestMailTo(to: string): Promise<LoggedMail> {
  const logFile = process.env.E2E_SERVER_LOG;
  if (!logFile) throw new Error('E2E_SERVER_LOG is not set');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('"mail"'))
      .map((line) => (JSON.parse(line) as { mail?: LoggedMail }).mail)
      .filter((mail): mail is LoggedMail => mail?.to === to);
    const latest = mails.at(-1);
    if (latest) return latest;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export function firstLinkIn(text: string): string {
  const link = text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in mail: ${text}`);
  return link;
}
