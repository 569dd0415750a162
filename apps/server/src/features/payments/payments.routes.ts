import { paymentEndpoints } from '@huddle/shared/payments';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { requireSessionUserId } from '../../lib/session.ts';
import { deliverLocalEventJob } from './local-stripe/local-stripe.ts';
import { registerLocalStripePages } from './local-stripe/local-stripe-pages.ts';
import { dueCheckoutSessions, expireCheckoutSession } from './local-stripe/resources/checkout-sessions.ts';
import { registerStripeWebhook, webhookPath } from './stripe-webhook.ts';
import {
  completeVerification,
  connectStripeOAuth,
  defineStripeConnectWebhooks,
  getStripeAccount,
  linkOrCreateStripeAccount,
  unlinkStripeAccount,
  type StripeConnectDeps,
} from './stripe-connect.service.ts';

export const expireLocalCheckoutJob = 'payments.expire-local-checkout-sessions';

export async function registerPaymentRoutes(
  app: FastifyInstance,
  { payments, jobs, config, db, auth, clock }: AppDeps,
): Promise<void> {
  await registerStripeWebhook(app, payments);
  registerStripeConnectRoutes(app, {
    deps: { db, payments, clock, publicOrigin: config.publicOrigin, sessionSecret: config.sessionSecret },
    actor: (request) => requireSessionUserId(auth, request),
  });

  const { localStripe } = payments;
  if (!localStripe) return;
  await registerLocalStripePages(app, localStripe, config.publicOrigin);
  const context = localStripe.context();

  // The local provider delivers each event as Stripe does: a signed POST to the webhook endpoint,
  // through the same verification, retried with backoff until accepted (decision 029).
  jobs.define<{ eventId: string }>(
    deliverLocalEventJob,
    async ({ eventId }) => {
      const event = await context.store.find('event', eventId);
      if (!event) return;
      const payload = JSON.stringify(event);
      const signature = payments.stripe.webhooks.generateTestHeaderString({
        payload,
        secret: await payments.webhookSecret(),
      });
      const reply = await app.inject({
        method: 'POST',
        url: webhookPath,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
      if (reply.statusCode >= 300) throw new Error(`webhook answered ${reply.statusCode} to ${eventId}: ${reply.body}`);
    },
    { retryLimit: 8, retryDelaySeconds: 5 },
  );

  // Stripe expires an unpaid Checkout session at its expires_at; the local provider checks each minute.
  jobs.define(expireLocalCheckoutJob, async () => {
    for (const session of await dueCheckoutSessions(context)) {
      // Another instance may have expired or completed it meanwhile: that refusal is fine.
      await expireCheckoutSession(context, session.id).catch(() => undefined);
    }
  });
  jobs.every(expireLocalCheckoutJob, '* * * * *');
}

function registerStripeConnectRoutes(
  app: FastifyInstance,
  { deps, actor }: { deps: StripeConnectDeps; actor: (request: FastifyRequest) => Promise<string> },
): void {
  defineStripeConnectWebhooks(deps.payments);
  registerEndpoint(app, paymentEndpoints.getAccount, async ({ request }) =>
    getStripeAccount(deps, { actorId: await actor(request) }),
  );
  registerEndpoint(app, paymentEndpoints.linkOrCreateStripeAccount, async ({ request, body }) =>
    linkOrCreateStripeAccount(deps, { actorId: await actor(request), ...body }),
  );
  registerEndpoint(app, paymentEndpoints.connectOAuth, async ({ request, body }) =>
    connectStripeOAuth(deps, { actorId: await actor(request), code: body.code, state: body.state }),
  );
  registerEndpoint(app, paymentEndpoints.completeVerification, async ({ request }) =>
    completeVerification(deps, { actorId: await actor(request) }),
  );
  registerEndpoint(app, paymentEndpoints.unlinkStripeAccount, async ({ request }) =>
    unlinkStripeAccount(deps, { actorId: await actor(request) }),
  );
}
