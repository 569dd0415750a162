import type { Config } from './config.ts';
import type { Clock } from './lib/clock.ts';
import type { Database } from './db/client.ts';
import type { Auth } from './lib/auth.ts';
import type { AddressSlots } from './lib/address-slots.ts';
import type { JobQueue } from './lib/jobs/job-queue.ts';
import type { Mailer } from './lib/mail/mailer.ts';
import type { PushSender } from './lib/push/web-push-sender.ts';
import type { ReadRouting } from './lib/read-routing.ts';
import type { Readiness } from './lib/readiness.ts';
import type { RealtimeHub } from './lib/realtime-hub.ts';
import type { ResponseCache } from './lib/response-cache.ts';
import type { FileStorage } from './lib/storage/file-storage.ts';
import type { PrivateFileStorage } from './lib/storage/private-file-storage.ts';
import type { Payments } from './features/payments/payments-core.ts';
import type { DnsLookup } from './features/custom-domains/dns-lookup.ts';

/** What every feature's routes receive; services take the pieces they need explicitly. */
export interface AppDeps {
  config: Config;
  /** The primary: writes, and reads that must be current. */
  db: Database;
  /** The database stale-ok reads use (the replica when there is a usable one; decision 066). */
  reads: ReadRouting;
  auth: Auth;
  /** Queues the mail (lib/mail/queued-mailer.ts); a job delivers it. */
  mailer: Mailer;
  /** Durable jobs on PostgreSQL (decision 027); define handlers at route registration. */
  jobs: JobQueue;
  /** Web Push to a browser subscription; the notifications feature sends through it from jobs. */
  push: PushSender;
  storage: FileStorage;
  /** Files only some may read (form uploads): no public URL, read back after a permission check. */
  privateStorage: PrivateFileStorage;
  realtime: RealtimeHub;
  clock: Clock;
  /** Stripe through the one SDK instance (real or the local provider), and webhook handlers (decision 029). */
  payments: Payments;
  /** DNS lookups of custom domains' records (tests answer them). */
  dns: DnsLookup;
  /** Signed-out realtime sockets per client address, counted across instances (decision 067). */
  addressSlots: AddressSlots;
  /** Starting, serving or draining: GET /api/ready answers from it (server.ts moves it). */
  readiness: Readiness;
  /** The response caches features made, by name, for GET /metrics (decision 073). */
  responseCaches: Map<string, Pick<ResponseCache<unknown>, 'stats'>>;
}
