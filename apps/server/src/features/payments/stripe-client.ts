import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { LocalStripe } from './local-stripe/local-stripe.ts';

/** The secret key the SDK gets in local mode; it never leaves the process. */
const localSecretKey = 'sk_test_local';

/**
 * The one Stripe SDK instance of the app (decision 029). With STRIPE_SECRET_KEY it talks to
 * Stripe; without, the same SDK sends every request to the built-in local provider in process
 * (its fetch-based HTTP client over `localStripe.fetch`), so the rest of the code only ever calls
 * the SDK and cannot tell the two apart.
 */
export function createStripeClient(config: Config, localStripe: LocalStripe | undefined): Stripe {
  if (config.stripe) {
    return new Stripe(config.stripe.secretKey, { maxNetworkRetries: 2, appInfo: { name: 'Huddle' } });
  }
  if (!localStripe) throw new Error('the local Stripe provider is needed when no STRIPE_SECRET_KEY is set');
  return new Stripe(localSecretKey, {
    httpClient: Stripe.createFetchHttpClient(localStripe.fetch),
    maxNetworkRetries: 0,
    telemetry: false,
  });
}
