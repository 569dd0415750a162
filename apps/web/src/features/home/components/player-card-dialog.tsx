import type { CurrentUser } from '@huddle/shared/users';
import { Avatar, Box, Center, Modal, Stack, Text, Title } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { dialogSize, dialogSizes } from '../../../components/ui/dialog-size.ts';
import { RegistrationsList } from './registrations-list.tsx';

/** Spec §9: the QR code is 200 wide, error correction M, and links to /profile/{userId}. */
export function publicProfileUrl(origin: string, userId: string): string {
  return `${origin}/profile/${encodeURIComponent(userId)}`;
}

function PlayerCard({ user }: { user: CurrentUser }) {
  return (
    <Stack gap="lg">
      <Stack gap={6} align="center" ta="center">
        <Avatar src={user.photoURL} alt="" size={88} radius={88} />
        <Text fw={700} size="xl" style={{ overflowWrap: 'anywhere' }}>
          {user.displayName}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
      </Stack>
      <Center>
        {/* Dark on white in both schemes: scanners read that best. */}
        <Box p="sm" bg="white" style={{ borderRadius: 'var(--mantine-radius-md)', lineHeight: 0 }}>
          <QRCodeSVG
            value={publicProfileUrl(window.location.origin, user.id)}
            size={200}
            level="M"
            role="img"
            aria-label={`QR code of ${user.displayName}'s public profile`}
          />
        </Box>
      </Center>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Registrations
        </Title>
        {/* Mounted only while the dialog is open: the list loads when the card opens. */}
        <RegistrationsList />
      </Stack>
    </Stack>
  );
}

/** Spec §2, player card dialog (400 wide, up to 800 tall): avatar, QR code, name, email, registrations. */
export function PlayerCardDialog({
  user,
  opened,
  onClose,
}: {
  user: CurrentUser;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Player Card"
      {...dialogSize(dialogSizes.playerCard, 'upTo')}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <PlayerCard user={user} />
    </Modal>
  );
}
