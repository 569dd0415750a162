import { connectionMessages } from '@huddle/shared/connections';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ConnectionSettingsSwitch } from '../../features/connections/components/connection-settings-switch.tsx';
import {
  ConnectionsSection,
  PlayedWithSection,
  RequestsSection,
  SuggestionsSection,
} from '../../features/connections/components/connect-sections.tsx';
import { usePageName } from '../use-page-name.ts';

/**
 * connect (spec §2, guarded; issue 16): requests first (they wait for an answer), then
 * connections, the people you played with and suggestions; one column on a phone, two from md.
 */
export function Component() {
  usePageName(connectionMessages.heading);
  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={1}>{connectionMessages.heading}</Title>
        <Text c="dimmed">
          Connect with the people you play with. Connections can message you even when you accept messages only from
          people you know.
        </Text>
      </Stack>
      <ConnectionSettingsSwitch />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <RequestsSection />
        <ConnectionsSection />
        <PlayedWithSection />
        <SuggestionsSection />
      </SimpleGrid>
    </Stack>
  );
}
