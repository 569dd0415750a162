import { Button, Stack, type ButtonProps } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useOpenConversation, type ConversationTarget } from '../api/open-conversation.ts';
import { conversationPath } from '../messages-paths.ts';
import { ErrorText } from '../../../components/ui/error-text.tsx';

/** "Message", "Message the organizer", "Message everyone", "Team chat": opens the thread. */
export function OpenConversationButton({
  target,
  label,
  ...buttonProps
}: { target: ConversationTarget; label: string } & ButtonProps) {
  const open = useOpenConversation();
  const navigate = useNavigate();
  return (
    <Stack gap={4} align="flex-start">
      <Button
        leftSection={<IconMessageCircle size={16} aria-hidden />}
        variant="light"
        {...buttonProps}
        loading={open.isPending}
        onClick={() =>
          open.mutate(target, { onSuccess: (conversation) => void navigate(conversationPath(conversation.id)) })
        }
      >
        {label}
      </Button>
      {open.error && <ErrorText>{open.error.message}</ErrorText>}
    </Stack>
  );
}
