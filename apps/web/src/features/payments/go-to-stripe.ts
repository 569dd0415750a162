import { stripeMessages, takingYouToStripeMs } from '@huddle/shared/payments';
import { notifications } from '@mantine/notifications';

/** Spec §8/§9: 'Taking you to Stripe' shows for 3 s, then the browser goes there. */
export function goToStripe(url: string): void {
  notifications.show({ message: stripeMessages.takingYouToStripe, autoClose: takingYouToStripeMs });
  window.setTimeout(() => window.location.assign(url), takingYouToStripeMs);
}
