import { deliveryRetries, type JobQueue } from '../jobs/job-queue.ts';
import type { Mailer } from './mailer.ts';
import type { OutboxMail } from './outbox.repository.ts';

export const sendMailJob = 'mail.send';

/**
 * The mailer features use (decision 027): send() only queues the mail, and a job hands it to the
 * transport (SMTP or the outbox) with retries, so a slow or failing SMTP server never holds a
 * request and a restart loses no mail.
 */
export function createQueuedMailer(jobs: JobQueue, transport: Mailer): Mailer {
  jobs.define<OutboxMail>(sendMailJob, (mail) => transport.send(mail), deliveryRetries);
  return { send: (mail) => jobs.send(sendMailJob, mail) };
}
