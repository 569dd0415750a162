import { viewerTimeZone } from '../../../lib/format-event-time.ts';
import type { Season } from '@huddle/shared/seasons';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { useTeamSeasons } from '../api/list-seasons.ts';
import { useRegister, useSeasonCheckout } from '../api/seasons.ts';
import { SeasonSessions } from './season-sessions.tsx';
import { paidWithCreditMessage } from '@huddle/shared/paid-games';
import { formatDay, formatFee } from './team-labels.ts';

// The card's dialogs (Modal, the registrations table, the season form) load on the first press
// that opens one (decision 082's addendum): a visitor's page is interactive without them.
const loadSeasonDialogs = () => import('./season-dialogs.tsx');
const WithdrawDialog = lazy(() => loadSeasonDialogs().then((module) => ({ default: module.WithdrawDialog })));
const NewSeasonDialog = lazy(() => loadSeasonDialogs().then((module) => ({ default: module.NewSeasonDialog })));
const RegistrationsDialog = lazy(() => loadSeasonDialogs().then((module) => ({ default: module.RegistrationsDialog })));
const GuestRegisterDialog = lazy(() => loadSeasonDialogs().then((module) => ({ default: module.GuestRegisterDialog })));
/** Fetches the dialogs' code as the pointer or focus reaches a button that opens one, so it is usually there by the press. */
const preloadSeasonDialogs = {
  onPointerEnter: () => void loadSeasonDialogs(),
  onFocus: () => void loadSeasonDialogs(),
};

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
  // The dialogs are mounted from the first press on, so closing keeps their transition.
  const [dialogsRequested, setDialogsRequested] = useState(false);
  const opening =
    <T,>(open: (value: T) => void) =>
    (value: T) => {
      setDialogsRequested(true);
      open(value);
    };
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
          <Button size="xs" variant="light" onClick={() => opening(setCreating)(true)} {...preloadSeasonDialogs}>
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
                      onClick={() => (signedIn ? registerFor(season, null) : opening(setGuestFor)(season))}
                      {...(signedIn ? {} : preloadSeasonDialogs)}
                    >
                      {signedIn ? `Register for ${season.label}` : `Register as a guest for ${season.label}`}
                    </Button>
                  )}
                  {mine && (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => opening(setWithdrawing)({ season, registrationId: mine.id })}
                      {...preloadSeasonDialogs}
                    >
                      Withdraw from {season.label}
                    </Button>
                  )}
                  {manages && (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => opening(setManaging)(season)}
                      {...preloadSeasonDialogs}
                    >
                      Registrations
                    </Button>
                  )}
                </Group>
              </Stack>
            );
          })}
        </Stack>
      )}

      {dialogsRequested && (
        <Suspense fallback={null}>
          {withdrawing && (
            <WithdrawDialog
              teamId={teamId}
              season={withdrawing.season}
              registrationId={withdrawing.registrationId}
              onClose={() => setWithdrawing(null)}
              onWithdrawn={onMyRegistrationsChanged}
            />
          )}
          <NewSeasonDialog
            teamId={teamId}
            timeZone={timeZone ?? viewerTimeZone()}
            opened={creating}
            onClose={() => setCreating(false)}
          />
          <RegistrationsDialog
            teamId={teamId}
            season={managing ? (list.find((season) => season.id === managing.id) ?? managing) : null}
            onClose={() => setManaging(null)}
          />
          <GuestRegisterDialog
            season={guestFor}
            pending={register.isPending}
            onClose={() => setGuestFor(null)}
            onRegister={registerFor}
          />
        </Suspense>
      )}
    </Card>
  );
}
