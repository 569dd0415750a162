/**
 * Work done after the request that asked for it (decision 027): mails, web pushes, and the
 * reminder scan. Handlers take JSON data (a job's data is stored as JSON in PostgreSQL), so a job
 * survives a restart and runs on whichever instance picks it up.
 */
export interface JobOptions {
  /** Tries after the first failure; past that the job fails and is logged. */
  retryLimit?: number;
  /** Seconds before the first retry; doubled on each next one. */
  retryDelaySeconds?: number;
  /**
   * Jobs of this name one instance runs at once (default 1), taken from the queue together
   * (decision 060). Each still succeeds or fails on its own.
   */
  concurrency?: number;
  /**
   * A job still running after this long counts as failed and is retried, on any instance: how
   * a job taken by an instance that crashed comes back. The handler must settle well within
   * it, or the job could run twice (default: pg-boss's 15 minutes).
   */
  expireInSeconds?: number;
}

export type JobHandler<Data> = (data: Data) => Promise<void>;

export interface SendOptions {
  /** A job with a singleton key already waiting is not added again. */
  singletonKey?: string;
  /** Waiting jobs of one name run highest priority first, then oldest first (default 0). */
  priority?: number;
}

export interface JobQueue {
  /** Names a kind of job and its handler; every definition comes before start(). */
  define<Data extends object>(name: string, handler: JobHandler<Data>, options?: JobOptions): void;
  /** Runs the job once the request is done. */
  send<Data extends object>(name: string, data: Data, options?: SendOptions): Promise<void>;
  /** Runs a defined job (with empty data) on a cron schedule, once across every instance. */
  every(name: string, cron: string): void;
  start(): Promise<void>;
  /** Jobs waiting to run (created or waiting for a retry), by job name: the metrics' queue depth. */
  waitingCounts(): Promise<Record<string, number>>;
  /** Stops taking jobs and waits for the ones running here; jobs not started stay queued. */
  stop(): Promise<void>;
}

/** Retries for mail and push: a few minutes of an SMTP or push service being down are absorbed. */
export const deliveryRetries: JobOptions = { retryLimit: 5, retryDelaySeconds: 10 };
