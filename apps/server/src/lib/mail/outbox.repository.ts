import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from './outbox.schema.ts';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
}

export async function insertOutboxMail(db: Database, mail: OutboxMail): Promise<void> {
  await db.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null });
}

export async function listOutboxMailTo(db: Database, to: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));
}
