import { instantToLocal } from '@huddle/shared/event-occurrences';
import type { FindATimeBody } from '@huddle/shared/find-a-time';
import { teamKindLabels } from '@huddle/shared/teams';
import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { viewerTimeZone } from '../../lib/format-event-time.ts';
import { useFindATime } from '../../features/find-a-time/api/find-a-time.ts';
import { FindATimeForm } from '../../features/find-a-time/components/find-a-time-form.tsx';
import { SuggestedSlots } from '../../features/find-a-time/components/suggested-slots.tsx';
import { PlaceChoice } from './find-a-time-place-choice.tsx';
import { useTeam } from '../../features/teams/api/get-team.ts';
import { usePageName } from '../use-page-name.ts';
import { useSessionUser } from './session-user.ts';

/**
 * teams/{id}/find-a-time (issue 34 part 1, decision 079; organizers): rank the times of a window
 * by who can come, then create a game from one or send 2-5 as a poll.
 */
export function Component() {
  const { teamId = '' } = useParams();
  const team = useTeam(teamId);
  const { user } = useSessionUser();
  const search = useFindATime();
  const [asked, setAsked] = useState<{ durationMinutes: number; minPlayers: number | null } | null>(null);
  usePageName(team.data ? `Find a time · ${team.data.name}` : undefined);

  if (team.isPending) {
    return (
      <Text c="dimmed" role="status">
        Loading…
      </Text>
    );
  }
  const role = team.data?.viewer.role;
  if (!team.data || (role !== 'owner' && role !== 'organizer')) {
    return (
      <Stack gap="sm" maw={760}>
        <Title order={1}>Find a time</Title>
        <Text>Only the team’s organizers can find a time for it.</Text>
        <Anchor component={Link} to={team.data ? `/team/${teamId}` : '/teams'}>
          Back
        </Anchor>
      </Stack>
    );
  }
  const noun = teamKindLabels[team.data.kind].toLowerCase();
  const timeZone = team.data.timeZone ?? viewerTimeZone();
  const today = instantToLocal(new Date(), timeZone).slice(0, 10);
  const near = user?.defaultCity ? { lat: user.defaultCity.lat, lng: user.defaultCity.lng } : null;

  const run = (body: FindATimeBody) => {
    setAsked({ durationMinutes: body.durationMinutes, minPlayers: body.minPlayers ?? null });
    return search.mutateAsync({ teamId, body: team.data.timeZone ? body : { ...body, timeZone } });
  };

  return (
    <Stack gap="lg" maw={900}>
      <Stack gap={4}>
        <Title order={1}>Find a time</Title>
        <Text c="dimmed">
          Huddle ranks the times when most of the {noun} is free, from each member’s availability and the games they
          already joined.
        </Text>
        <Anchor component={Link} to={`/team/${teamId}`} w="fit-content">
          Back to {team.data.name}
        </Anchor>
      </Stack>
      <Card withBorder radius="lg" padding="lg">
        <FindATimeForm
          today={today}
          searching={search.isPending}
          error={search.error}
          onSearch={run}
          renderPlaceChoice={(choice) => <PlaceChoice {...choice} near={near} />}
        />
      </Card>
      {search.data && asked && (
        <SuggestedSlots
          teamId={teamId}
          teamName={team.data.name}
          reply={search.data}
          durationMinutes={asked.durationMinutes}
          minPlayers={asked.minPlayers}
        />
      )}
    </Stack>
  );
}
