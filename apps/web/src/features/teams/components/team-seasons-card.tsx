import { viewerTimeZone } from '../../../lib/format-event-time.ts';
import type { Season } from '@huddle/shared/seasons';
import { Badge, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { useTeamSeasons } from '../api/list-seasons.ts';
import { useRegister, useRemoveRegistration, useSeasonCheckout } from '../api/seasons.ts';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';
import { RegistrationsManager } from './registrations-manager.tsx';
import { SeasonSessions } from './season-sessions.tsx';
import { paidWithCreditMessage } from '@huddle/shared/paid-games';
import { formatDay, formatFee } from './team-labels.ts';

// The season form brings the date picker (@mantine/dates): loaded when an organizer opens it.
const SeasonForm = lazy(() => import('./season-form.tsx').then((module) => ({ default: module.SeasonForm })));

interface TeamSeasonsCardProps {
  teamId: string;
  /** The team's zone, for its sessions' times; null for a team made before teams had one. */
  timeZone: string | null;
  signedIn: boolean;
  manages: boolean;
  /** The viewer's own registrations (any team's; the page reads them), so a season says so and offers Withdraw. */
  myRegistrations: { id: string; seasonId: string; status: 'pending' | 'approved' }[];
  /** After the viewer registered or withdrew: the page reads their registrations again. */
  onMyRegistrationsChanged: () => void;
}

/**
 * The player's confirmation before leaving a season (decision 043): a paid fee comes back in full
 * before the first session, not after; the server applies the rule, the dialog says it first.
 */
function WithdrawDialog({
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

/** The team's seasons: dates, fee, capacity; players register, guests give name and email, organizers manage. */
export function TeamSeasonsCard({
  teamId,
  timeZone,
  signedIn,
  manages,
  myRegistrations,
  onMyRegistrationsChanged,
}: TeamSeasonsCardProps) {
  const seasons = useTeamSeasons(teamId);
  const register = useRegister();
  const checkout = useSeasonCheckout();
  const [creating, setCreating] = useState(false);
  const [managing, setManaging] = useState<Season | null>(null);
  const [guestFor, setGuestFor] = useState<Season | null>(null);
  const [withdrawing, setWithdrawing] = useState<{ season: Season; registrationId: string } | null>(null);
  const [guest, setGuest] = useState({ name: '', email: '' });
  const list = seasons.data?.seasons ?? [];

  // A guest hears only that the details went by mail: the server answers alike whether or not
  // the email has an account or is registered already (issue 10), and the mail says which.
  const registerFor = (season: Season, asGuest: { name: string; email: string } | null) =>
    register.mutate(
      { teamId, seasonId: season.id, guest: asGuest },
      {
        onSuccess: () => {
          setGuestFor(null);
          if (!asGuest) onMyRegistrationsChanged();
          notifications.show({
            message: asGuest
              ? `Thanks, ${asGuest.name}. We’ve sent the details to ${asGuest.email}.`
              : `You are registered for ${season.label}.`,
          });
        },
        onError: (error) => notifications.show({ color: 'red', message: error.message }),
      },
    );

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Seasons
        </Title>
        {manages && (
          <Button size="xs" variant="light" onClick={() => setCreating(true)}>
            Add season
          </Button>
        )}
      </Group>
      {list.length === 0 ? (
        <Text c="dimmed" size="sm">
          No seasons yet.
        </Text>
      ) : (
        <Stack gap="md">
          {list.map((season) => {
            const full = season.capacity !== null && season.registeredCount >= season.capacity;
            const mine = myRegistrations.find((registration) => registration.seasonId === season.id);
            return (
              <Stack key={season.id} gap={4}>
                <Group gap="xs">
                  <Text fw={600}>{season.label}</Text>
                  <Badge variant="light" color={season.registrationOpen && !full ? undefined : 'gray'}>
                    {full ? 'Full' : season.registrationOpen ? 'Registration open' : 'Registration closed'}
                  </Badge>
                  {mine && (
                    <Badge variant="light" color={mine.status === 'approved' ? 'huddle' : 'gray'}>
                      {mine.status === 'approved' ? 'You are registered' : 'Your registration awaits approval'}
                    </Badge>
                  )}
                  {season.status === 'draft' && (
                    <Badge variant="light" color="gray">
                      Draft
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {formatDay(season.startsOn)} – {formatDay(season.endsOn)} · {formatFee(season.feeCents)} ·{' '}
                  {season.capacity === null
                    ? `${season.registeredCount} registered`
                    : `${season.registeredCount}/${season.capacity} spots taken`}
                  {season.groups.length > 0 ? ` · ${season.groups.map((group) => group.name).join(', ')}` : ''}
                </Text>
                <SeasonSessions seasonId={season.id} teamTimeZone={timeZone} manages={manages} />
                <Group gap="xs">
                  {!mine && season.registrationOpen && !full && Boolean(season.feeCents) && (
                    // A season with a fee is paid through Checkout, signed in (decision 033).
                    <Button
                      size="xs"
                      loading={checkout.isPending || checkout.data?.outcome === 'checkout'}
                      disabled={!signedIn}
                      onClick={() =>
                        checkout.mutate(
                          { seasonId: season.id, teamId },
                          {
                            onSuccess: (reply) =>
                              reply.outcome === 'checkout'
                                ? window.location.assign(reply.url)
                                : notifications.show({ message: paidWithCreditMessage }),
                            onError: (error) => notifications.show({ color: 'red', message: error.message }),
                          },
                        )
                      }
                    >
                      {signedIn
                        ? `Pay ${formatFee(season.feeCents)} to register for ${season.label}`
                        : `Sign in to register for ${season.label}`}
                    </Button>
                  )}
                  {!mine && season.registrationOpen && !full && !season.feeCents && (
                    <Button
                      size="xs"
                      loading={register.isPending}
                      onClick={() => (signedIn ? registerFor(season, null) : setGuestFor(season))}
                    >
                      {signedIn ? `Register for ${season.label}` : `Register as a guest for ${season.label}`}
                    </Button>
                  )}
                  {mine && (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setWithdrawing({ season, registrationId: mine.id })}
                    >
                      Withdraw from {season.label}
                    </Button>
                  )}
                  {manages && (
                    <Button size="xs" variant="default" onClick={() => setManaging(season)}>
                      Registrations
                    </Button>
                  )}
                </Group>
              </Stack>
            );
          })}
        </Stack>
      )}

      {withdrawing && (
        <WithdrawDialog
          teamId={teamId}
          season={withdrawing.season}
          registrationId={withdrawing.registrationId}
          onClose={() => setWithdrawing(null)}
          onWithdrawn={onMyRegistrationsChanged}
        />
      )}
      <Modal opened={creating} onClose={() => setCreating(false)} title="New season" size="lg">
        <Suspense fallback={<Text c="dimmed">Loading the form…</Text>}>
          <SeasonForm teamId={teamId} timeZone={timeZone ?? viewerTimeZone()} onCreated={() => setCreating(false)} />
        </Suspense>
      </Modal>
      <Modal
        opened={managing !== null}
        onClose={() => setManaging(null)}
        title={managing ? `${managing.label}: registrations` : ''}
        size="xl"
      >
        {managing && (
          <RegistrationsManager teamId={teamId} season={list.find((season) => season.id === managing.id) ?? managing} />
        )}
      </Modal>
      <Modal
        opened={guestFor !== null}
        onClose={() => setGuestFor(null)}
        title={guestFor ? `Register for ${guestFor.label}` : ''}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (guestFor) registerFor(guestFor, { name: guest.name.trim(), email: guest.email.trim() });
          }}
        >
          <Stack>
            <Text size="sm">
              No account needed. We’ll mail you the details. If you sign up later with this email, the registration
              moves to your account. Have an account already? Sign in and register as yourself.
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
            <Button type="submit" loading={register.isPending}>
              Register
            </Button>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
