import type { Place } from '@huddle/shared/places';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarPlus, IconMapPin, IconPencil, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { placePaths } from '../place-paths.ts';

/** The place's name, address and description, with what the viewer may do from here. */
export function PlaceDetailsCard({ place, signedIn }: { place: Place; signedIn: boolean }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {place.name}
        </Title>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text style={{ overflowWrap: 'anywhere' }}>{place.address}</Text>
        </Group>
        {place.description ? (
          <Text c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {place.description}
          </Text>
        ) : null}
        <Group gap="xs">
          {signedIn ? (
            <Button
              component={Link}
              to={placePaths.newEventHere(place.id)}
              leftSection={<IconCalendarPlus size={16} aria-hidden />}
            >
              New event here
            </Button>
          ) : null}
          {place.canEdit ? (
            <Button
              component={Link}
              to={placePaths.edit(place.id)}
              variant="default"
              leftSection={<IconPencil size={16} aria-hidden />}
            >
              Edit
            </Button>
          ) : null}
          <Button
            component={Link}
            to={placePaths.posterForPlace(place.id)}
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
          >
            Print poster
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
