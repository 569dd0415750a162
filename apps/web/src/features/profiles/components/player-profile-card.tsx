import { formatQuizLevel } from '@huddle/shared/quizzes';
import { Avatar, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface PlayerProfileFacts {
  displayName: string;
  photoURL: string;
  pronouns: string | null;
  bio: string | null;
  city: string | null;
  games: string[];
  /** True shows an Online badge; false and null show nothing (null: the player hides it). */
  online?: boolean | null;
  /** Levels from the skill quizzes, one per sport (decision 054); the section shows only with one. */
  skillLevels?: { quizId: string; gameType: string; level: number }[];
}

/** A player as others see them: the one h1 of a profile page, with photo, city, sports and bio. */
export function PlayerProfileCard({
  player,
  actions,
  children,
}: {
  player: PlayerProfileFacts;
  actions?: ReactNode;
  /** More sections under Sports (the public profile adds games and teams). */
  children?: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="lg">
        <Group gap="md" align="flex-start" justify="space-between">
          {/* The name column gets the row's width, never its content's: a long name wraps at
              spaces, a long single word breaks at the edge, never one letter per line (issue 11). */}
          <Group gap="md" align="flex-start" wrap="nowrap" style={{ flex: '1 1 260px', minWidth: 0 }}>
            <Avatar src={player.photoURL} alt="" size={80} radius={80} />
            <Stack gap={6} style={{ flex: '1 1 0', minWidth: 0 }}>
              <Title
                order={1}
                fz={{ base: 24, sm: 30 }}
                style={{ overflowWrap: 'break-word', wordBreak: 'normal', hyphens: 'auto', textWrap: 'balance' }}
              >
                {player.displayName}
              </Title>
              {player.online === true ? (
                <Badge color="huddle" variant="light" style={{ alignSelf: 'flex-start' }}>
                  Online
                </Badge>
              ) : null}
              {player.pronouns && player.pronouns !== 'Unspecified' ? (
                <Text size="sm" c="dimmed">
                  {player.pronouns}
                </Text>
              ) : null}
              {player.city ? (
                <Group gap={6} wrap="nowrap">
                  <IconMapPin size={16} aria-hidden />
                  <Text size="sm">{player.city}</Text>
                </Group>
              ) : null}
            </Stack>
          </Group>
          {actions ? <Group gap="sm">{actions}</Group> : null}
        </Group>
        <Stack gap={6}>
          <Title order={2} size="h5">
            About
          </Title>
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            c={player.bio ? undefined : 'dimmed'}
          >
            {player.bio || 'No bio yet.'}
          </Text>
        </Stack>
        <Stack gap={6}>
          <Title order={2} size="h5">
            Sports
          </Title>
          {player.games.length > 0 ? (
            <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {player.games.map((game) => (
                <Badge key={game} component="li" variant="outline" color="gray" size="lg" tt="none" fw={500}>
                  {game}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              No sports picked yet.
            </Text>
          )}
        </Stack>
        {player.skillLevels && player.skillLevels.length > 0 ? (
          <Stack gap={6}>
            <Title order={2} size="h5" id="player-skill-levels-title">
              Skill levels
            </Title>
            <Group
              gap="xs"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-labelledby="player-skill-levels-title"
            >
              {player.skillLevels.map((skill) => (
                <Badge key={skill.quizId} component="li" variant="light" size="lg" tt="none" fw={500}>
                  {skill.gameType} level {formatQuizLevel(skill.level)} (quiz)
                </Badge>
              ))}
            </Group>
          </Stack>
        ) : null}
        {children}
      </Stack>
    </Card>
  );
}
