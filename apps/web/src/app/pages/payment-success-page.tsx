import { PaymentSuccess } from '../../features/paid-games/components/payment-success.tsx';

/** payment-success (spec §2, guarded): where Stripe Checkout returns after paying. */
export function Component() {
  return <PaymentSuccess />;
}
