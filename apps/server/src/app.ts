import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { AppDeps } from './app-deps.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerAccountRoutes } from './features/accounts/accounts.routes.ts';
import { registerPasskeyRoutes } from './features/passkeys/passkeys.routes.ts';
import { passwordResetMail, verificationMail } from './features/accounts/accounts.mails.ts';
import { claimGuestForVerifiedUser, getCurrentUser, maySignIn } from './features/accounts/accounts.service.ts';
import { registerAvailabilityRoutes } from './features/availability/availability.routes.ts';
import { registerAdminRoutes } from './features/admin/admin.routes.ts';
import { promoteConfiguredAdmins } from './features/admin/admin.service.ts';
import { registerFeatureFlagRoutes } from './features/feature-flags/feature-flags.routes.ts';
import { registerGameTypeRoutes } from './features/game-types/game-types.routes.ts';
import { registerPlaceRoutes } from './features/places/places.routes.ts';
import { registerProfileRoutes } from './features/profiles/profiles.routes.ts';
import { registerHealthRoutes } from './features/health/health.routes.ts';
import { createAuth } from './lib/auth.ts';
import { handleFrameworkError, registerErrorHandling, sendNotFound } from './lib/error-handler.ts';
import { inlineScriptSources } from './lib/inline-script-hashes.ts';
import { createMailer, type Mailer, type MailTransport } from './lib/mail/mailer.ts';
import { loggerRedaction } from './lib/log-redaction.ts';
import { registerNullCharacterGuard } from './lib/null-character-guard.ts';
import { registerOriginCheck } from './lib/origin-check.ts';
import { registerResponseHeaders } from './lib/response-headers.ts';
import { createLocalFileStorage, uploadsUrlPrefix } from './lib/storage/file-storage.ts';
import { createLocalPrivateStorage } from './lib/storage/private-file-storage.ts';
import { isPublicUploadKind } from './lib/storage/upload-kinds.ts';
import { createS3FileStorage, createS3PrivateStorage } from './lib/storage/s3-file-storage.ts';
import { findSessionUserId } from './lib/session.ts';
import { registerWebApp } from './lib/web-app.ts';
import { createAuthPageRender, createServerRender } from './lib/server-render.ts';
import { clearedAuthFormStateCookie, readAuthFormState } from './features/accounts/auth-form-state.ts';
import { eventPageSource } from './features/events/events.page-source.ts';
import { createRealtimeHub } from './lib/realtime-hub.ts';
import { createReadiness, type Readiness } from './lib/readiness.ts';
import { createReadRouting } from './lib/read-routing.ts';
import { registerMetrics } from './lib/metrics.ts';
import { busReady, createPostgresBus, createRedisBus, type RealtimeBus } from './lib/realtime-bus.ts';
import { registerPresenceRoutes } from './features/presence/presence.routes.ts';
import { createRateLimitStore } from './lib/rate-limit-store.ts';
import { createAddressSlots } from './lib/address-slots.ts';
import { realtimeLimits } from '@huddle/shared/realtime';
import { createSharedStateRedis, sharedStateKeyPrefix } from './lib/shared-state-redis.ts';
import { registerTeamRoutes } from './features/teams/teams.routes.ts';
import { registerSeasonRoutes } from './features/seasons/seasons.routes.ts';
import { registerFormUploadRoutes } from './features/forms/form-uploads.routes.ts';
import { registerImageRoutes } from './features/images/images.routes.ts';
import { registerFormRoutes } from './features/forms/forms.routes.ts';
import { registerEventRoutes } from './features/events/events.routes.ts';
import { registerDiscoveryRoutes } from './features/discovery/discovery.routes.ts';
import { registerCalendarRoutes } from './features/calendar/calendar.routes.ts';
import { registerMessageRoutes } from './features/messages/messages.routes.ts';
import { photoMaxBytes } from './lib/images/normalize-image.ts';
import { registerNotificationRoutes } from './features/notifications/notifications.routes.ts';
import { registerSubstituteRoutes } from './features/substitutes/substitutes.routes.ts';
import { registerFairTeamRoutes } from './features/fair-teams/fair-teams.routes.ts';
import { registerTimePollRoutes } from './features/time-polls/time-polls.routes.ts';
import { registerFindATimeRoutes } from './features/find-a-time/find-a-time.routes.ts';
import { createPayments, type Payments } from './features/payments/payments-core.ts';
import { registerPaidGameRoutes } from './features/paid-games/paid-games.routes.ts';
import { registerPaymentRoutes } from './features/payments/payments.routes.ts';
import { registerSubscriptionRoutes } from './features/subscriptions/subscriptions.routes.ts';
import { registerInvoiceRoutes } from './features/invoices/invoices.routes.ts';
import { registerWebsiteRoutes } from './features/websites/websites.routes.ts';
import { websitePages } from './features/websites/websites.page-meta.ts';
import { registerCustomDomainRoutes } from './features/custom-domains/custom-domains.routes.ts';
import { customHostPages } from './features/custom-domains/custom-domains.host.ts';
import { handOffOriginOf } from './features/custom-domains/custom-domains.hand-off.ts';
import { registerPostRoutes } from './features/posts/posts.routes.ts';
import { registerConnectionRoutes } from './features/connections/connections.routes.ts';
import { registerPartnerRoutes } from './features/partners/partners.routes.ts';
import { registerTournamentRoutes } from './features/tournaments/tournaments.routes.ts';
import { registerSeoRoutes } from './features/seo/seo.routes.ts';
import { publicPageMeta } from './features/seo/seo.page-meta.ts';
import { contentPageSources } from './features/seo/content-pages.page-source.ts';
import { registerQuizRoutes } from './features/quizzes/quizzes.routes.ts';
import { registerBadgeRoutes } from './features/badges/badges.routes.ts';
import { registerOnboardingRoutes } from './features/onboarding/onboarding.routes.ts';
import {
  createSystemDnsLookup,
  createTestFileDnsLookup,
  type DnsLookup,
} from './features/custom-domains/dns-lookup.ts';
import type { JobQueue } from './lib/jobs/job-queue.ts';
import { createPgBossQueue } from './lib/jobs/pg-boss-queue.ts';
import { createQueuedMailer } from './lib/mail/queued-mailer.ts';
import { createWebPushSender, loadOrCreateVapidKeys, type PushSender } from './lib/push/web-push-sender.ts';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Tests pass their own logger settings (a stream to read the lines); the server logs JSON lines. */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** Tests may swap the mailer; by default it follows SMTP_URL. */
  mailer?: Mailer;
  /** Tests pass a manual clock to move time (waitlist offers, past events). */
  clock?: Clock;
  /** Tests pass the inline queue (jobs run while they are sent); by default pg-boss on the database. */
  jobs?: JobQueue;
  /** Tests pass a push sender whose keys they know; by default Web Push with the VAPID keys. */
  push?: PushSender;
  /** Tests pass the payments core they register webhook handlers on; by default built here. */
  payments?: Payments;
  /** Tests answer the custom domains' DNS lookups; by default the system's DNS (or DNS_TEST_RECORDS_FILE). */
  dns?: DnsLookup;
  /** server.ts passes the one it moves to draining on SIGTERM; by default serving from the start. */
  readiness?: Readiness;
  /** server.ts logs where a start is (lib/start-progress.ts). */
  onStartStep?: (step: string) => void;
  /** Serve the built web app under NODE_ENV=test too (the server render's tests); always outside tests. */
  serveWebApp?: boolean;
}

/**
 * Decision 025: Redis pub/sub when REDIS_URL is set, else LISTEN/NOTIFY on the database the
 * instances share, over connections of their own built from the pool's settings.
 */
function createRealtimeBus(config: Config, db: Database, log: FastifyInstance['log']): RealtimeBus {
  // drizzle keeps the pool it was opened on (db/client.ts); its type leaves it out.
  const connection = (db as unknown as { $client: pg.Pool }).$client.options;
  if (config.redisUrl) return createRedisBus(config.redisUrl, databaseNameOf(db), { log });
  return createPostgresBus(connection, { log });
}

/** The database's name: what the instances sharing it name their Redis channel and keys after. */
function databaseNameOf(db: Database): string {
  // drizzle keeps the pool it was opened on (db/client.ts); its type leaves it out.
  const connection = (db as unknown as { $client: pg.Pool }).$client.options;
  const name = connection.database ?? new URL(connection.connectionString ?? 'postgres://x/huddle').pathname.slice(1);
  return name || 'huddle';
}

/** 1 MiB is far above any form Huddle sends; larger bodies get 413 (uploads get their own limit). */
const bodyLimit = 1024 * 1024;

/** Builds the whole HTTP app from plugins and feature routes. server.ts starts it; tests inject into it. */
export async function buildApp({
  config,
  db,
  logger,
  mailer,
  clock,
  jobs,
  push,
  payments,
  dns,
  readiness,
  onStartStep = () => undefined,
  serveWebApp = false,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // People's data stays out of the log (lib/log-redaction.ts).
    logger:
      logger === false ? false : { level: config.logLevel, ...(logger === true ? {} : logger), ...loggerRedaction },
    bodyLimit,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // SIGTERM: stop accepting, finish what is in flight (server.ts closes the database after).
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors: handleFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerNullCharacterGuard(app);
  registerOriginCheck(app, { publicOrigin: config.publicOrigin, corsOrigins: config.corsOrigins });

  // drizzle keeps the pool it was opened on (db/client.ts); its type leaves it out.
  const jobQueue = jobs ?? createPgBossQueue((db as unknown as { $client: pg.Pool }).$client.options, { log: app.log });
  // SMTP connections stay open between mails (decision 060): closed after the queue stops.
  const mailTransport: MailTransport = mailer
    ? { send: (message) => mailer.send(message), close: () => undefined }
    : createMailer({
        smtpUrl: config.smtpUrl,
        maxConnections: config.smtpMaxConnections,
        from: config.mailFrom,
        db,
        log: app.log,
      });
  const mail = createQueuedMailer(jobQueue, mailTransport);
  const auth = createAuth({
    config,
    db,
    log: app.log,
    onEmailVerified: async ({ id, email }) => claimGuestForVerifiedUser(db, { email, userId: id }),
    onUserCreated: async ({ email }) => {
      if (config.adminEmails.includes(email.toLowerCase())) await promoteConfiguredAdmins(db, [email.toLowerCase()]);
    },
    maySignIn: (userId, method) => maySignIn(db, { userId, method }),
    // Only called while serving (a reset), once deps exist.
    onSessionsEnded: (userId) => deps.realtime.closeUser(userId, 'password reset'),
    sendPasswordResetLink: async ({ email, name, link }) =>
      mail.send({ to: email, ...passwordResetMail({ name, link }) }),
    sendVerificationLink: async ({ email, name, link }) =>
      mail.send({ to: email, ...verificationMail({ name, link }) }),
  });
  const uploadsDir = path.join(config.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  onStartStep('realtime bus');
  const realtimeBus = createRealtimeBus(config, db, app.log);
  try {
    await busReady(realtimeBus);
  } catch (error) {
    await realtimeBus.close();
    throw error;
  }
  // Decision 067: the limits' counters and the signed-out socket slots live in Redis when there
  // is one, so they hold across instances; during a Redis outage each instance counts alone.
  const sharedRedis = config.redisUrl ? createSharedStateRedis(config.redisUrl, app.log) : undefined;
  const addressSlots = createAddressSlots({
    redis: sharedRedis,
    keyPrefix: `${sharedStateKeyPrefix(databaseNameOf(db))}realtime-slots:`,
    max: realtimeLimits.signedOutSocketsPerAddress,
  });
  const deps: AppDeps = {
    config,
    db,
    reads: createReadRouting(app, {
      primary: db,
      replica: config.databaseReplica,
      pool: config.databasePool,
      secureCookies: config.publicOrigin.startsWith('https://'),
      log: app.log,
    }),
    auth,
    mailer: mail,
    storage: config.s3 ? await createS3FileStorage(config.s3) : createLocalFileStorage(uploadsDir),
    // Beside the public uploads folder, not in it: @fastify/static serves only uploadsDir.
    privateStorage: config.s3
      ? await createS3PrivateStorage(config.s3)
      : createLocalPrivateStorage(path.join(config.dataDir, 'private')),
    // Sessions ended anywhere are forgotten here too (decision 072).
    realtime: createRealtimeHub(realtimeBus, { onSessionsEnded: (ended) => auth.sessionCache.forget(ended) }),
    clock: clock ?? systemClock,
    jobs: jobQueue,
    payments: payments ?? createPayments({ config, db, clock: clock ?? systemClock, jobs: jobQueue }),
    dns:
      dns ??
      (config.dnsTestRecordsFile
        ? createTestFileDnsLookup(config.dnsTestRecordsFile, createSystemDnsLookup())
        : createSystemDnsLookup()),
    push:
      push ??
      createWebPushSender({
        keys: loadOrCreateVapidKeys(config.vapidKeys, config.dataDir),
        subject: config.vapidSubject,
      }),
    readiness: readiness ?? createReadiness('serving'),
    addressSlots,
    responseCaches: new Map(),
  };

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerResponseHeaders(app);
  // API replies over 1 KB go compressed (brotli at quality 4, or gzip), the built assets are
  // pre-compressed by the build: a phone on a slow network gets the home lists in fewer round
  // trips. Pages come from the not-found handler, which the plugin does not reach: Caddy
  // compresses them in production (deploy/Caddyfile). No reply carries a CSRF token (writes
  // are checked by Origin), which is what BREACH-style attacks on compressed bodies go after.
  onStartStep('plugins');
  await app.register(compress);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Scripts from this site, and by their hash those the pages carry inline (inline-script-hashes.ts).
        scriptSrc: ["'self'", ...inlineScriptSources(config.webDistDir)],
        // Mantine sets inline style attributes; no other inline script is allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // Plus the analytics and error-reporting services when configured (decision 052).
        connectSrc: ["'self'", 'ws:', 'wss:', ...thirdPartyOrigins(config)],
        // Forms post to this site; a sign-in page whose post hands over to a custom domain names
        // that domain too (web-app.ts, formPostEndsOn).
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Plain-HTTP installs (localhost, a LAN) must not be told to switch to HTTPS.
    strictTransportSecurity: config.publicOrigin.startsWith('https://'),
  });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: true,
  });
  await app.register(rateLimit, {
    global: false,
    store: createRateLimitStore({
      redis: sharedRedis,
      keyPrefix: sharedStateKeyPrefix(databaseNameOf(db)),
      log: app.log,
    }),
  });
  await app.register(multipart, { limits: { fileSize: photoMaxBytes, files: 1, fields: 0, parts: 1 } });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: uploadsUrlPrefix,
    decorateReply: false,
    // Only the public kinds' folders (upload-kinds.ts): message photos stored here before decision
    // 061 are read by their conversation's members through the route that checks them.
    allowedPath: (pathName) => isPublicUploadKind(pathName.split('/')[1] ?? ''),
    // Upload names are random and never reused.
    maxAge: '365d',
    immutable: true,
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Huddle API', description: 'The API behind the Huddle web app.', version: '0.1.0' },
      servers: [{ url: config.publicOrigin }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  onStartStep('routes');
  // First, so its onResponse hook times every route registered after it.
  registerMetrics(app, deps);
  registerHealthRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerPasskeyRoutes(app, deps);
  registerAvailabilityRoutes(app, deps);
  registerProfileRoutes(app, deps);
  registerGameTypeRoutes(app, deps);
  registerPlaceRoutes(app, deps);
  registerFeatureFlagRoutes(app, deps);
  registerAdminRoutes(app, deps);
  await registerPresenceRoutes(app, deps);
  // After presence's own onClose (which closes this instance's sockets).
  app.addHook('onClose', async () => realtimeBus.close());
  // After the sockets closed too: their slots are given back first.
  app.addHook('onClose', async () => {
    addressSlots.close();
    sharedRedis?.disconnect();
  });
  registerTeamRoutes(app, deps);
  registerSeasonRoutes(app, deps);
  registerEventRoutes(app, deps);
  registerDiscoveryRoutes(app, deps);
  registerCalendarRoutes(app, deps);
  registerNotificationRoutes(app, deps);
  registerSubstituteRoutes(app, deps);
  registerFairTeamRoutes(app, deps);
  registerTimePollRoutes(app, deps);
  registerFindATimeRoutes(app, deps);
  registerMessageRoutes(app, deps);
  await registerPaymentRoutes(app, deps);
  registerPaidGameRoutes(app, deps);
  await registerSubscriptionRoutes(app, deps);
  registerFormRoutes(app, deps);
  registerFormUploadRoutes(app, deps);
  registerImageRoutes(app, deps);
  registerInvoiceRoutes(app, deps);
  registerWebsiteRoutes(app, deps);
  registerCustomDomainRoutes(app, deps);
  registerPostRoutes(app, deps);
  registerConnectionRoutes(app, deps);
  registerQuizRoutes(app, deps);
  registerBadgeRoutes(app, deps);
  registerOnboardingRoutes(app, deps);
  registerPartnerRoutes(app, deps);
  registerTournamentRoutes(app, deps);
  registerSeoRoutes(app, deps);

  // Every job is defined by now (routes define theirs). Workers start once the app is ready, and
  // stop before the database closes. Not sooner: a job may call into the app (the local Stripe
  // provider delivers its webhooks with app.inject), and an inject while plugins are still being
  // registered leaves app.ready() waiting for ever (issue 31: a restarted cluster instance stuck
  // "starting" while the cluster's paid checkouts queued webhook deliveries).
  app.addHook('onReady', async () => {
    onStartStep('job workers');
    await jobQueue.start();
  });
  app.addHook('onClose', async () => {
    await jobQueue.stop();
    mailTransport.close();
  });
  // After the jobs: a job still running may pay through the local provider.
  app.addHook('onClose', async () => deps.payments.close());

  if (config.webDistDir && (config.env !== 'test' || serveWebApp)) {
    onStartStep('web app');
    await registerWebApp(app, config.webDistDir, {
      currentUser: async (request) => {
        const userId = await findSessionUserId(deps.auth, request);
        return userId ? getCurrentUser(db, userId) : null;
      },
      sitePage: websitePages(db, deps.clock, config.publicOrigin),
      pageMeta: publicPageMeta({
        ...deps,
        publicOrigin: config.publicOrigin,
        flagDefaults: config.flagDefaults,
        log: app.log,
      }),
      hostPage: customHostPages(db, deps.clock, config.publicOrigin),
      formPostEndsOn: (returnTo) => handOffOriginOf(db, { returnTo, publicOrigin: config.publicOrigin }),
      authPageConfig: { socialProviders: config.socialProviders.map((provider) => provider.id) },
      renderPage: createServerRender(config.webDistDir, {
        event: eventPageSource(deps, app.log),
        content: contentPageSources(deps),
      }),
      // Issue 33: sign-in and sign-up rendered, and a failed no-JavaScript post's outcome shown on its form.
      renderAuthPage: createAuthPageRender(
        config.webDistDir,
        config.socialProviders.map((provider) => provider.id),
      ),
      authFormState: {
        read: (request, pathname) => readAuthFormState(config.sessionSecret, request.headers.cookie, pathname),
        clearCookie: clearedAuthFormStateCookie(config.publicOrigin.startsWith('https://')),
      },
    });
  } else {
    app.setNotFoundHandler((_request, reply) => sendNotFound(reply));
  }
  return app;
}

/** The origins the web app sends analytics and error reports to (decision 052); none when unconfigured. */
function thirdPartyOrigins(config: Config): string[] {
  const urls = [config.analytics?.url, config.errorReporting.webDsn].filter((url): url is string => Boolean(url));
  return [...new Set(urls.map((url) => new URL(url).origin))];
}
