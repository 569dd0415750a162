import { Group, Text } from '@mantine/core';
import { dateTimeFormat } from '../../../lib/intl-formats.ts';

/** A calendar day (YYYY-MM-DD) as the reader's locale writes it, without shifting time zones. */
export function formatPostDate(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return dateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, date)),
  );
}

/** When a post (or a reply) was written, as the reader's locale writes a day and a time. */
export function formatPostedAt(instant: string): string {
  return dateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(instant));
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
