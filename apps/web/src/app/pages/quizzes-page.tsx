import { quizzes } from '@huddle/shared/quizzes';
import { Stack, Text, Title } from '@mantine/core';
import { QuizList } from '../../features/quizzes/components/quiz-list.tsx';

/** Spec §2 quiz (public, spec §6): the skill quizzes, one per sport. */
export function Component() {
  return (
    <Stack gap="lg" maw={1000}>
      <Stack gap={4}>
        <Title order={1}>Skill quizzes</Title>
        <Text c="dimmed">
          A few questions place you at a level, so you find games where everyone has fun. Signed in, your level is saved
          to your profile.
        </Text>
      </Stack>
      <QuizList quizzes={quizzes} />
    </Stack>
  );
}
