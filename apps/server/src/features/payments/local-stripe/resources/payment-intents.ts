import { listOf, noSuchObject, type LocalStripe, type StripeObject } from '../local-stripe.ts';

/** Payment intents are made by the local Checkout page; the API only reads them. */
export function registerPaymentIntents(localStripe: LocalStripe): void {
  localStripe.route('GET', '/v1/payment_intents/:id', async ({ params }, { store }) => {
    const intent = await store.find('payment_intent', params.id!);
    if (!intent) throw noSuchObject('payment_intent', params.id!);
    return intent;
  });

  /**
   * A payment intent's charge (its `latest_charge`), made from the intent: the local provider
   * keeps the refunded total there. Its refunds are listed as with `expand: ['refunds']`.
   */
  localStripe.route('GET', '/v1/charges/:id', async ({ params }, { store }) => {
    const [intent] = await store.list('payment_intent', { latest_charge: params.id }, 1);
    if (!intent) throw noSuchObject('charge', params.id!);
    const refunds = await store.list('refund', { charge: params.id }, 1000);
    return chargeOf(intent, refunds);
  });
}

/** The charge of a succeeded payment intent, with its refunds. */
export function chargeOf(intent: StripeObject, refunds: StripeObject[]): StripeObject {
  const refunded = (intent.amount_refunded as number | undefined) ?? 0;
  return {
    id: intent.latest_charge as string,
    object: 'charge',
    amount: intent.amount,
    amount_captured: intent.amount,
    amount_refunded: refunded,
    refunded: refunded === intent.amount,
    captured: true,
    paid: true,
    status: 'succeeded',
    currency: intent.currency,
    created: intent.created,
    customer: intent.customer ?? null,
    payment_intent: intent.id,
    metadata: intent.metadata ?? {},
    refunds: listOf(`/v1/charges/${String(intent.latest_charge)}/refunds`, refunds),
    livemode: false,
  };
}
