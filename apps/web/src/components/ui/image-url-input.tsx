import { photoAcceptedTypes } from '@huddle/shared/profiles';
import { Button, FileButton, Group, TextInput } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { photoProblem } from '../../lib/photo-rules.ts';
import { uploadPublicImage } from '../../lib/upload-public-image.ts';

type ImageUrlInputProps = {
  label: string;
  value: string;
  onChange: (url: string) => void;
  description?: string;
  error?: string;
  disabled?: boolean;
  size?: 'xs' | 'sm';
};

/**
 * A picture's address, typed or uploaded (issues 14 and 15): Upload stores the picture in
 * Huddle's public storage and fills the address in; the form or site saves it as typed ones.
 */
export function ImageUrlInput({
  label,
  value,
  onChange,
  description,
  error,
  disabled,
  size = 'sm',
}: ImageUrlInputProps) {
  const upload = useMutation({ mutationFn: uploadPublicImage });
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (file: File | null) => {
    if (!file) return;
    const local = photoProblem(file);
    setProblem(local);
    if (local) return;
    upload.mutate(file, {
      onSuccess: ({ url }) => onChange(url),
      onError: (failure) =>
        setProblem(
          failure instanceof ApiError && failure.fields?.photo ? failure.fields.photo.join(' ') : failure.message,
        ),
    });
  };

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        style={{ flex: 1, minWidth: 0 }}
        label={label}
        size={size}
        description={description}
        value={value}
        error={problem ?? error}
        disabled={disabled}
        onChange={(event) => {
          setProblem(null);
          onChange(event.currentTarget.value);
        }}
      />
      <FileButton onChange={choose} accept={photoAcceptedTypes.join(',')} disabled={disabled}>
        {(props) => (
          <Button
            {...props}
            variant="default"
            size={size}
            leftSection={<IconPhotoUp size={16} aria-hidden />}
            loading={upload.isPending}
            aria-label={`Upload ${label.toLowerCase()}`}
            // Beside the box, not under its error: keep the two aligned on the input line.
            mb={(problem ?? error) ? (size === 'xs' ? 18 : 22) : 0}
          >
            Upload
          </Button>
        )}
      </FileButton>
    </Group>
  );
}
