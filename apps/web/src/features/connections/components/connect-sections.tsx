import {
  connectionMessages,
  suggestionReasonLabels,
  type ConnectionItem,
  type PlayedWithItem,
  type SuggestionItem,
} from '@huddle/shared/connections';
import { Alert, Badge, Card, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useConnections } from '../api/list-connections.ts';
import { usePlayedWith } from '../api/list-played-with.ts';
import { useSuggestions } from '../api/list-suggestions.ts';
import { ConnectionActions } from './connection-actions.tsx';
import { PersonRow } from './person-row.tsx';

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** A titled card for one part of the connect page, with its loading, error and empty states. */
function Section({ id, title, count, children }: { id: string; title: string; count?: number; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Group gap="xs">
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {count ? (
            <Badge variant="light" aria-label={`${count} in ${title}`}>
              {count}
            </Badge>
          ) : null}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

function QueryState({
  pending,
  error,
  empty,
  emptyText,
}: {
  pending: boolean;
  error: Error | null;
  empty: boolean;
  emptyText: string;
}) {
  if (pending) return <Skeleton h={48} radius="md" />;
  if (error)
    return (
      <Alert color="red" variant="light" title="Could not load this list">
        {error.message}
      </Alert>
    );
  return empty ? <Text c="dimmed">{emptyText}</Text> : null;
}

function PeopleList<T extends { person: { id: string } }>({ items, row }: { items: T[]; row: (item: T) => ReactNode }) {
  return (
    <Stack gap={0}>
      {items.map((item, index) => (
        <Stack key={item.person.id} gap={0}>
          {index > 0 ? <Divider /> : null}
          {row(item)}
        </Stack>
      ))}
    </Stack>
  );
}

const sinceLabel = (iso: string, prefix: string) =>
  `${prefix} ${new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' })}`;

/** Requests waiting for me (accept or decline), then the ones I sent (cancel). */
export function RequestsSection() {
  const list = useConnections();
  const incoming = list.data?.incoming ?? [];
  const outgoing = list.data?.outgoing ?? [];
  const personRow = (status: 'incoming' | 'requested') =>
    function Row(item: ConnectionItem) {
      return (
        <PersonRow
          person={item.person}
          detail={sinceLabel(item.since, status === 'incoming' ? 'Asked' : 'Sent')}
          actions={<ConnectionActions userId={item.person.id} name={item.person.displayName} status={status} />}
        />
      );
    };
  return (
    <Section id="connect-requests" title={connectionMessages.requests} count={incoming.length}>
      <QueryState pending={list.isPending} error={list.error} empty={false} emptyText="" />
      {list.data ? (
        <>
          {incoming.length > 0 ? (
            <PeopleList items={incoming} row={personRow('incoming')} />
          ) : (
            <Text c="dimmed">{connectionMessages.noIncoming}</Text>
          )}
          <Title order={3} size="h5" mt="sm">
            Sent
          </Title>
          {outgoing.length > 0 ? (
            <PeopleList items={outgoing} row={personRow('requested')} />
          ) : (
            <Text c="dimmed">{connectionMessages.noOutgoing}</Text>
          )}
        </>
      ) : null}
    </Section>
  );
}

export function ConnectionsSection() {
  const list = useConnections();
  const items = list.data?.connections ?? [];
  return (
    <Section id="connect-connections" title={connectionMessages.connections} count={items.length}>
      <QueryState
        pending={list.isPending}
        error={list.error}
        empty={items.length === 0}
        emptyText={connectionMessages.noConnections}
      />
      <PeopleList
        items={items}
        row={(item) => (
          <PersonRow
            person={item.person}
            detail={sinceLabel(item.since, 'Since')}
            actions={<ConnectionActions userId={item.person.id} name={item.person.displayName} status="connected" />}
          />
        )}
      />
    </Section>
  );
}

const playedWithDetail = (item: PlayedWithItem) =>
  [
    item.sharedGames > 0 ? plural(item.sharedGames, 'game') : null,
    item.sharedTeams > 0 ? plural(item.sharedTeams, 'team') : null,
  ]
    .filter(Boolean)
    .join(', ') + ' together';

export function PlayedWithSection() {
  const people = usePlayedWith();
  const items = people.data ?? [];
  return (
    <Section id="connect-played-with" title={connectionMessages.playedWith}>
      <QueryState
        pending={people.isPending}
        error={people.error}
        empty={items.length === 0}
        emptyText={connectionMessages.noPlayedWith}
      />
      <PeopleList
        items={items}
        row={(item) => (
          <PersonRow
            person={item.person}
            detail={playedWithDetail(item)}
            actions={<ConnectionActions userId={item.person.id} name={item.person.displayName} status={item.status} />}
          />
        )}
      />
    </Section>
  );
}

const suggestionDetail = (item: SuggestionItem) =>
  item.reasons
    .map((reason) =>
      reason === 'sharedSport' && item.sharedSports.length > 0
        ? `Plays ${item.sharedSports.join(', ')}`
        : suggestionReasonLabels[reason],
    )
    .join(' · ');

export function SuggestionsSection() {
  const people = useSuggestions();
  const items = people.data ?? [];
  return (
    <Section id="connect-suggestions" title={connectionMessages.suggestions}>
      <QueryState
        pending={people.isPending}
        error={people.error}
        empty={items.length === 0}
        emptyText={connectionMessages.noSuggestions}
      />
      <PeopleList
        items={items}
        row={(item) => (
          <PersonRow
            person={item.person}
            detail={suggestionDetail(item)}
            actions={<ConnectionActions userId={item.person.id} name={item.person.displayName} status="none" />}
          />
        )}
      />
    </Section>
  );
}
