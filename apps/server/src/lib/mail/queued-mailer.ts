import { randomUUID } from 'node:crypto';
import { deliveryRetries, type JobOptions, type JobQueue } from '../jobs/job-queue.ts';
import { smtpTryLimitMs, type Mailer } from './mailer.ts';
import type { MailPriority, OutboxMail } from './outbox.repository.ts';

export const sendMailJob = 'mail.send';

/** Job priorities of mail (higher first): account mail passes every waiting notice (decision 060). */
const mailJobPriority: Record<MailPriority, number> = { account: 10, notice: 0 };

/**
 * Mails one instance hands to the transport at once (decision 060): enough to keep every pooled
 * SMTP connection busy, few enough that an account mail queued behind thousands of notices
 * waits for one batch only.
 */
export const mailBatchSize = 20;

/**
 * A mail job still running after this long is run again, on any instance: how a mail taken by
 * an instance that crashed between sending and marking it sent still goes out. Three times an
 * SMTP try's limit, so a live try has always ended first.
 */
const mailJobExpirySeconds = (3 * smtpTryLimitMs) / 1000;

/**
 * The mailer features use (decision 027): send() only queues the mail, and a job hands it to the
 * transport (SMTP or the outbox) with retries, so a slow or failing SMTP server never holds a
 * request and a restart loses no mail.
 */
export function createQueuedMailer(
  jobs: JobQueue,
  transport: Mailer,
  { retries = deliveryRetries }: { retries?: Pick<JobOptions, 'retryLimit' | 'retryDelaySeconds'> } = {},
): Mailer {
  jobs.define<OutboxMail>(sendMailJob, (mail) => transport.send(mail), {
    ...retries,
    concurrency: mailBatchSize,
    expireInSeconds: mailJobExpirySeconds,
  });
  return {
    send: (mail) =>
      jobs.send(
        sendMailJob,
        { ...mail, id: mail.id ?? randomUUID() },
        { priority: mailJobPriority[mail.priority ?? 'notice'] },
      ),
  };
}
