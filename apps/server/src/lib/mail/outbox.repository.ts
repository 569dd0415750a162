import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from './outbox.schema.ts';

/**
 * Decision 060: account mail (a password reset, an email confirmation: a link someone waits on
 * to get into their account) leaves before notices, however many notices wait.
 */
export type MailPriority = 'account' | 'notice';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Absent: a notice. */
  priority?: MailPriority | undefined;
  /**
   * Given when the mail is queued, so every try of one mail carries it: its Message-ID over
   * SMTP (a receiver can tell a repeat), its row id in the outbox (a repeat stores nothing).
   */
  id?: string | undefined;
}

export async function insertOutboxMail(db: Database, mail: OutboxMail): Promise<void> {
  await db
    .insert(mailOutbox)
    .values({
      ...(mail.id && { id: mail.id }),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
    })
    .onConflictDoNothing({ target: mailOutbox.id });
}

export async function listOutboxMailTo(db: Database, to: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));
}
