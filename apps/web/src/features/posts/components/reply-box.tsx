import { postLimits } from '@huddle/shared/posts';
import { postReplyBody } from '@huddle/contracts/posts';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ApiError } from '../../../lib/api-client.ts';
import { useReplyToPost } from '../api/reply-to-post.ts';

/**
 * The box under a post (parentId null) or under a reply's thread. The text stays if sending fails.
 * On a page the server rendered (decision 075) text typed and Send pressed before the app has taken
 * the markup over are kept and made again once it has (public/app-start.js): the form has no action.
 */
export function ReplyBox({
  postId,
  parentId,
  label,
  onDone,
}: {
  postId: string;
  parentId: string | null;
  label: string;
  onDone?: () => void;
}) {
  const send = useReplyToPost(postId);
  const form = useForm({
    initialValues: { text: '' },
    validate: (values) => {
      const parsed = postReplyBody.safeParse({ text: values.text, parentId });
      return parsed.success ? {} : { text: parsed.error.issues[0]?.message ?? '' };
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        try {
          await send.mutateAsync({ text: values.text, parentId });
          form.reset();
          onDone?.();
        } catch (error) {
          form.setErrors({
            text:
              error instanceof ApiError && error.fields
                ? Object.values(error.fieldMessages).join(' ')
                : String((error as Error).message),
          });
        }
      })}
    >
      <Stack gap="xs">
        <Textarea label={label} autosize minRows={2} maxLength={postLimits.reply} {...form.getInputProps('text')} />
        <Group justify="flex-end" gap="xs">
          {onDone ? (
            <Button variant="default" size="xs" onClick={onDone}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" size="xs" loading={send.isPending}>
            Send reply
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
