import {
  defaultStripeCountry,
  stripeCountries,
  stripeMessages,
  type LinkStripeAccountBody,
  type StripeCountryCode,
} from '@huddle/shared/payments';
import { snackbarMs } from '@huddle/shared/limits';
import { Button, Modal, Select, Stack, Text, em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { dialogSize, dialogSizes } from '../../../components/ui/dialog-size.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useLinkStripeAccount } from '../api/link-stripe-account.ts';
import { goToStripe } from '../go-to-stripe.ts';

const countryOptions = stripeCountries.map((country) => ({ value: country.code, label: country.name }));

/**
 * Spec §2 'Connect to Stripe': the home country (45, default US) and two ways in, a new account
 * or an existing one. The payments dialog is 550×500 on a desktop and the whole screen on a phone.
 */
export function ConnectStripeDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery(`(max-width: ${em(576)})`);
  const [country, setCountry] = useState<StripeCountryCode>(defaultStripeCountry);
  const [leaving, setLeaving] = useState(false);
  const link = useLinkStripeAccount();
  const countryError = link.error instanceof ApiError ? link.error.fieldMessages.country : undefined;

  const start = (type: LinkStripeAccountBody['type']) =>
    link.mutate(
      { type, country },
      {
        onSuccess: ({ url }) => {
          setLeaving(true);
          goToStripe(url);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields?.country) return;
          notifications.show({ color: 'red', message: stripeMessages.linkFailed, autoClose: snackbarMs.default });
        },
      },
    );
  const busy = link.isPending || leaving;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Connect to Stripe"
      {...(phone ? {} : dialogSize(dialogSizes.payments, 'atLeast'))}
      fullScreen={phone}
    >
      <Stack gap="lg">
        <Text size="sm">
          Huddle pays organizers through Stripe. Open a new Stripe account in your home country, or link one you already
          have.
        </Text>
        <Select
          label="Home country"
          description="Where you or your organization are based"
          data={countryOptions}
          value={country}
          onChange={(value) => value && setCountry(value as StripeCountryCode)}
          allowDeselect={false}
          searchable
          error={countryError}
          disabled={busy}
          comboboxProps={{ withinPortal: true }}
        />
        <Stack gap="sm">
          <Button onClick={() => start('new')} loading={busy && link.variables?.type === 'new'} disabled={busy}>
            Create a new Stripe account
          </Button>
          <Button
            variant="default"
            onClick={() => start('link')}
            loading={busy && link.variables?.type === 'link'}
            disabled={busy}
          >
            Link an existing Stripe account
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
