import type { FormField } from '@huddle/shared/forms';
import { formUploadDownloadPath } from '@huddle/shared/uploads';
import { Anchor, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useUploadFormFile } from '../api/upload-form-file.ts';
import {
  acceptAttribute,
  fileAnswerOf,
  fileProblem,
  fileRules,
  formatSize,
  withFile,
  withoutFile,
} from '../file-answer.ts';

type FileAnswerInputProps = {
  field: Extract<FormField, { type: 'file' }>;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
  /** The live form and this filling; absent in the builder's preview, where nothing is sent. */
  upload?: { formId: string; clientId: string };
};

/**
 * A file question (decision 037): each chosen file is uploaded at once, then listed with a link
 * back to it and a Remove button; the submission names the uploaded files. Problems show beside
 * the field, as the other answers' do.
 */
export function FileAnswerInput({ field, value, error, onChange, upload }: FileAnswerInputProps) {
  const send = useUploadFormFile();
  const [problem, setProblem] = useState<string | null>(null);
  const buttonId = useId();
  const answer = fileAnswerOf(value);
  const shown = problem ?? error;
  const chooseText = answer.files.length > 0 ? 'Add another file' : 'Choose a file';

  const choose = (file: File | null) => {
    if (!file || !upload) return;
    const local = fileProblem(field, file, answer);
    setProblem(local);
    if (local) return;
    send.mutate(
      { ...upload, fieldId: field.id, file },
      {
        onSuccess: (stored) => onChange(withFile(fileAnswerOf(value), stored)),
        onError: (failure) =>
          setProblem(
            failure instanceof ApiError && failure.fields?.file ? failure.fields.file.join(' ') : failure.message,
          ),
      },
    );
  };

  return (
    <Input.Wrapper
      id={buttonId}
      label={field.label}
      required={field.required}
      description={[field.help, fileRules(field)].filter(Boolean).join(' ')}
      error={shown}
    >
      <Stack gap={6} mt={4}>
        {answer.files.length > 0 ? (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {answer.files.map((file) => (
              <Group key={file.id} component="li" gap="xs" wrap="nowrap">
                <IconPaperclip size={16} aria-hidden />
                {upload ? (
                  <Anchor href={formUploadDownloadPath(upload.formId, file.id, upload.clientId)} size="sm" truncate>
                    {file.name}
                  </Anchor>
                ) : (
                  <Text size="sm">{file.name}</Text>
                )}
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {formatSize(file.sizeBytes)}
                </Text>
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  aria-label={`Remove ${file.name}`}
                  onClick={() => onChange(withoutFile(answer, file.id))}
                >
                  Remove
                </Button>
              </Group>
            ))}
          </Stack>
        ) : null}
        {answer.files.length < field.maxFiles ? (
          <FileButton onChange={choose} accept={acceptAttribute(field)} disabled={!upload}>
            {(props) => (
              <Button
                {...props}
                id={buttonId}
                variant="default"
                size="sm"
                style={{ alignSelf: 'flex-start' }}
                loading={send.isPending}
                // The question and what the button does, not only the question (its label).
                aria-label={`${field.label}: ${chooseText}`}
                aria-invalid={shown ? true : undefined}
                aria-describedby={shown ? `${buttonId}-error` : `${buttonId}-description`}
              >
                {chooseText}
              </Button>
            )}
          </FileButton>
        ) : null}
        {!upload ? (
          <Text size="xs" c="dimmed">
            Files are uploaded on the published form.
          </Text>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}
