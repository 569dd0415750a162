import type { LocalStripe } from './local-stripe.ts';
import { registerAccounts } from './resources/accounts.ts';
import { registerCheckoutSessions } from './resources/checkout-sessions.ts';
import { registerCustomers } from './resources/customers.ts';
import { registerEvents } from './resources/events.ts';
import { registerOAuth } from './resources/oauth.ts';
import { registerPaymentIntents } from './resources/payment-intents.ts';
import { registerRefunds } from './resources/refunds.ts';

/** The resources the payments core serves; other features register theirs beside these. */
export function registerCoreResources(localStripe: LocalStripe): void {
  registerCustomers(localStripe);
  registerCheckoutSessions(localStripe);
  registerPaymentIntents(localStripe);
  registerRefunds(localStripe);
  registerAccounts(localStripe);
  registerOAuth(localStripe);
  registerEvents(localStripe);
}
