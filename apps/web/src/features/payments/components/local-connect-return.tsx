import { stripeMessages } from '@huddle/shared/payments';
import { snackbarMs } from '@huddle/shared/limits';
import { Alert, Anchor, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCompleteVerification } from '../api/complete-verification.ts';
import { stripeAccountQueryKey, useStripeAccount } from '../api/get-stripe-account.ts';
import { goToStripe } from '../go-to-stripe.ts';
import { StripeAccountCard } from './stripe-account-card.tsx';
import { TestPaymentsNotice } from './test-payments-notice.tsx';

const paymentsSettingsPath = '/settings?tab=payments';

/**
 * Spec §2 localconnect: where Stripe's onboarding returns. It reads the account anew (which
 * stores its status), says it is linked and shows the card; an expired link (refresh=true)
 * goes back to Stripe with a fresh one.
 */
export function LocalConnectReturn() {
  const [searchParams] = useSearchParams();
  const refresh = searchParams.get('refresh') === 'true';
  const queryClient = useQueryClient();
  const account = useStripeAccount();
  const verification = useCompleteVerification();
  const announced = useRef(false);
  const refreshed = useRef(false);

  useEffect(() => {
    // Whatever was cached is from before Stripe: read it again.
    void queryClient.invalidateQueries({ queryKey: stripeAccountQueryKey });
  }, [queryClient]);

  useEffect(() => {
    if (!refresh || refreshed.current) return;
    refreshed.current = true;
    verification.mutate(undefined, {
      onSuccess: ({ url }) => goToStripe(url),
      onError: () =>
        notifications.show({ color: 'red', message: stripeMessages.linkFailed, autoClose: snackbarMs.default }),
    });
  }, [refresh, verification]);

  const linked = !account.isFetching && account.data?.stripeId;
  useEffect(() => {
    if (refresh || !linked || announced.current) return;
    announced.current = true;
    notifications.show({ color: 'huddle', message: stripeMessages.linked, autoClose: snackbarMs.default });
  }, [refresh, linked]);

  let body;
  if (refresh) {
    body = verification.isError ? (
      <Alert color="red" variant="light" title={stripeMessages.linkFailed}>
        <Anchor component={Link} to={paymentsSettingsPath} size="sm">
          Go to Settings › Payments
        </Anchor>
      </Alert>
    ) : (
      <Text>Your Stripe link expired. Getting a new one…</Text>
    );
  } else if (account.isPending || (account.isFetching && !account.data?.stripeId)) {
    body = <Loader size="sm" aria-label="Loading your Stripe account" />;
  } else if (account.isError) {
    body = (
      <Alert color="red" variant="light" title="Your Stripe account could not be loaded">
        <Button variant="subtle" size="compact-sm" onClick={() => void account.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (account.data.stripeId) {
    body = <StripeAccountCard account={{ ...account.data, stripeId: account.data.stripeId }} />;
  } else {
    body = <Text>No Stripe account is linked to your Huddle account.</Text>;
  }

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>Stripe account</Title>
      <TestPaymentsNotice />
      {body}
      <Anchor component={Link} to={paymentsSettingsPath} fw={600}>
        Back to Settings › Payments
      </Anchor>
    </Stack>
  );
}
