import { LocalConnectReturn } from '../../features/payments/components/local-connect-return.tsx';

/** localconnect (spec §2): where Stripe's Connect onboarding returns, with Stripe or the local provider. */
export function Component() {
  return <LocalConnectReturn />;
}
