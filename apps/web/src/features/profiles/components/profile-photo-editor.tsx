import { defaultPhotoPath } from '@huddle/shared/limits';
import { photoAcceptedTypes } from '@huddle/shared/profiles';
import type { CurrentUser } from '@huddle/shared/users';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useRemoveMyPhoto } from '../api/remove-my-photo.ts';
import { useUploadPhoto } from '../api/upload-photo.ts';
import { photoProblem } from '../../../lib/photo-rules.ts';

interface ProfilePhotoEditorProps {
  user: CurrentUser;
  onUserUpdated: (user: CurrentUser) => void;
}

/** The profile photo: change (JPEG, PNG or WebP up to 5 MB) or remove; problems show beside it. */
export function ProfilePhotoEditor({ user, onUserUpdated }: ProfilePhotoEditorProps) {
  const upload = useUploadPhoto();
  const remove = useRemoveMyPhoto();
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const hasPhoto = user.photoURL !== defaultPhotoPath;

  const failed = (error: Error) =>
    setProblem(error instanceof ApiError && error.fields?.photo ? error.fields.photo.join(' ') : error.message);

  const choose = (file: File | null) => {
    if (!file) return;
    const local = photoProblem(file);
    setProblem(local);
    if (local) return;
    upload.mutate(file, { onSuccess: onUserUpdated, onError: failed });
  };

  return (
    <Group gap="lg" align="center" wrap="nowrap">
      <Avatar src={user.photoURL} alt="Your profile photo" size={88} radius={88} />
      <Stack gap={6} miw={0}>
        <Group gap="xs">
          <FileButton onChange={choose} accept={photoAcceptedTypes.join(',')}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="sm"
                leftSection={<IconPhotoUp size={16} aria-hidden />}
                loading={upload.isPending}
                aria-describedby={problem ? problemId : undefined}
              >
                Change photo
              </Button>
            )}
          </FileButton>
          {hasPhoto ? (
            <Button
              variant="subtle"
              color="red"
              size="sm"
              leftSection={<IconTrash size={16} aria-hidden />}
              loading={remove.isPending}
              onClick={() => {
                setProblem(null);
                remove.mutate(undefined, { onSuccess: onUserUpdated, onError: failed });
              }}
            >
              Remove photo
            </Button>
          ) : null}
        </Group>
        {problem ? (
          <Text id={problemId} size="sm" c="var(--mantine-color-error)" role="alert">
            {problem}
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            JPEG, PNG or WebP, up to 5 MB.
          </Text>
        )}
      </Stack>
    </Group>
  );
}
