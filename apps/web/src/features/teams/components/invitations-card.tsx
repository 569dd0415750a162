import { assignableRoles } from '@huddle/shared/teams';
import { Button, Card, CopyButton, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateInvitation, useInvitations, useRevokeInvitation } from '../api/invitations.ts';
import { roleLabels } from './team-labels.ts';

type InvitedRole = (typeof assignableRoles)[number];

/** Invitation links and emailed invitations (owner and organizers; only the owner invites organizers). */
export function InvitationsCard({ teamId, viewerIsOwner }: { teamId: string; viewerIsOwner: boolean }) {
  const invitations = useInvitations(teamId, true);
  const create = useCreateInvitation();
  const revoke = useRevokeInvitation();
  const [role, setRole] = useState<InvitedRole>('player');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const roles = assignableRoles.filter((option) => viewerIsOwner || option !== 'organizer');
  // Read once per mount: an invitation that expires while the card is open still shows until the next visit.
  const [now] = useState(() => Date.now());
  const active = (invitations.data?.invitations ?? []).filter(
    (invitation) => !invitation.revokedAt && Date.parse(invitation.expiresAt) > now,
  );

  const invite = (withEmail: boolean) => {
    setEmailError(null);
    create.mutate(
      { teamId, role, email: withEmail ? email.trim() : null },
      {
        onSuccess: () => {
          if (withEmail) {
            notifications.show({ message: `Invitation sent to ${email.trim()}.` });
            setEmail('');
          }
        },
        onError: (error) =>
          error instanceof ApiError && error.fields?.email
            ? setEmailError(error.fieldMessages.email ?? null)
            : notifications.show({ color: 'red', message: error.message }),
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="sm">
        Invite people
      </Title>
      <Stack gap="sm">
        {/* The browser's own picker: three roles need no searchable dropdown, and Mantine's Select
            positioned its hidden list on every team page an organizer opened (decision 084). */}
        <NativeSelect
          label="Invite as"
          data={roles.map((option) => ({ value: option, label: roleLabels[option] }))}
          value={role}
          onChange={(event) => setRole(event.currentTarget.value as InvitedRole)}
          w={200}
        />
        <Group align="flex-end">
          <TextInput
            label="Email"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={emailError}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button onClick={() => invite(true)} disabled={!email.trim()} loading={create.isPending}>
            Send invitation
          </Button>
        </Group>
        <Button
          variant="default"
          onClick={() => invite(false)}
          loading={create.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          Create an invitation link
        </Button>
        {active.length > 0 && (
          <Stack gap="xs" mt="xs">
            <Text fw={600} size="sm">
              Active invitations (valid for 7 days)
            </Text>
            {active.map((invitation) => (
              <Group key={invitation.id} justify="space-between" wrap="nowrap">
                <Text size="sm" truncate>
                  {invitation.email ?? 'Link'} · {roleLabels[invitation.role]} · joined {invitation.acceptedCount}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <CopyButton value={invitation.url}>
                    {({ copied, copy }) => (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={copy}
                        aria-label={`Copy invitation link for ${invitation.email ?? 'anyone'}`}
                      >
                        {copied ? 'Copied' : 'Copy link'}
                      </Button>
                    )}
                  </CopyButton>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => revoke.mutate({ teamId, invitationId: invitation.id })}
                  >
                    Revoke
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
