import { findQuiz, formatQuizLevel, quizLevelOf, quizPaths, quizzes } from '@huddle/shared/quizzes';
import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useMyQuizResults } from '../api/my-quiz-results.ts';

/** The profile's skill levels: one per quiz taken, with a retake link; an invitation when none. */
export function MyQuizLevels() {
  const results = useMyQuizResults(true);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="my-quiz-levels-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="my-quiz-levels-title">
          Skill levels
        </Title>
        {results.isPending ? (
          <Skeleton h={48} radius="md" />
        ) : results.isError ? (
          <Text size="sm" c="dimmed">
            Your skill levels could not be loaded.
          </Text>
        ) : results.data.length === 0 ? (
          <Text size="sm">
            No level yet.{' '}
            <Anchor component={Link} to={quizPaths.list} fw={600} c="inherit" underline="always">
              Take a skill quiz
            </Anchor>{' '}
            to find games at your level.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {results.data.map((result) => {
              const quiz = findQuiz(result.quizId);
              const level = quiz && quizLevelOf(quiz, result.level);
              return (
                <Group key={result.quizId} component="li" justify="space-between" wrap="wrap" gap="xs">
                  <Text>
                    <Text span fw={700}>
                      {quiz?.gameType ?? result.quizId} {formatQuizLevel(result.level)}
                    </Text>
                    {level ? ` · ${level.title}` : ''}
                  </Text>
                  {quiz ? (
                    <Anchor component={Link} to={quizPaths.quiz(quiz.id)} size="sm" fw={600}>
                      Retake the {quiz.gameType.toLowerCase()} quiz
                    </Anchor>
                  ) : null}
                </Group>
              );
            })}
          </Stack>
        )}
        {results.data && results.data.length > 0 && results.data.length < quizzes.length ? (
          <Anchor component={Link} to={quizPaths.list} size="sm" fw={600}>
            More quizzes
          </Anchor>
        ) : null}
      </Stack>
    </Card>
  );
}
