import type { CurrentUser } from '@huddle/shared/users';
import { Avatar, Group, Text, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';

type AccountMenuButtonProps = UnstyledButtonProps &
  ComponentPropsWithoutRef<'button'> & {
    user: CurrentUser;
  };

/** The account menu's button: the same before the menu has loaded and as the menu's target. */
export const AccountMenuButton = forwardRef<HTMLButtonElement, AccountMenuButtonProps>(function AccountMenuButton(
  { user, ...others },
  ref,
) {
  return (
    <UnstyledButton
      ref={ref}
      aria-label="Account menu"
      px={6}
      py={4}
      style={{ borderRadius: 'var(--mantine-radius-xl)' }}
      {...others}
    >
      <Group gap={8} wrap="nowrap">
        <Avatar src={user.photoURL} alt="" size={32} radius="xl" />
        <Text size="sm" fw={600} visibleFrom="sm" maw={160} truncate>
          {user.displayName}
        </Text>
        <IconChevronDown size={16} aria-hidden />
      </Group>
    </UnstyledButton>
  );
});
