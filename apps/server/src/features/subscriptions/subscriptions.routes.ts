import { subscriptionEndpoints } from '@huddle/shared/subscriptions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { requireSessionUserId } from '../../lib/session.ts';
import {
  applyCompletedCheckout,
  applyPaidInvoice,
  applySubscription,
  cancelDuplicate,
  cancelDuplicateJob,
  cancelSubscription,
  createPortalSession,
  createSubscription,
  type BillingDeps,
} from './subscription-billing.service.ts';
import { registerLocalPortalPage } from './subscriptions.local-portal.ts';
import { registerLocalBilling, storePlanPrices } from './subscriptions.local-stripe.ts';
import { listPlans as listPlanRows } from './subscriptions.repository.ts';
import { getMySubscription, getTeamSubscription, listPlans } from './subscriptions.service.ts';

export async function registerSubscriptionRoutes(app: FastifyInstance, appDeps: AppDeps): Promise<void> {
  const { db, auth, config, payments, jobs, clock } = appDeps;
  const deps: BillingDeps = {
    db,
    flagDefaults: config.flagDefaults,
    platform: config.platform,
    stripe: payments.stripe,
    clock,
    publicOrigin: config.publicOrigin,
    log: app.log,
  };
  const actor = (request: FastifyRequest) => requireSessionUserId(auth, request);

  registerEndpoint(app, subscriptionEndpoints.listPlans, async () => listPlans(deps));
  registerEndpoint(app, subscriptionEndpoints.getTeamSubscription, async ({ request, params }) =>
    getTeamSubscription(deps, { actorId: await actor(request), teamId: params.teamId }),
  );
  registerEndpoint(app, subscriptionEndpoints.getMySubscription, async ({ request }) =>
    getMySubscription(deps, { actorId: await actor(request) }),
  );
  registerEndpoint(app, subscriptionEndpoints.createSubscription, async ({ request, body }) =>
    createSubscription(deps, { actorId: await actor(request), item: body.items[0]! }),
  );
  registerEndpoint(app, subscriptionEndpoints.cancelSubscription, async ({ request, body }) =>
    cancelSubscription(deps, { actorId: await actor(request), target: body }),
  );
  registerEndpoint(app, subscriptionEndpoints.createPortalSession, async ({ request, body }) =>
    createPortalSession(deps, { actorId: await actor(request), target: body }),
  );

  // Webhooks (decision 030): the core re-reads the object and applies each event once.
  for (const type of [
    'customer.subscription.created',
    'customer.subscription.updated',
    'customer.subscription.deleted',
  ]) {
    payments.onStripeEvent(type, async ({ object, tx }) => {
      const subscription = object as unknown as Stripe.Subscription;
      const { duplicate } = await applySubscription(tx, deps, subscription);
      // Stripe is not called inside the event's transaction: a job cancels the second one.
      if (duplicate) await jobs.send(cancelDuplicateJob, { subscriptionId: subscription.id });
    });
  }
  payments.onStripeEvent('checkout.session.completed', async ({ object, tx }) =>
    applyCompletedCheckout(tx, object as unknown as Stripe.Checkout.Session),
  );
  // A paid plan invoice goes into the payments ledger (Invoices; issue 13).
  payments.onStripeEvent('invoice.paid', async ({ object, tx }) =>
    applyPaidInvoice(tx, object as unknown as Stripe.Invoice),
  );
  jobs.define<{ subscriptionId: string }>(cancelDuplicateJob, async ({ subscriptionId }) =>
    cancelDuplicate(deps, subscriptionId),
  );

  // The local provider serves the plans' prices, subscriptions and a billing portal.
  if (payments.localStripe) {
    registerLocalBilling(payments.localStripe);
    await storePlanPrices(payments.localStripe.context(), await listPlanRows(db));
    await registerLocalPortalPage(app, payments.localStripe);
  }
}
