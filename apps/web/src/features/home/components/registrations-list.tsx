import { noRegistrationsMessage } from '@huddle/shared/seasons';
import { Avatar, Group, Skeleton, Stack, Text } from '@mantine/core';
import { dateTimeFormat } from '../../../lib/intl-formats.ts';
import { useMyRegistrations, type MyRegistration } from '../api/get-my-registrations.ts';

// Season dates are calendar days: shown as written, whatever the viewer's time zone. The format is
// made on first use, not when home's code loads (a first Intl format costs tens of ms on a phone).
const formatDay = (day: string) =>
  dateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** Spec §2, registrations list: team photo, team name, season label, start and end dates. */
export function RegistrationItems({ registrations, label }: { registrations: MyRegistration[]; label?: string }) {
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {registrations.map((registration) => (
        <Group component="li" key={registration.id} gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={registration.teamPhotoURL} alt="" radius="md" size={44} name={registration.teamName} />
          <Stack gap={0} miw={0}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {registration.teamName}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {registration.seasonLabel}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDay(registration.startsOn)} – {formatDay(registration.endsOn)}
              {registration.status === 'pending' ? ' · awaiting approval' : ''}
            </Text>
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * The player card's registrations (spec §2), loaded when the card opens.
 * A failed load shows the empty text, as the spec's loaders do (§8: no message).
 */
export function RegistrationsList() {
  const registrations = useMyRegistrations();

  if (registrations.isPending) {
    return (
      <Stack gap="sm" role="status" aria-label="Loading registrations">
        <Skeleton height={48} radius="md" />
        <Skeleton height={48} radius="md" />
      </Stack>
    );
  }
  const items = registrations.data ?? [];
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {noRegistrationsMessage}
      </Text>
    );
  }
  return <RegistrationItems registrations={items} />;
}
