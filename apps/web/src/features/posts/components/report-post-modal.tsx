import {
  postLimits,
  postMessages,
  postReportReasonLabels,
  postReportReasons,
  type PostReportBody,
} from '@huddle/shared/posts';
import { postReportBody } from '@huddle/contracts/posts';
import { Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ApiError } from '../../../lib/api-client.ts';
import { focusFirstError } from '../../../lib/focus-first-error.ts';
import { useReportPost } from '../api/report-post.ts';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';

/** Report a post: a reason and optional details, for Huddle's admin queue. */
export function ReportPostModal({ postId, opened, onClose }: { postId: string; opened: boolean; onClose: () => void }) {
  const report = useReportPost(postId);
  const form = useForm<{ reason: string; details: string }>({
    initialValues: { reason: '', details: '' },
    validate: (values) => {
      const parsed = postReportBody.safeParse(values);
      return parsed.success
        ? {}
        : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Report this post" size="md">
      <form
        noValidate
        onSubmit={form.onSubmit(async (values) => {
          try {
            await report.mutateAsync(values as PostReportBody);
            notifications.show({ color: 'huddle', message: postMessages.reported });
            onClose();
          } catch (error) {
            if (error instanceof ApiError && error.fields) form.setErrors(error.fieldMessages);
          }
        }, focusFirstError)}
      >
        <Stack gap="md">
          <Radio.Group label="Why are you reporting it?" required {...form.getInputProps('reason')}>
            <Stack gap="xs" mt="xs">
              {postReportReasons.map((reason) => (
                <Radio key={reason} value={reason} label={postReportReasonLabels[reason]} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label="Details"
            description="Optional: anything that helps Huddle's team."
            autosize
            minRows={2}
            maxLength={postLimits.reportDetails}
            {...form.getInputProps('details')}
          />
          <FormLevelError error={report.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red.9" loading={report.isPending}>
              Report
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
