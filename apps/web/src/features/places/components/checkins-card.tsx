import type { Checkin } from '@huddle/shared/places';
import { Alert, Anchor, Avatar, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMapPinCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ViewerClockTime } from '../../../components/ui/viewer-clock-time.tsx';
import { useCheckIn, useCheckOut } from '../api/check-in.ts';

const timeFormat: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

interface CheckinsCardProps {
  placeId: string;
  checkins: Checkin[];
  myCheckin: Checkin | null;
  /** Null when signed out: the card then only lists who is here. */
  viewerId: string | null;
  signInPath: string;
}

/**
 * Who is at the place now, as each person's privacy allows (spec §7 users by check-in
 * place), and "I'm here now" for a signed-in player; a check-in ends by itself.
 */
export function CheckinsCard({ placeId, checkins, myCheckin, viewerId, signInPath }: CheckinsCardProps) {
  const checkIn = useCheckIn(placeId);
  const checkOut = useCheckOut();
  const error = checkIn.error ?? checkOut.error;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="checkins-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="checkins-heading">
          Here now
        </Title>
        {checkins.length === 0 ? (
          <Text c="dimmed" size="sm">
            Nobody has checked in here right now.
          </Text>
        ) : (
          <Stack component="ul" gap="xs" m={0} p={0} aria-label="Checked in here" style={{ listStyle: 'none' }}>
            {checkins.map((checkin) => (
              <Group component="li" key={checkin.userId} gap="sm" wrap="nowrap">
                <Avatar src={checkin.photoURL} alt="" radius="xl" size={32} />
                <Stack gap={0} miw={0}>
                  <Anchor component={Link} to={`/profile/${encodeURIComponent(checkin.userId)}`} size="sm" fw={600}>
                    {checkin.userId === viewerId ? `${checkin.displayName} (you)` : checkin.displayName}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    Here since <ViewerClockTime iso={checkin.checkedInAt} format={timeFormat} />
                  </Text>
                </Stack>
              </Group>
            ))}
          </Stack>
        )}
        {viewerId === null ? (
          <Text size="sm">
            <Anchor component={Link} to={signInPath}>
              Sign in
            </Anchor>{' '}
            to check in here.
          </Text>
        ) : myCheckin ? (
          <Group gap="sm">
            <Text size="sm">
              You are checked in until <ViewerClockTime iso={myCheckin.endsAt} format={timeFormat} />.
            </Text>
            <Button variant="default" onClick={() => checkOut.mutate()} loading={checkOut.isPending}>
              Leave
            </Button>
          </Group>
        ) : (
          <Button
            leftSection={<IconMapPinCheck size={18} aria-hidden />}
            onClick={() => checkIn.mutate()}
            loading={checkIn.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            I'm here now
          </Button>
        )}
        {error ? (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
