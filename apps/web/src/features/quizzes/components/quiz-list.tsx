import { quizPaths, type Quiz } from '@huddle/shared/quizzes';
import { Anchor, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/** Spec §2 quiz: every sport's skill quiz, each a card leading to quiz/{sport}. */
export function QuizList({ quizzes }: { quizzes: readonly Quiz[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {quizzes.map((quiz) => (
        <Card key={quiz.id} component="li" withBorder radius="lg" padding="lg">
          <Stack gap="xs">
            <Anchor component={Link} to={quizPaths.quiz(quiz.id)} fw={700} size="lg">
              {quiz.title}
            </Anchor>
            <Text size="sm">{quiz.description}</Text>
            <Text size="sm" c="dimmed">
              {quiz.questions.length} questions
            </Text>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
