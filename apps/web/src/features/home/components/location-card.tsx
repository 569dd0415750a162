import type { CurrentUser } from '@huddle/shared/users';
import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * Spec §2 home, location card: the city nearby games and players are measured from.
 * `changeCity` is the page's city picker (a profiles component: features do not import each other).
 */
export function LocationCard({ user, changeCity }: { user: CurrentUser; changeCity: ReactNode }) {
  const city = user.defaultCity;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="location-card-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="location-card-heading">
          Your location
        </Title>
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="xl" radius="xl" aria-hidden>
            <IconMapPin size={22} />
          </ThemeIcon>
          {city ? (
            <Stack gap={0} miw={0}>
              <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
                {city.name}
              </Text>
              <Text size="sm" c="dimmed">
                Nearby games and players are found from here.
              </Text>
            </Stack>
          ) : (
            <Text size="sm">Set your city to see games and players near you.</Text>
          )}
        </Group>
        <Group gap="xs">
          {changeCity}
          <Button component={Link} to="/discover" variant="subtle">
            Discover games
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
