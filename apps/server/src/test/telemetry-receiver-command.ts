import { startTelemetryReceiver } from './telemetry-receiver.ts';

/**
 * `npm run telemetry:receiver`: the tests' Sentry and PostHog stand-in on 127.0.0.1, printing
 * each error report and page view as it arrives, to see what a running Huddle sends (README,
 * Configuration). TELEMETRY_RECEIVER_PORT picks the port (9031).
 */
const port = Number(process.env.TELEMETRY_RECEIVER_PORT ?? 9031);
const receiver = await startTelemetryReceiver({
  port,
  onRequest: ({ sentry, posthog, refused }) => {
    for (const item of sentry?.items ?? []) {
      console.log(`Sentry ${item.header.type}:`, JSON.stringify(item.payload, null, 2));
    }
    for (const event of posthog?.events ?? []) console.log(`PostHog ${event.event}:`, JSON.stringify(event, null, 2));
    if (refused) console.log('Refused:', JSON.stringify(refused));
  },
});
console.log(`Receiving on 127.0.0.1:${port}. Start Huddle (npm start) with:
  SENTRY_DSN=${receiver.sentryDsn}
  ANALYTICS_POSTHOG_KEY=${receiver.posthogKey} ANALYTICS_POSTHOG_URL=${receiver.posthogUrl}
Requests it refuses (a wrong path, project or key) are printed too. Ctrl+C stops it.`);
