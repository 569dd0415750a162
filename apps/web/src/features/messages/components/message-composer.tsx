import { messageTextMax } from '@huddle/shared/messages';
import { ActionIcon, Button, CloseButton, FileButton, Group, Image, Stack, Text, Textarea } from '@mantine/core';
import { IconPhoto, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { uploadMessageImage } from '../api/message-writes.ts';

/**
 * Writes a message: Enter sends, Shift+Enter starts a new line. A photo is uploaded when chosen
 * and sent with the text; if the upload fails the text stays in the box.
 */
export function MessageComposer({
  conversationId,
  disabled,
  onSend,
}: {
  conversationId: string;
  disabled: boolean;
  onSend: (text: string, imageUrl: string | null) => void;
}) {
  const [text, setText] = useState('');
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const trimmed = text.trim();
    if (disabled || (!trimmed && !imageUrl)) return;
    if (trimmed.length > messageTextMax) {
      setError(`A message is at most ${messageTextMax} characters.`);
      return;
    }
    onSend(trimmed, imageUrl);
    setText('');
    setImageUrl(null);
    setError(null);
  };

  const attach = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setError(null);
    try {
      setImageUrl((await uploadMessageImage(conversationId, file)).imageUrl);
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.fields?.photo?.[0] ?? failure.message) : 'Upload failed.');
    } finally {
      setUploading(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap={6}>
        {imageUrl && (
          <Group gap="xs">
            <Image src={imageUrl} alt="Photo to send" h={64} w={64} radius="md" fit="cover" />
            <CloseButton aria-label="Remove the photo" onClick={() => setImageUrl(null)} />
          </Group>
        )}
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <FileButton onChange={(file) => void attach(file)} accept="image/jpeg,image/png,image/webp">
            {(props) => (
              <ActionIcon
                {...props}
                variant="default"
                size="lg"
                aria-label="Attach a photo"
                loading={uploading}
                disabled={disabled}
              >
                <IconPhoto size={18} aria-hidden />
              </ActionIcon>
            )}
          </FileButton>
          <Textarea
            aria-label="Message"
            placeholder="Write a message"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                submit();
              }
            }}
            autosize
            minRows={1}
            maxRows={5}
            style={{ flex: 1 }}
            error={error}
            disabled={disabled}
          />
          <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} disabled={uploading || disabled}>
            Send
          </Button>
        </Group>
        {error === null && text.length > messageTextMax - 200 && (
          <Text size="xs" c="dimmed">
            {text.length} / {messageTextMax}
          </Text>
        )}
      </Stack>
    </form>
  );
}
