import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import {
  IconBallBasketball,
  IconBrowser,
  IconCalendarEvent,
  IconForms,
  IconPencilPlus,
  IconTrophy,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';

interface CreateEntry {
  title: string;
  description: string;
  to: string;
  icon: Icon;
}

/**
 * Each entry opens the flow that already makes it: games, teams, forms and websites have their
 * own pages; a season and a tournament belong to a team you run, and a post to a category of the board, so
 * those open their form here (create/season, create/post, create/tournament).
 */
const entries: CreateEntry[] = [
  {
    title: 'Game',
    description: 'A pickup game or a team event, at a place and time, with spots to fill.',
    to: '/events/new',
    icon: IconBallBasketball,
  },
  {
    title: 'Team or community',
    description: 'A team to play with, or a community to run seasons and events for.',
    to: '/teams/create',
    icon: IconUsersGroup,
  },
  {
    title: 'Season',
    description: 'A season for a team or community you run, with its dates and registration.',
    to: '/create/season',
    icon: IconCalendarEvent,
  },
  {
    title: 'Form',
    description: 'A registration or sign-up form, with payments if you take them.',
    to: '/form/build',
    icon: IconForms,
  },
  {
    title: 'Website',
    description: 'A website for your team or community, from a template.',
    to: '/site/build',
    icon: IconBrowser,
  },
  {
    title: 'Post',
    description: 'A post on the community board: a sub needed, a game to find, news.',
    to: '/create/post',
    icon: IconPencilPlus,
  },
  {
    title: 'Tournament',
    description: 'A tournament for a team or community you run: a bracket or pools, courts, scores.',
    to: '/create/tournament',
    icon: IconTrophy,
  },
];

/** create (spec §2, signed in): one hub for everything a person can make in Huddle. */
export function Component() {
  return (
    <Stack gap="lg" maw={1000}>
      <Stack gap={4}>
        <Title order={1}>Create</Title>
        <Text c="dimmed">What would you like to make?</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {entries.map((entry) => (
          <li key={entry.to}>
            <UnstyledButton component={Link} to={entry.to} w="100%" h="100%">
              <Card withBorder radius="lg" padding="lg" h="100%">
                <Stack gap="xs">
                  <ThemeIcon variant="light" size="lg" radius="md">
                    <entry.icon size={20} aria-hidden />
                  </ThemeIcon>
                  <Text fw={700} size="lg">
                    {entry.title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {entry.description}
                  </Text>
                </Stack>
              </Card>
            </UnstyledButton>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
