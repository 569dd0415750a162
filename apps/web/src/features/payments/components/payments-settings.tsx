import { stripeMessages } from '@huddle/shared/payments';
import { snackbarMs } from '@huddle/shared/limits';
import { Anchor, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useConnectStripeOAuth } from '../api/connect-stripe-oauth.ts';
import { OrganizerPayouts } from './organizer-payouts.tsx';
import { TestPaymentsNotice } from './test-payments-notice.tsx';

/** Which of spec §2's links apply here: the meh variant hides Transactions; pricing follows its flag. */
export interface PaymentsLinkOptions {
  showsTransactions: boolean;
  showsPricing: boolean;
}

/** The pages Settings › Payments links to, in spec §2's order: Transactions, Invoices, community pricing, my communities. */
export function paymentsLinks({ showsTransactions, showsPricing }: PaymentsLinkOptions) {
  return [
    ...(showsTransactions ? [{ to: '/transactions', label: 'Transactions' }] : []),
    { to: '/invoices', label: 'Invoices' },
    ...(showsPricing ? [{ to: '/community/pricing?for=me', label: 'Community pricing' }] : []),
    { to: '/my-communities', label: 'My communities' },
  ];
}

/** What Stripe's OAuth return adds to the address (spec §2: code and scope are read, then removed). */
const oauthParams = ['code', 'scope', 'state', 'error', 'error_description'];

/**
 * Settings › Payments (tab 2). `children` are the sections other payment features add
 * (the plan and subscription of the person), rendered between the links and the payouts.
 */
export function PaymentsSettings({ children, links }: { children?: ReactNode; links: PaymentsLinkOptions }) {
  useOAuthReturn();
  return (
    <Stack gap="xl" maw={720}>
      <TestPaymentsNotice />
      <Group gap="lg" wrap="wrap" component="nav" aria-label="Payments pages">
        {paymentsLinks(links).map((link) => (
          <Anchor key={link.to} component={Link} to={link.to} fw={600}>
            {link.label}
          </Anchor>
        ))}
      </Group>
      {children}
      <Divider />
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={3} size="h4">
            Organizer payouts
          </Title>
          <Text size="sm" c="dimmed">
            Where Huddle pays you what players pay for your games and seasons.
          </Text>
        </Stack>
        <OrganizerPayouts />
      </Stack>
    </Stack>
  );
}

/** Back from Stripe's "link an existing account": the code links it, and leaves the address at once. */
function useOAuthReturn() {
  const [searchParams, setSearchParams] = useSearchParams();
  const connect = useConnectStripeOAuth();
  const handled = useRef<string | null>(null);
  const code = searchParams.get('code');
  const scope = searchParams.get('scope');
  const state = searchParams.get('state');
  const denied = searchParams.get('error');

  useEffect(() => {
    if (!code && !denied) return;
    const key = code ?? denied;
    if (handled.current === key) return;
    handled.current = key;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of oauthParams) next.delete(name);
        return next;
      },
      { replace: true },
    );
    if (!code) return;
    connect.mutate(
      { code, state: state ?? '', ...(scope && { scope }) },
      {
        onSuccess: () =>
          notifications.show({ color: 'huddle', message: stripeMessages.linked, autoClose: snackbarMs.default }),
        onError: () =>
          notifications.show({ color: 'red', message: stripeMessages.linkFailed, autoClose: snackbarMs.default }),
      },
    );
  }, [code, scope, state, denied, setSearchParams, connect]);
}
