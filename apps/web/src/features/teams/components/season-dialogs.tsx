import type { Season } from '@huddle/shared/seasons';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';
import { useRemoveRegistration } from '../api/seasons.ts';
import { RegistrationsManager } from './registrations-manager.tsx';

/*
 * The seasons card's dialogs (Mantine's Modal, the registrations table and its selects), loaded on
 * the first press of a button that opens one (team-seasons-card.tsx, decision 082's addendum).
 */

// The season form brings the date picker (@mantine/dates): loaded when an organizer opens it.
const SeasonForm = lazy(() => import('./season-form.tsx').then((module) => ({ default: module.SeasonForm })));

/**
 * The player's confirmation before leaving a season (decision 043): a paid fee comes back in full
 * before the first session, not after; the server applies the rule, the dialog says it first.
 */
export function WithdrawDialog({
  teamId,
  season,
  registrationId,
  onClose,
  onWithdrawn,
}: {
  teamId: string;
  season: Season;
  registrationId: string;
  onClose: () => void;
  onWithdrawn: () => void;
}) {
  const remove = useRemoveRegistration();
  const withdraw = () =>
    remove.mutate(
      { teamId, seasonId: season.id, registrationId },
      {
        onSuccess: () => {
          notifications.show({ message: `You have withdrawn from ${season.label}.` });
          onWithdrawn();
          onClose();
        },
      },
    );
  return (
    <Modal opened onClose={onClose} title={`Withdraw from ${season.label}?`}>
      <Stack>
        <Text size="sm">
          Your place goes to the next person.
          {season.feeCents
            ? ' If you paid and the first session has not started, your fee is refunded in full; after that it is not.'
            : ''}
        </Text>
        <FormLevelError error={remove.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep my place
          </Button>
          <Button color="red.9" loading={remove.isPending} onClick={withdraw}>
            Withdraw
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A new season: the form in a dialog, for organizers. */
export function NewSeasonDialog({
  teamId,
  timeZone,
  opened,
  onClose,
}: {
  teamId: string;
  timeZone: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="New season" size="lg">
      <Suspense fallback={<Text c="dimmed">Loading the form…</Text>}>
        <SeasonForm teamId={teamId} timeZone={timeZone} onCreated={onClose} />
      </Suspense>
    </Modal>
  );
}

/** A season's registrations (approve, decline, refund), for organizers; `season` null when closed. */
export function RegistrationsDialog({
  teamId,
  season,
  onClose,
}: {
  teamId: string;
  season: Season | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={season !== null} onClose={onClose} title={season ? `${season.label}: registrations` : ''} size="xl">
      {season && <RegistrationsManager teamId={teamId} season={season} />}
    </Modal>
  );
}

/** A visitor's registration with a name and an email (no account); `season` null when closed. */
export function GuestRegisterDialog({
  season,
  pending,
  onClose,
  onRegister,
}: {
  season: Season | null;
  pending: boolean;
  onClose: () => void;
  onRegister: (season: Season, guest: { name: string; email: string }) => void;
}) {
  const [guest, setGuest] = useState({ name: '', email: '' });
  return (
    <Modal opened={season !== null} onClose={onClose} title={season ? `Register for ${season.label}` : ''}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (season) onRegister(season, { name: guest.name.trim(), email: guest.email.trim() });
        }}
      >
        <Stack>
          <Text size="sm">
            No account needed. We’ll mail you the details. If you sign up later with this email, the registration moves
            to your account. Have an account already? Sign in and register as yourself.
          </Text>
          <TextInput
            label="Your name"
            required
            value={guest.name}
            onChange={(event) => setGuest({ ...guest, name: event.currentTarget.value })}
          />
          <TextInput
            label="Email"
            type="email"
            required
            value={guest.email}
            onChange={(event) => setGuest({ ...guest, email: event.currentTarget.value })}
          />
          <Button type="submit" loading={pending}>
            Register
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
