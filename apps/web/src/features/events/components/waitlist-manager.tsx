import type { EventView, Party } from '@huddle/shared/events';
import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import { useRemoveParty } from '../api/remove-party.ts';
import { useReorderWaitlist } from '../api/reorder-waitlist.ts';
import { formatOccurrence } from '../event-format.ts';
import { movedOrder } from '../waitlist-order.ts';
import { partyName } from './event-people.tsx';

const failed = (error: Error) => notifications.show({ color: 'red', message: error.message });

/**
 * The waitlist of one date, in order (issue 5): organizers move parties up and down with
 * buttons (keyboard and screen-reader friendly; focus follows the moved party) and see who
 * holds an offer and until when.
 */
export function WaitlistManager({ view }: { view: EventView }) {
  const reorder = useReorderWaitlist();
  const remove = useRemoveParty();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  /** The party just moved and where it should land: focus follows it there. */
  const moving = useRef<{ partyId: string; position: number; step: -1 | 1 } | null>(null);
  const eventId = view.event.id;
  // Offers head the line and are settled by their claim window; only waiting parties move.
  const ids = useMemo(
    () => view.waitlist.filter((party) => party.status === 'waitlisted').map((party) => party.id),
    [view.waitlist],
  );

  useEffect(() => {
    const moved = moving.current;
    if (!moved || ids.indexOf(moved.partyId) !== moved.position) return;
    moving.current = null;
    // The row moved: keep the keyboard on the same button, or its twin at either end of the list.
    const last = ids.length - 1;
    const direction = moved.position === 0 ? 'down' : moved.position === last ? 'up' : moved.step < 0 ? 'up' : 'down';
    buttons.current.get(`${moved.partyId}:${direction}`)?.focus();
  }, [ids]);

  const move = (party: Party, step: -1 | 1) => {
    // One move at a time: the next one starts from the order the server confirmed.
    if (reorder.isPending) return;
    const partyIds = movedOrder(ids, party.id, step);
    if (partyIds === ids) return;
    moving.current = { partyId: party.id, position: partyIds.indexOf(party.id), step };
    reorder.mutate(
      { eventId, occurrenceStartsAt: view.occurrence.startsAt, partyIds },
      {
        onError: (error) => {
          moving.current = null;
          failed(error);
        },
      },
    );
  };
  const register = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Waitlist ({view.waitlist.length})
        </Title>
        {view.waitlist.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nobody is waiting.
          </Text>
        ) : (
          <Stack gap="xs" component="ol" style={{ paddingLeft: 0, margin: 0, listStyle: 'none' }}>
            {view.waitlist.map((party, index) => (
              <Group key={party.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Text fw={600} w={24} ta="right">
                    {index + 1}.
                  </Text>
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text truncate>{partyName(party)}</Text>
                    {party.status === 'offered' && party.offerExpiresAt && (
                      <Text size="xs" c="dimmed">
                        Offered a spot until {formatOccurrence(party.offerExpiresAt, view.event.timeZone)}
                      </Text>
                    )}
                  </Stack>
                  {party.status === 'offered' && (
                    <Badge size="sm" color="green" variant="light">
                      Offered
                    </Badge>
                  )}
                  {party.isUnregisteredUser && (
                    <Badge size="sm" variant="light" color="gray">
                      Guest
                    </Badge>
                  )}
                </Group>
                <Group gap={4} wrap="nowrap">
                  {party.status === 'waitlisted' && (
                    <>
                      <ActionIcon
                        ref={register(`${party.id}:up`)}
                        variant="default"
                        aria-label={`Move ${party.displayName} up`}
                        disabled={ids.indexOf(party.id) === 0}
                        onClick={() => move(party, -1)}
                      >
                        <IconArrowUp size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        ref={register(`${party.id}:down`)}
                        variant="default"
                        aria-label={`Move ${party.displayName} down`}
                        disabled={ids.indexOf(party.id) === ids.length - 1}
                        onClick={() => move(party, 1)}
                      >
                        <IconArrowDown size={16} aria-hidden />
                      </ActionIcon>
                    </>
                  )}
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${party.displayName} from the waitlist`}
                    onClick={() => remove.mutate({ eventId, partyId: party.id }, { onError: failed })}
                  >
                    Remove
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
