import { Anchor, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { postReportReasonLabels, postReportReasons } from '@huddle/shared/posts';
import { Link } from 'react-router';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';
import { useActOnReport, usePostReports } from '../api/post-reports.ts';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const reasonLabel = (reason: string) =>
  (postReportReasons as readonly string[]).includes(reason)
    ? postReportReasonLabels[reason as (typeof postReportReasons)[number]]
    : reason;
const preview = (text: string) => (text.length > 100 ? `${text.slice(0, 100)}…` : text);

/** Issue 17: reports from the post board, oldest first; each is dismissed or its post removed. */
export function AdminPostReports() {
  const reports = usePostReports();
  const act = useActOnReport();
  if (reports.isPending) return <Loader aria-label="Loading the reports" />;
  if (reports.error) return <FormLevelError error={reports.error} />;
  if (reports.data.length === 0) return <Text c="dimmed">No open reports.</Text>;
  return (
    <Stack gap="md">
      <FormLevelError error={act.error} />
      {reports.data.map((report) => (
        <Card key={report.id} withBorder component="article" aria-label={`Report of ${report.postTitle}`}>
          <Stack gap="xs">
            <Group gap="xs" wrap="wrap">
              <Badge color="red.9">{reasonLabel(report.reason)}</Badge>
              {report.postDeleted ? <Badge color="gray.8">Deleted by its author</Badge> : null}
            </Group>
            <Anchor
              component={Link}
              to={`/posts/${report.postCategory}/${report.postSubcategory}/${report.postId}`}
              fw={600}
              c="inherit"
              underline="always"
            >
              {report.postTitle}
            </Anchor>
            <Text size="sm">{preview(report.postText)}</Text>
            {report.details ? <Text size="sm">“{report.details}”</Text> : null}
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
              Reported by {report.reporterName} ({report.reporterEmail}) on{' '}
              {dateTime.format(new Date(report.createdAt))}
            </Text>
            <Group gap="sm">
              <Button
                variant="default"
                loading={act.isPending}
                onClick={() => act.mutate({ kind: 'dismiss', reportId: report.id })}
              >
                Dismiss report
              </Button>
              <Button
                color="red.9"
                loading={act.isPending}
                onClick={() => act.mutate({ kind: 'remove', postId: report.postId })}
              >
                {report.postDeleted ? 'Close its reports' : 'Remove post'}
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
