import { chargeOf } from './payment-intents.ts';
import {
  LocalStripeError,
  listOf,
  metadataOf,
  noSuchObject,
  optionalInteger,
  optionalString,
  type LocalStripe,
  type StripeObject,
} from '../local-stripe.ts';

/**
 * Refunds of a succeeded payment intent, whole or in part; never more than what is left. The
 * payment intent is changed under its row lock, so parallel refunds cannot over-refund.
 */
export function registerRefunds(localStripe: LocalStripe): void {
  localStripe.route('POST', '/v1/refunds', async ({ body }, context) => {
    const { store, newId, now, emit } = context;
    const intentId = optionalString(body, 'payment_intent');
    const chargeId = optionalString(body, 'charge');
    let target = intentId;
    if (!target && chargeId) {
      const [byCharge] = await store.list('payment_intent', { latest_charge: chargeId }, 1);
      if (!byCharge) throw noSuchObject('charge', chargeId, 'charge');
      target = byCharge.id;
    }
    if (!target)
      throw new LocalStripeError(
        400,
        'One of the following params should be provided for this request: payment_intent or charge.',
      );
    const requested = optionalInteger(body, 'amount');
    let refund: StripeObject | undefined;
    const intent = await store.update('payment_intent', target, (current) => {
      if (current.status !== 'succeeded') {
        throw new LocalStripeError(
          400,
          `This PaymentIntent (${current.id}) does not have a successful charge to refund.`,
          'payment_intent',
          'invalid_request_error',
          'charge_not_refundable',
        );
      }
      const left = (current.amount as number) - ((current.amount_refunded as number | undefined) ?? 0);
      const amount = requested ?? left;
      if (amount <= 0 || amount > left) {
        throw new LocalStripeError(
          400,
          left === 0
            ? `Charge ${String(current.latest_charge)} has already been refunded.`
            : `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`,
          'amount',
          'invalid_request_error',
          left === 0 ? 'charge_already_refunded' : 'amount_too_large',
        );
      }
      refund = {
        id: newId('re'),
        object: 'refund',
        amount,
        currency: current.currency,
        charge: current.latest_charge,
        payment_intent: current.id,
        created: now(),
        reason: optionalString(body, 'reason') ?? null,
        status: 'succeeded',
        metadata: metadataOf(body.metadata),
      };
      return { ...current, amount_refunded: ((current.amount_refunded as number | undefined) ?? 0) + amount };
    });
    if (!intent) throw noSuchObject('payment_intent', target, 'payment_intent');
    await store.insert(refund!);
    await emit('refund.created', refund!);
    await emit('charge.refunded', chargeOf(intent, await store.list('refund', { charge: intent.latest_charge }, 1000)));
    return refund!;
  });

  /** The refunds of a charge or a payment intent, oldest first (one page: a payment has few). */
  localStripe.route('GET', '/v1/refunds', async ({ body }, { store }) => {
    const where: Record<string, unknown> = {};
    for (const key of ['charge', 'payment_intent'] as const) {
      const value = optionalString(body, key);
      if (value) where[key] = value;
    }
    return listOf('/v1/refunds', await store.list('refund', where, 1000));
  });

  localStripe.route('GET', '/v1/refunds/:id', async ({ params }, { store }) => {
    const refund = await store.find('refund', params.id!);
    if (!refund) throw noSuchObject('refund', params.id!);
    return refund;
  });
}
