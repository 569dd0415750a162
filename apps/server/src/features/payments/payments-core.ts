import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import { registerCoreResources } from './local-stripe/core-resources.ts';
import { createLocalStripe, type LocalStripe } from './local-stripe/local-stripe.ts';
import { localOAuthAuthorizePath } from './local-stripe/resources/oauth.ts';
import { inTransaction, isEventProcessed, recordProcessedEvent } from './payments.repository.ts';
import { createStripeClient } from './stripe-client.ts';

export type PaymentsMode = 'local' | 'stripe';

/**
 * What a webhook handler gets: the verified event, the object as it is NOW (re-read from Stripe
 * before the transaction, so a late or out-of-order event never writes stale state; the event's
 * own copy when it cannot be read; a charge with all its refunds), and the transaction that also
 * records the event id. Write only through `tx`; do not call Stripe inside (the transaction holds a connection).
 */
export interface StripeEventContext {
  event: Stripe.Event;
  object: Record<string, unknown> & { id?: string };
  tx: Database;
  /**
   * Runs `work` once the event's transaction has committed (and not at all if it rolls back):
   * for what must see the committed rows or call Stripe, such as sending a job. `work` handles
   * its own failures; the event counts as applied either way.
   */
  afterCommit(work: () => Promise<void>): void;
}

export type StripeEventHandler = (context: StripeEventContext) => Promise<void>;

export interface Payments {
  /** The one Stripe SDK instance: real Stripe or the local provider (decision 029). */
  stripe: Stripe;
  mode: PaymentsMode;
  /** The local provider's registry when mode is 'local' (add resources with `.route(…)`). */
  localStripe: LocalStripe | undefined;
  /** Adds a handler for one event type; every handler of an event runs in one transaction. */
  onStripeEvent(type: Stripe.Event.Type | (string & {}), handler: StripeEventHandler): void;
  /** The secret webhooks are signed with: STRIPE_WEBHOOK_SECRET, or the local one kept in the database. */
  webhookSecret(): Promise<string>;
  /** Where "link an existing account" sends the browser (Stripe's OAuth page or the local one). */
  connectAuthorizeUrl(params: { redirectUri: string; state: string }): string | undefined;
  /** Applies a verified event once: 'duplicate' when its id was applied before. */
  applyEvent(event: Stripe.Event): Promise<'applied' | 'duplicate'>;
  /** Releases what the payments hold (the local provider's database pool). */
  close(): Promise<void>;
}

/** The local provider's webhook endpoint: its signing secret is made once and kept in the database. */
const localWebhookEndpointId = 'we_local';

export function createPayments({
  config,
  db,
  clock,
  jobs,
}: {
  config: Config;
  db: Database;
  clock: Clock;
  jobs: JobQueue;
}): Payments {
  const localStripe = config.stripe
    ? undefined
    : createLocalStripe({ db, clock, jobs, publicOrigin: config.publicOrigin });
  if (localStripe) registerCoreResources(localStripe);
  const stripe = createStripeClient(config, localStripe);
  const handlers = new Map<string, StripeEventHandler[]>();
  let localSecret: string | undefined;

  async function currentObject(event: Stripe.Event): Promise<StripeEventContext['object']> {
    const object = event.data.object as unknown as StripeEventContext['object'] & { object?: string };
    const id = object.id;
    if (!id) return object;
    const options = event.account && object.object !== 'account' ? { stripeAccount: event.account } : undefined;
    const read: Record<string, (() => Promise<unknown>) | undefined> = {
      account: () => stripe.accounts.retrieve(id),
      'checkout.session': () => stripe.checkout.sessions.retrieve(id, undefined, options),
      payment_intent: () => stripe.paymentIntents.retrieve(id, undefined, options),
      subscription: () => stripe.subscriptions.retrieve(id, undefined, options),
      customer: () => stripe.customers.retrieve(id, undefined, options),
      refund: () => stripe.refunds.retrieve(id, undefined, options),
      invoice: () => stripe.invoices.retrieve(id, undefined, options),
      // A charge with ALL its refunds (Stripe sends none with charge.refunded, and an expanded
      // list stops at 10): what decides which refunds were made outside Huddle (decision 039).
      charge: async () => {
        const charge = await stripe.charges.retrieve(id, undefined, options);
        const refunds = await stripe.refunds
          .list({ charge: id, limit: 100 }, options)
          .autoPagingToArray({ limit: 10_000 });
        return { ...charge, refunds: { object: 'list', data: refunds, has_more: false } };
      },
    };
    const reader = object.object ? read[object.object] : undefined;
    if (!reader) return object;
    try {
      return (await reader()) as StripeEventContext['object'];
    } catch {
      // Gone or not served (a resource the local provider lacks): the event's copy is the best there is.
      return object;
    }
  }

  return {
    stripe,
    mode: config.stripe ? 'stripe' : 'local',
    localStripe,
    close: async () => localStripe?.close(),
    onStripeEvent(type, handler) {
      handlers.set(type, [...(handlers.get(type) ?? []), handler]);
    },
    async webhookSecret() {
      if (config.stripe) return config.stripe.webhookSecret;
      if (localSecret) return localSecret;
      const endpoint = await localStripe!.context().store.insertOnce({
        id: localWebhookEndpointId,
        object: 'webhook_endpoint',
        secret: `whsec_${randomBytes(24).toString('hex')}`,
        url: `${config.publicOrigin}/api/payments/stripe/webhook`,
      });
      localSecret = endpoint.secret as string;
      return localSecret;
    },
    connectAuthorizeUrl({ redirectUri, state }) {
      if (!config.stripe) {
        const query = new URLSearchParams({
          response_type: 'code',
          client_id: 'ca_local',
          scope: 'read_write',
          redirect_uri: redirectUri,
          state,
        });
        return `${config.publicOrigin}${localOAuthAuthorizePath}?${query.toString()}`;
      }
      if (!config.stripe.connectClientId) return undefined;
      return stripe.oauth.authorizeUrl({
        response_type: 'code',
        client_id: config.stripe.connectClientId,
        scope: 'read_write',
        redirect_uri: redirectUri,
        state,
      });
    },
    async applyEvent(event) {
      const eventHandlers = handlers.get(event.type) ?? [];
      // A cheap look first: most replays end here without a transaction.
      if (await isEventProcessed(db, event.id)) return 'duplicate';
      // Read the object outside the transaction: the waiting replays below hold connections.
      const object =
        eventHandlers.length > 0
          ? await currentObject(event)
          : (event.data.object as unknown as StripeEventContext['object']);
      const committed: (() => Promise<void>)[] = [];
      const outcome = await inTransaction(db, async (tx) => {
        // Parallel deliveries of one event queue on this row; only the first one applies it.
        const first = await recordProcessedEvent(tx, {
          id: event.id,
          type: event.type,
          createdAt: new Date(event.created * 1000),
        });
        if (!first) return 'duplicate' as const;
        const afterCommit = (work: () => Promise<void>) => void committed.push(work);
        for (const handler of eventHandlers) await handler({ event, object, tx, afterCommit });
        return 'applied' as const;
      });
      for (const work of committed) await work().catch(() => undefined);
      return outcome;
    },
  };
}
