import { formatUsd, type GamePayment } from '@huddle/shared/paid-games';
import type { Season } from '@huddle/shared/seasons';
import { Anchor, Button, Group, Modal, Select, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useRefundSeasonRegistration, useSeasonPayments } from '../api/season-refunds.ts';
import {
  useCreateGroup,
  useRemoveRegistration,
  useSeasonRegistrations,
  useUpdateRegistration,
} from '../api/seasons.ts';
import { ScrollingTable } from '../../../components/ui/scrolling-table.tsx';
import { ErrorText } from '../../../components/ui/error-text.tsx';

const failed = (error: Error) => notifications.show({ color: 'red', message: error.message });

/** What refunding a registration gives back: the charge not refunded yet, and the credit it spent. */
const refundableOf = (payment: GamePayment) => payment.amountCents - payment.refundedCents + payment.creditAppliedCents;

/**
 * The organizer's confirmation before a full refund (decision 043): the money goes back through
 * Stripe, the registration ends and the player is emailed. A refusal (refunded meanwhile) shows here.
 */
function RefundRegistrationDialog({
  teamId,
  season,
  registration,
  payment,
  onClose,
}: {
  teamId: string;
  season: Season;
  registration: { id: string; name: string };
  payment: GamePayment;
  onClose: () => void;
}) {
  const refund = useRefundSeasonRegistration();
  const amount = formatUsd(refundableOf(payment));
  return (
    <Modal opened onClose={onClose} title={`Refund ${registration.name}`}>
      <Stack>
        <Text size="sm">
          Refund {amount} to {registration.name} in full? Their registration for {season.label} ends, and Huddle emails
          them that it was refunded.
        </Text>
        {refund.error && <ErrorText>{refund.error.message}</ErrorText>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red.9"
            loading={refund.isPending}
            onClick={() =>
              refund.mutate(
                { teamId, seasonId: season.id, registrationId: registration.id },
                {
                  onSuccess: () => {
                    notifications.show({ message: `Refunded ${amount} to ${registration.name}.` });
                    onClose();
                  },
                },
              )
            }
          >
            Refund {amount}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Organizers: approve registrations, move them between groups, refund or remove them, export CSV. */
export function RegistrationsManager({ teamId, season }: { teamId: string; season: Season }) {
  const registrations = useSeasonRegistrations(season.id, true);
  const payments = useSeasonPayments(season.id, (season.feeCents ?? 0) > 0);
  const [refunding, setRefunding] = useState<{
    registration: { id: string; name: string };
    payment: GamePayment;
  } | null>(null);
  // A registration's payment that can still be refunded (not given back as credit, decision 035).
  const refundableFor = (registrationId: string) =>
    payments.data?.payments.find(
      (payment) =>
        payment.registrationId === registrationId &&
        (payment.status === 'paid' || payment.status === 'partially_refunded') &&
        payment.creditedCents === 0 &&
        refundableOf(payment) > 0,
    );
  const update = useUpdateRegistration();
  const remove = useRemoveRegistration();
  const createGroup = useCreateGroup();
  const [groupName, setGroupName] = useState('');
  const rows = registrations.data?.registrations ?? [];
  const groupOptions = season.groups.map((group) => ({ value: group.id, label: group.name }));

  return (
    <Stack>
      <Group align="flex-end">
        <TextInput
          label="New group"
          placeholder="Division A"
          value={groupName}
          onChange={(event) => setGroupName(event.currentTarget.value)}
        />
        <Button
          variant="default"
          disabled={!groupName.trim()}
          loading={createGroup.isPending}
          onClick={() =>
            createGroup.mutate(
              { teamId, seasonId: season.id, name: groupName.trim() },
              { onSuccess: () => setGroupName(''), onError: failed },
            )
          }
        >
          Add group
        </Button>
        <Anchor href={`/api/seasons/${season.id}/registrations.csv`} download ml="auto">
          Download CSV
        </Anchor>
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">No registrations yet.</Text>
      ) : (
        <ScrollingTable label="Registrations" minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Group</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((registration) => {
                const payment = refundableFor(registration.id);
                return (
                  <Table.Tr key={registration.id}>
                    <Table.Td>
                      <Text size="sm">{registration.name}</Text>
                      <Text size="xs" c="dimmed">
                        {registration.email}
                        {registration.userId ? '' : ' · guest'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {registration.status === 'approved' ? (
                        <Text size="sm">Approved</Text>
                      ) : (
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() =>
                            update.mutate(
                              { seasonId: season.id, registrationId: registration.id, changes: { status: 'approved' } },
                              { onError: failed },
                            )
                          }
                        >
                          Approve {registration.name}
                        </Button>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={`Group of ${registration.name}`}
                        data={groupOptions}
                        value={registration.groupId}
                        placeholder={groupOptions.length ? 'No group' : 'Add a group first'}
                        clearable
                        disabled={groupOptions.length === 0}
                        onChange={(groupId) =>
                          update.mutate(
                            { seasonId: season.id, registrationId: registration.id, changes: { groupId } },
                            { onError: failed },
                          )
                        }
                        size="xs"
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap" justify="flex-end">
                        {payment && (
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            aria-label={`Refund ${registration.name}`}
                            onClick={() => setRefunding({ registration, payment })}
                          >
                            Refund
                          </Button>
                        )}
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => {
                            // Removing keeps a paid fee (decision 043): said before, so a refund is not lost by mistake.
                            const kept = payment
                              ? ` Their ${formatUsd(refundableOf(payment))} payment is kept: use Refund to give it back.`
                              : '';
                            if (window.confirm(`Remove ${registration.name} from ${season.label}?${kept}`)) {
                              remove.mutate(
                                { teamId, seasonId: season.id, registrationId: registration.id },
                                { onError: failed },
                              );
                            }
                          }}
                        >
                          Remove
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollingTable>
      )}
      {refunding && (
        <RefundRegistrationDialog
          teamId={teamId}
          season={season}
          registration={refunding.registration}
          payment={refunding.payment}
          onClose={() => setRefunding(null)}
        />
      )}
    </Stack>
  );
}
