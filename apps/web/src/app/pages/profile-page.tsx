import { Button, Modal, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPencil, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { dialogSize, dialogSizes } from '../../components/ui/dialog-size.ts';
import { PlayerProfileCard } from '../../features/profiles/components/player-profile-card.tsx';
import { ProfileForm } from '../../features/profiles/components/profile-form.tsx';
import { MyQuizLevels } from '../../features/quizzes/components/my-quiz-levels.tsx';
import { MyBadges } from '../../features/badges/components/my-badges.tsx';
import { usePublicConfig } from '../../features/settings/api/get-public-config.ts';
import { settingsPath } from '../account-paths.ts';
import { useFinishSetup, useSessionUser } from './session-user.ts';

/** Spec §2, profile: the signed-in player's own profile, with the profile dialog (600 × 675) to edit it. */
export function Component() {
  const { user, setUser } = useSessionUser();
  const finishSetup = useFinishSetup();
  const [editing, { open, close }] = useDisclosure(false);
  // Spec §1: a remote flag controls badges.
  const badgesOn = usePublicConfig().data?.flags.badges === true;
  if (!user) return null;

  return (
    <Stack gap="lg" maw={800}>
      <PlayerProfileCard
        player={{ ...user, city: user.defaultCity?.name ?? null }}
        actions={
          <>
            <Button leftSection={<IconPencil size={18} aria-hidden />} onClick={open}>
              Edit profile
            </Button>
            <Button
              component={Link}
              to={settingsPath}
              variant="default"
              leftSection={<IconSettings size={18} aria-hidden />}
            >
              Settings
            </Button>
          </>
        }
      />
      <MyQuizLevels />
      {badgesOn && <MyBadges shownOnProfile={user.privacy.publicBadges} />}
      <Modal opened={editing} onClose={close} title="Edit profile" {...dialogSize(dialogSizes.profile)}>
        <ProfileForm
          user={user}
          onUserUpdated={setUser}
          secondaryAction={
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
          }
          onSaved={(saved, wasNew) => {
            setUser(saved);
            close();
            if (wasNew) finishSetup();
          }}
        />
      </Modal>
    </Stack>
  );
}
