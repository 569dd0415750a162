import {
  findATimeLimits,
  findATimeMessages,
  type FindATimeReply,
  type SuggestedSlot,
} from '@huddle/shared/find-a-time';
import type { NewPollState } from '@huddle/shared/time-polls';
import { Anchor, Badge, Button, Card, Checkbox, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatSlot, zoneName } from '../slot-format.ts';

interface SuggestedSlotsProps {
  teamId: string;
  teamName: string;
  reply: FindATimeReply;
  durationMinutes: number;
  minPlayers: number | null;
}

/** The create-event page's prefill (search parameters it reads): the slot on the team's clock. */
function createGamePath(teamId: string, teamName: string, reply: FindATimeReply, slot: SuggestedSlot, spots: number) {
  const search = new URLSearchParams({
    teamId,
    title: teamName,
    start: slot.startLocal,
    end: slot.endLocal,
    timeZone: reply.timeZone,
    spots: String(spots),
  });
  if (reply.place) search.set('placeId', reply.place.id);
  return `/events/new?${search.toString()}`;
}

function NameList({ label, ids, nameOf }: { label: string; ids: string[]; nameOf: (id: string) => string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {label} ({ids.length})
      </Text>
      <Text size="sm" c={ids.length ? undefined : 'dimmed'}>
        {ids.length ? ids.map(nameOf).join(', ') : 'Nobody'}
      </Text>
    </Stack>
  );
}

interface SlotCardProps {
  slot: SuggestedSlot;
  rank: number;
  reply: FindATimeReply;
  picked: boolean;
  onPick: (picked: boolean) => void;
  createPath: string;
  nameOf: (id: string) => string;
}

function SlotCard({ slot, rank, reply, picked, onPick, createPath, nameOf }: SlotCardProps) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const when = formatSlot(slot.startsAt, slot.endsAt, reply.timeZone);
  return (
    <Card withBorder radius="md" padding="md" component="li" aria-label={`${rank}. ${when}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700}>{when}</Text>
            <Text size="sm" c="dimmed">
              {slot.freeCount} of {reply.memberCount} free
              {slot.busyCount ? ` · ${slot.busyCount} in another game` : ''}
            </Text>
          </Stack>
          <Badge variant="light" size="lg" aria-hidden>
            {slot.freeCount} free
          </Badge>
        </Group>
        <Group gap="sm" wrap="wrap">
          <Button component={Link} to={createPath} size="xs">
            Create game
          </Button>
          <Button
            size="xs"
            variant="subtle"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((current) => !current)}
          >
            {open ? 'Hide who' : 'Who can come'}
          </Button>
          <Checkbox
            label="Pick for a poll"
            checked={picked}
            onChange={(event) => onPick(event.currentTarget.checked)}
          />
        </Group>
        <Collapse expanded={open} id={detailsId}>
          <Stack gap="xs" pt="xs">
            <NameList label="Free" ids={slot.free} nameOf={nameOf} />
            <NameList label="In another game" ids={slot.busy} nameOf={nameOf} />
            <NameList label="No availability given" ids={reply.noAvailability} nameOf={nameOf} />
          </Stack>
        </Collapse>
      </Stack>
    </Card>
  );
}

/** The ranked times, each to create a game from, and 2-5 of them to send as a poll. */
export function SuggestedSlots({ teamId, teamName, reply, durationMinutes, minPlayers }: SuggestedSlotsProps) {
  const navigate = useNavigate();
  const [picked, setPicked] = useState<string[]>([]);
  const names = new Map(reply.members.map((member) => [member.id, member.displayName]));
  const nameOf = (id: string) => names.get(id) ?? 'Unnamed Player';
  const { min, max } = findATimeLimits.pollSlots;
  const canPoll = picked.length >= min && picked.length <= max;

  const sendPoll = () => {
    // The polls page's router state (time-polls.ts: it parses it with newPollState).
    const state: NewPollState = {
      slots: reply.slots
        .filter((slot) => picked.includes(slot.startsAt))
        .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
        .map((slot) => ({ startsAt: slot.startsAt, endsAt: slot.endsAt })),
      durationMinutes,
      title: teamName,
      ...(reply.place ? { placeId: reply.place.id } : {}),
    };
    void navigate(`/teams/${teamId}/polls/new`, { state });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={0}>
          <Title order={2} size="h3">
            Best times
          </Title>
          <Text size="sm" c="dimmed">
            Times in {zoneName(reply.timeZone, reply.slots[0]?.startsAt ?? new Date().toISOString())}
            {reply.place ? ` · at ${reply.place.name}` : ''}
          </Text>
        </Stack>
        <Stack gap={2} align="flex-end">
          <Button onClick={sendPoll} disabled={!canPoll} variant="light">
            Send a poll{picked.length ? ` (${picked.length})` : ''}
          </Button>
          <Text size="xs" c={picked.length > max ? 'red' : 'dimmed'} aria-live="polite">
            {findATimeMessages.pickForPoll}
          </Text>
        </Stack>
      </Group>
      {reply.noAvailability.length > 0 && (
        <Group gap="xs" wrap="wrap">
          <Text size="sm">
            {reply.noAvailability.length} of {reply.memberCount} members have not given their availability yet; Huddle
            reminded them once.
          </Text>
          <Anchor component={Link} to="/settings?tab=availability" size="sm">
            Your own availability
          </Anchor>
        </Group>
      )}
      {reply.slots.length === 0 ? (
        <Text role="status">{findATimeMessages.noSlots}</Text>
      ) : (
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {reply.slots.map((slot, index) => (
            <SlotCard
              key={slot.startsAt}
              slot={slot}
              rank={index + 1}
              reply={reply}
              picked={picked.includes(slot.startsAt)}
              onPick={(on) =>
                setPicked((current) =>
                  on ? [...current, slot.startsAt] : current.filter((startsAt) => startsAt !== slot.startsAt),
                )
              }
              createPath={createGamePath(teamId, teamName, reply, slot, minPlayers ?? Math.max(slot.freeCount, 2))}
              nameOf={nameOf}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
