import type { Config } from './config.ts';
import type { Clock } from './lib/clock.ts';
import type { Database } from './db/client.ts';
import type { Auth } from './lib/auth.ts';
import type { Mailer } from './lib/mail/mailer.ts';
import type { RealtimeHub } from './lib/realtime-hub.ts';
import type { FileStorage } from './lib/storage/file-storage.ts';

/** What every feature's routes receive; services take the pieces they need explicitly. */
export interface AppDeps {
  config: Config;
  db: Database;
  auth: Auth;
  mailer: Mailer;
  storage: FileStorage;
  realtime: RealtimeHub;
  clock: Clock;
}
