import type { FullSearchReply } from '@huddle/shared/discovery';
import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { EventSummaryList } from './event-summary-list.tsx';
import { PlaceList } from './place-list.tsx';
import { PlayerList } from './player-list.tsx';
import { ResultsEmpty } from './results-states.tsx';
import { TeamList } from './team-list.tsx';

function ResultGroup({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** full-search results in groups (events, teams, places, players); empty groups are left out. */
export function FullSearchResults({ q, results }: { q: string; results: FullSearchReply }) {
  const { events, teams, places, players } = results;
  if (events.length + teams.length + places.length + players.length === 0) {
    return <ResultsEmpty>Nothing on Huddle matches “{q}”. Try another word or a shorter name.</ResultsEmpty>;
  }
  return (
    <Stack gap="lg">
      {events.length > 0 ? (
        <ResultGroup id="search-events" title="Events">
          <EventSummaryList events={events} label="Events found" />
        </ResultGroup>
      ) : null}
      {teams.length > 0 ? (
        <ResultGroup id="search-teams" title="Teams">
          <TeamList teams={teams} label="Teams found" />
        </ResultGroup>
      ) : null}
      {places.length > 0 ? (
        <ResultGroup id="search-places" title="Places">
          <PlaceList places={places} label="Places found" />
        </ResultGroup>
      ) : null}
      {players.length > 0 ? (
        <ResultGroup id="search-players" title="Players">
          <PlayerList players={players} label="Players found" />
        </ResultGroup>
      ) : null}
    </Stack>
  );
}
