import { noSuchObject, type LocalStripe } from '../local-stripe.ts';

/** Payment intents are made by the local Checkout page; the API only reads them. */
export function registerPaymentIntents(localStripe: LocalStripe): void {
  localStripe.route('GET', '/v1/payment_intents/:id', async ({ params }, { store }) => {
    const intent = await store.find('payment_intent', params.id!);
    if (!intent) throw noSuchObject('payment_intent', params.id!);
    return intent;
  });
}
