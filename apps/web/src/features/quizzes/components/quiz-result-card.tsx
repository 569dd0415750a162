import { formatQuizLevel, type Quiz, type QuizLevel } from '@huddle/shared/quizzes';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface QuizResultCardProps {
  quiz: Quiz;
  level: QuizLevel;
  /** Saved, saving, or the way to sign in and save (the page decides). */
  status: ReactNode;
  actions?: ReactNode;
}

/** The level a quiz placed the player at, with what it means and what the scale is. */
export function QuizResultCard({ quiz, level, status, actions }: QuizResultCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="quiz-result-title">
      <Stack gap="sm">
        <Group gap="sm" align="center">
          <Title order={2} size="h3" id="quiz-result-title">
            Your level: {formatQuizLevel(level.level)}
          </Title>
          <Badge variant="light" size="lg">
            {level.title}
          </Badge>
        </Group>
        <Text>{level.explanation}</Text>
        <Text size="sm" c="dimmed">
          {quiz.scale}
        </Text>
        {status}
        {actions}
      </Stack>
    </Card>
  );
}
