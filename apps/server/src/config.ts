import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { platforms, type Platform } from '@huddle/shared/platforms';
import { realtimeLimits } from '@huddle/shared/realtime';
import { z } from 'zod';
import { dataDirSecretFiles, type SecretName, type SecretSource } from './lib/data-dir-secrets.ts';
import { locateUpwards } from './lib/locate-upwards.ts';
import type { S3StorageConfig } from './lib/storage/s3-file-storage.ts';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
const commaList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url('each entry must be an origin such as https://huddle.example')));
const emailList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email('each entry must be an email address such as ops@huddle.example')));

/** Every variable the server reads. The README's configuration table mirrors this list. */
const environment = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** A streaming replica of DATABASE_URL for reads that may be a few seconds stale (decision 066). */
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Reads leave the replica while it is further behind the primary than this (decision 066). */
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  PUBLIC_ORIGIN: z.url('must be the URL people use to reach Huddle, such as https://huddle.example').optional(),
  CORS_ORIGINS: commaList.default([]),
  /** Accounts with these emails are admins (issue 17): promoted at sign-up and at every start. */
  ADMIN_EMAILS: emailList.default([]),
  PUBLIC_IPV4: z.ipv4('must be the IPv4 address custom domains point to with an A record').optional(),
  DNS_TEST_RECORDS_FILE: z.string().min(1).optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** SMTP connections each instance keeps open at most (decision 060); a provider may cap them. */
  SMTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(5),
  MAIL_FROM: z.string().min(3).default('Huddle <no-reply@huddle.local>'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  SEED_DEMO: booleanFlag.optional(),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  GUEST_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
  /** Realtime socket opens a minute per client address (decision 055). */
  REALTIME_OPEN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(realtimeLimits.opensPerMinute),
  /** Signed-out discover pages each instance keeps for up to a second (decision 073); 0 turns the cache off. */
  DISCOVER_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(2000),
  TRUST_PROXY: booleanFlag.default(false),
  /** Database connections per instance (decision 058). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(500).default(10),
  /** A query waits at most this long for a free connection, then fails (503) instead of hanging. */
  DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** PostgreSQL ends a session left idle inside a transaction this long (0: never). */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** After SIGTERM, keep serving this long with /api/ready at 503, so the load balancer stops first. */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** A start not serving after this long ends the process with status 1 (lib/start-progress.ts); 0: no limit. */
  START_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(300_000),
  /** Prometheus metrics at /metrics for a scraper sending this as a bearer token; unset: no metrics. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters (openssl rand -hex 16)').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_DISCOVERY_URL: z.url().default('https://www.facebook.com/.well-known/openid-configuration/'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url().optional(),
  /** Private files (form uploads): a bucket browsers cannot read; defaults to S3_BUCKET under private/. */
  S3_PRIVATE_BUCKET: z.string().min(3).optional(),
  FLAG_BADGES: booleanFlag.default(true),
  FLAG_SUBSCRIPTIONS: booleanFlag.default(true),
  PLATFORM: z.enum(platforms).default('gth'),
  MAP_TILE_URL: z
    .union([
      z.literal('off'),
      z
        .string()
        .regex(/^https?:\/\/.+\{z\}.+\{x\}.+\{y\}/, 'must be "off" or a tile URL template with {z}, {x} and {y}'),
    ])
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().max(300).optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url VAPID public key (npx web-push generate-vapid-keys)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url VAPID private key')
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9]+$/, 'must be the signing secret of the webhook endpoint (whsec_…)')
    .optional(),
  STRIPE_CONNECT_CLIENT_ID: z
    .string()
    .regex(/^ca_[A-Za-z0-9]+$/, 'must be the Connect client id (ca_…)')
    .optional(),
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(50).default(0),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: address or an https:// URL')
    .optional(),
  /** Usage analytics (decision 052): a Plausible server, such as https://plausible.io; unset, none. */
  ANALYTICS_PLAUSIBLE_URL: z.url('must be the Plausible server, such as https://plausible.io').optional(),
  /** The site's name in Plausible; PUBLIC_ORIGIN's host name when unset. */
  ANALYTICS_PLAUSIBLE_DOMAIN: z.string().min(1).max(253).optional(),
  /** Usage analytics through PostHog instead (decision 052): the project API key (public by design); unset, none. */
  ANALYTICS_POSTHOG_KEY: z
    .string()
    .regex(/^phc_[A-Za-z0-9]+$/, "must be the PostHog project's API key (phc_…)")
    .optional(),
  /** The PostHog host events go to; PostHog Cloud US when unset (https://eu.i.posthog.com for EU, or your own). */
  ANALYTICS_POSTHOG_URL: z.url('must be the PostHog host, such as https://us.i.posthog.com').optional(),
  /** Error reporting (decision 052): a Sentry-compatible DSN for the server; unset, none. */
  SENTRY_DSN: z.url('must be a DSN such as https://key@o1.ingest.sentry.io/1').optional(),
  /** The DSN the web app reports to; SENTRY_DSN when unset. */
  SENTRY_WEB_DSN: z.url('must be a DSN such as https://key@o1.ingest.sentry.io/2').optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).max(64).optional(),
  /**
   * The release every report names, the server's and the web app's alike (the name source maps are
   * uploaded under when it is set at build too); unset, none. Sentry's rules for a release name.
   */
  SENTRY_RELEASE: z
    .string()
    .regex(
      /^(?!\.{1,2}$|latest$)[^\s/\\]{1,200}$/,
      'must be a release name such as huddle@1.4.0 (no spaces or slashes)',
    )
    .optional(),
});

export interface Config {
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** Unset: the embedded PostgreSQL in dataDir (decision 012). */
  databaseUrl: string | undefined;
  /** The pool's size and timeouts (decision 058). */
  databasePool: { max: number; acquireTimeoutMs: number; idleInTransactionTimeoutMs: number };
  /** Stale-ok reads go here while it is within maxLagMs of the primary; undefined: all reads on the primary (decision 066). */
  databaseReplica: { url: string; maxLagMs: number } | undefined;
  publicOrigin: string;
  corsOrigins: string[];
  /** Custom domains may point here with an A record; unset, they use a CNAME to PUBLIC_ORIGIN's host. */
  publicIpv4: string | undefined;
  /** Browser journeys only: DNS answers for `.test` names from this JSON file (custom-domains/dns-lookup.ts). */
  dnsTestRecordsFile: string | undefined;
  sessionSecret: string;
  smtpUrl: string | undefined;
  smtpMaxConnections: number;
  mailFrom: string;
  redisUrl: string | undefined;
  seedDemo: boolean;
  authRateLimitMax: number;
  /** Guest writes (joins, season registrations, form submissions) per client address in ten minutes. */
  guestRateLimitMax: number;
  realtimeOpenRateLimitMax: number;
  /** Signed-out discover pages kept per instance (decision 073); 0: no cache. */
  discoverCacheEntries: number;
  trustProxy: boolean;
  /** Milliseconds between SIGTERM (readiness 503) and closing the listener. */
  drainDelayMs: number;
  /** A start not serving after this long ends the process (0: no limit). */
  startTimeoutMs: number;
  /** The bearer token of GET /metrics; undefined: the route answers 404. */
  metricsToken: string | undefined;
  logLevel: string;
  /** The built web app to serve; undefined when there is none (API only). */
  webDistDir: string | undefined;
  /** S3-compatible storage for uploads; undefined keeps them on disk in DATA_DIR/uploads. */
  s3: S3StorageConfig | undefined;
  /** Social sign-in providers that have a client id and secret; the others are hidden. */
  socialProviders: SocialProviderConfig[];
  /** Feature flag defaults; rows in feature_flags override them at run time. */
  flagDefaults: { badges: boolean; subscriptions: boolean };
  /** Lower-cased; who is made an admin at sign-up and at start. */
  adminEmails: string[];
  /** Spec §1: the platform variant; it picks the user plan list (the meh variant hides Transactions). */
  platform: Platform;
  /** Raster map tiles (OpenStreetMap's by default); undefined (MAP_TILE_URL=off) draws an offline outline of the US. */
  mapTiles: { url: string; attribution: string } | undefined;
  /** Web Push: a configured VAPID pair, or undefined to generate one into DATA_DIR (decision 027). */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Which secrets come from the environment and which from DATA_DIR's files: backups carry the latter (decision 062). */
  secretSources: Record<SecretName, SecretSource>;
  /** Who push services contact about this sender. */
  vapidSubject: string;
  /** Real Stripe when a secret key is set; undefined runs the built-in local provider (decision 029). */
  stripe: StripeConfig | undefined;
  /** Huddle's cut of a paid registration, in percent of the amount (0 = none). */
  platformFeePercent: number;
  /** Usage analytics for signed-in people who have not opted out; undefined: none (decision 052). */
  analytics:
    | { provider: 'plausible'; url: string; domain: string }
    | { provider: 'posthog'; url: string; key: string }
    | undefined;
  /** Error reporting; each DSN undefined when not configured (decision 052). */
  errorReporting: {
    serverDsn: string | undefined;
    webDsn: string | undefined;
    environment: string;
    release: string | undefined;
  };
}

/**
 * What the command line tools get (backup, restore, db:migrate, db:url, admin:create): the
 * configuration without the session secret, which none of them uses, so none demands
 * SESSION_SECRET beside DATABASE_URL or writes one into a fresh DATA_DIR (decision 062).
 */
export type ToolConfig = Omit<Config, 'sessionSecret'>;

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Needed only to link an existing account through OAuth. */
  connectClientId: string | undefined;
}

export interface SocialProviderConfig {
  id: 'google' | 'facebook';
  clientId: string;
  clientSecret: string;
  discoveryUrl: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads the environment once at start (STYLE: configuration is read once).
 * A bad value throws a ConfigError that names the variable.
 */
export function loadConfig(source: Record<string, string | undefined>): Config {
  const values = parseEnvironment(source);
  const config = toolConfigFrom(values);
  const sessionSecret =
    config.secretSources.session === 'data-dir' ? readOrCreateSecret(config.dataDir) : values.SESSION_SECRET;
  if (!sessionSecret) {
    throw new ConfigError(
      'Invalid configuration:\n  SESSION_SECRET: required when DATABASE_URL is set (at least 32 characters; generate one with `openssl rand -hex 32`)',
    );
  }
  return { ...config, sessionSecret };
}

/** The configuration of a command line tool: loadConfig's checks, without the session secret. */
export function loadToolConfig(source: Record<string, string | undefined>): ToolConfig {
  return toolConfigFrom(parseEnvironment(source));
}

type Environment = z.infer<typeof environment>;

function parseEnvironment(source: Record<string, string | undefined>): Environment {
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environment.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  if (values.S3_BUCKET && !(values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY && values.S3_PUBLIC_URL)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_BUCKET: also set S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_PUBLIC_URL (the URL browsers read the files from)',
    );
  }
  if (Boolean(values.VAPID_PUBLIC_KEY) !== Boolean(values.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
    );
  }
  // The embedded PostgreSQL has no replica; one named beside it would be some other database.
  if (values.DATABASE_REPLICA_URL && !values.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_REPLICA_URL: only with DATABASE_URL (a streaming replica of that primary)',
    );
  }
  if (values.STRIPE_SECRET_KEY && !values.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      "Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (the endpoint's signing secret, whsec_…, from the Stripe dashboard or `stripe listen`)",
    );
  }
  if (values.ANALYTICS_PLAUSIBLE_URL && values.ANALYTICS_POSTHOG_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  ANALYTICS_POSTHOG_KEY: set either ANALYTICS_PLAUSIBLE_URL or ANALYTICS_POSTHOG_KEY, not both (one analytics service)',
    );
  }
  if (values.ANALYTICS_POSTHOG_URL && !values.ANALYTICS_POSTHOG_KEY) {
    throw new ConfigError('Invalid configuration:\n  ANALYTICS_POSTHOG_URL: also set ANALYTICS_POSTHOG_KEY');
  }
  // A deployment served over TLS never takes DNS answers from a file: custom domains are verified by real DNS.
  if (values.DNS_TEST_RECORDS_FILE && values.PUBLIC_ORIGIN?.startsWith('https://')) {
    throw new ConfigError(
      'Invalid configuration:\n  DNS_TEST_RECORDS_FILE: only for browser tests on http://; unset it on a real deployment',
    );
  }
  return values;
}

function toolConfigFrom(values: Environment): ToolConfig {
  const dataDir = path.resolve(values.DATA_DIR);
  const embedded = values.DATABASE_URL === undefined;
  return {
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    databasePool: {
      max: values.DATABASE_POOL_MAX,
      acquireTimeoutMs: values.DATABASE_ACQUIRE_TIMEOUT_MS,
      idleInTransactionTimeoutMs: values.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    databaseReplica: values.DATABASE_REPLICA_URL
      ? { url: values.DATABASE_REPLICA_URL, maxLagMs: values.DATABASE_REPLICA_MAX_LAG_MS }
      : undefined,
    publicOrigin: (values.PUBLIC_ORIGIN ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    corsOrigins: values.CORS_ORIGINS,
    adminEmails: values.ADMIN_EMAILS,
    publicIpv4: values.PUBLIC_IPV4,
    dnsTestRecordsFile: values.DNS_TEST_RECORDS_FILE,
    smtpUrl: values.SMTP_URL,
    smtpMaxConnections: values.SMTP_MAX_CONNECTIONS,
    mailFrom: values.MAIL_FROM,
    redisUrl: values.REDIS_URL,
    // Demo data belongs to a try-out install, never silently to a real deployment.
    seedDemo: values.SEED_DEMO ?? embedded,
    authRateLimitMax: values.AUTH_RATE_LIMIT_MAX,
    guestRateLimitMax: values.GUEST_RATE_LIMIT_MAX,
    realtimeOpenRateLimitMax: values.REALTIME_OPEN_RATE_LIMIT_MAX,
    discoverCacheEntries: values.DISCOVER_CACHE_ENTRIES,
    trustProxy: values.TRUST_PROXY,
    drainDelayMs: values.DRAIN_DELAY_MS,
    startTimeoutMs: values.START_TIMEOUT_MS,
    metricsToken: values.METRICS_TOKEN,
    logLevel: values.LOG_LEVEL,
    webDistDir: values.WEB_DIST_DIR
      ? path.resolve(values.WEB_DIST_DIR)
      : locateUpwards(import.meta.dirname, 'apps/web/dist/index.html')?.replace(/\/index\.html$/, ''),
    flagDefaults: { badges: values.FLAG_BADGES, subscriptions: values.FLAG_SUBSCRIPTIONS },
    platform: values.PLATFORM,
    mapTiles: mapTilesFrom(values.MAP_TILE_URL, values.MAP_TILE_ATTRIBUTION),
    vapidKeys:
      values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY
        ? { publicKey: values.VAPID_PUBLIC_KEY, privateKey: values.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: values.VAPID_SUBJECT ?? mailtoOf(values.MAIL_FROM),
    secretSources: {
      // With DATABASE_URL, SESSION_SECRET is required: several instances must share it.
      session: values.SESSION_SECRET || !embedded ? 'environment' : 'data-dir',
      vapid: values.VAPID_PUBLIC_KEY ? 'environment' : 'data-dir',
    },
    analytics: values.ANALYTICS_PLAUSIBLE_URL
      ? {
          provider: 'plausible',
          url: values.ANALYTICS_PLAUSIBLE_URL.replace(/\/$/, ''),
          domain:
            values.ANALYTICS_PLAUSIBLE_DOMAIN ??
            new URL(values.PUBLIC_ORIGIN ?? `http://localhost:${values.PORT}`).hostname,
        }
      : values.ANALYTICS_POSTHOG_KEY
        ? {
            provider: 'posthog',
            url: (values.ANALYTICS_POSTHOG_URL ?? 'https://us.i.posthog.com').replace(/\/$/, ''),
            key: values.ANALYTICS_POSTHOG_KEY,
          }
        : undefined,
    errorReporting: {
      serverDsn: values.SENTRY_DSN,
      webDsn: values.SENTRY_WEB_DSN ?? values.SENTRY_DSN,
      environment: values.SENTRY_ENVIRONMENT ?? values.NODE_ENV,
      release: values.SENTRY_RELEASE,
    },
    stripe:
      values.STRIPE_SECRET_KEY && values.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: values.STRIPE_SECRET_KEY,
            webhookSecret: values.STRIPE_WEBHOOK_SECRET,
            connectClientId: values.STRIPE_CONNECT_CLIENT_ID,
          }
        : undefined,
    platformFeePercent: values.PLATFORM_FEE_PERCENT,
    s3:
      values.S3_BUCKET && values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY && values.S3_PUBLIC_URL
        ? {
            bucket: values.S3_BUCKET,
            region: values.S3_REGION,
            endpoint: values.S3_ENDPOINT,
            accessKeyId: values.S3_ACCESS_KEY_ID,
            secretAccessKey: values.S3_SECRET_ACCESS_KEY,
            publicUrl: values.S3_PUBLIC_URL,
            privateBucket: values.S3_PRIVATE_BUCKET ?? values.S3_BUCKET,
            // MinIO and most self-hosted stores address buckets by path.
            forcePathStyle: values.S3_ENDPOINT !== undefined,
          }
        : undefined,
    socialProviders: [
      {
        id: 'google' as const,
        clientId: values.GOOGLE_CLIENT_ID,
        clientSecret: values.GOOGLE_CLIENT_SECRET,
        discoveryUrl: values.GOOGLE_DISCOVERY_URL,
      },
      {
        id: 'facebook' as const,
        clientId: values.FACEBOOK_CLIENT_ID,
        clientSecret: values.FACEBOOK_CLIENT_SECRET,
        discoveryUrl: values.FACEBOOK_DISCOVERY_URL,
      },
    ].filter((provider): provider is SocialProviderConfig => Boolean(provider.clientId && provider.clientSecret)),
  };
}

/**
 * OpenStreetMap's standard tiles unless told otherwise (decision 017): a public service with no
 * key, whose usage policy asks for this credit, linked to the copyright page.
 */
export const openStreetMapTiles = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
} as const;

function mapTilesFrom(url: string | undefined, attribution: string | undefined): Config['mapTiles'] {
  if (url === 'off') return undefined;
  if (url === undefined) return { ...openStreetMapTiles, ...(attribution !== undefined && { attribution }) };
  return { url, attribution: attribution ?? '' };
}

/** Embedded mode needs no setup: the first start writes a random secret into the data folder. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, dataDirSecretFiles.session);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The sender address of MAIL_FROM ("Huddle <no-reply@huddle.local>") as a mailto: subject. */
function mailtoOf(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
