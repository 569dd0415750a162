import { Text } from '@mantine/core';
import { dateTimeFormat } from '../../lib/intl-formats.ts';
import { useOfflineSince } from '../../lib/offline-data.ts';

/**
 * Says the page shows the service worker's last copy of its lists (no connection; decision 052):
 * "Offline, last updated …" with when that copy was fetched. Nothing while the data is fresh.
 */
export function OfflineNotice() {
  const since = useOfflineSince();
  if (since === null) return null;
  return (
    <Text role="status" size="sm" fw={600} ta="center" py={6} px="md" bg="yellow.1" c="dark.8">
      Offline, last updated {dateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(since)}
    </Text>
  );
}
