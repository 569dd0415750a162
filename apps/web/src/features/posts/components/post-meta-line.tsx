import { Group, Text } from '@mantine/core';
import { ViewerClockTime } from '../../../components/ui/viewer-clock-time.tsx';
import { dateTimeFormat } from '../../../lib/intl-formats.ts';

/** A calendar day (YYYY-MM-DD) as the reader's locale writes it, without shifting time zones. */
export function formatPostDate(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return dateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, date)),
  );
}

const postedAtFormat: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * When a post (or a reply) was written, as the reader's locale writes a day and a time, on their
 * clock: a page the server rendered says it in UTC until it has hydrated (decision 075).
 */
export function PostedAt({ instant }: { instant: string }) {
  return (
    <time dateTime={instant}>
      <ViewerClockTime iso={instant} format={postedAtFormat} />
    </time>
  );
}

/** Who wrote it, where and when: the line under a post's title. */
export function PostMetaLine({
  post,
}: {
  post: { author: { displayName: string }; cityName: string | null; place: string | null; date: string | null };
}) {
  const parts = [
    `By ${post.author.displayName}`,
    post.place ?? post.cityName,
    post.date ? formatPostDate(post.date) : null,
  ].filter(Boolean);
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed">
        {parts.join(' · ')}
      </Text>
    </Group>
  );
}
