import { authPaths, authPathWithReturnTo } from '@huddle/shared/auth-pages';
import {
  findQuiz,
  quizLevelOf,
  quizMessages,
  quizPaths,
  scoreQuiz,
  type Quiz,
  type QuizAnswers,
} from '@huddle/shared/quizzes';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useSession } from '../../features/accounts/api/get-session.ts';
import { usePickedCity } from '../../features/discovery/visitor-location.ts';
import { useMyQuizResults, useSaveQuizResult } from '../../features/quizzes/api/my-quiz-results.ts';
import { QuizForm } from '../../features/quizzes/components/quiz-form.tsx';
import { QuizResultCard } from '../../features/quizzes/components/quiz-result-card.tsx';
import {
  clearPendingAnswers,
  keepPendingAnswers,
  readPendingAnswers,
} from '../../features/quizzes/pending-quiz-answers.ts';
import { QuizGameSuggestions } from '../composed/quiz-game-suggestions.tsx';
import { notFoundPageName } from '../page-title.ts';
import { usePageName } from '../use-page-name.ts';

/**
 * quiz/{sport} (spec §2, public per §6): the quiz, then the level it places the player at with
 * games at that level nearby. Signed in, the level is saved to the profile (a retake replaces
 * it); signed out, the answers wait in this tab while the player signs in, and save on return.
 */
function QuizRun({ quiz }: { quiz: Quiz }) {
  const user = useSession().data?.user ?? null;
  const signedIn = Boolean(user);
  const pickedCity = usePickedCity();
  const { pathname } = useLocation();
  const results = useMyQuizResults(signedIn);
  const save = useSaveQuizResult(quiz.id);
  // Back from signing in: the answers given signed out are shown and saved now.
  const [pending] = useState(() => {
    const kept = signedIn ? readPendingAnswers(quiz.id) : null;
    return kept && scoreQuiz(quiz, kept) ? kept : null;
  });
  const [answers, setAnswers] = useState<QuizAnswers | null>(pending);
  const [retaking, setRetaking] = useState(false);
  const pendingSaved = useRef(false);
  const { mutate: saveAnswers } = save;
  usePageName(quiz.title);

  useEffect(() => {
    if (!pending || pendingSaved.current) return;
    pendingSaved.current = true;
    clearPendingAnswers(quiz.id);
    saveAnswers(pending);
  }, [pending, quiz.id, saveAnswers]);

  const submit = (given: QuizAnswers) => {
    setAnswers(given);
    setRetaking(false);
    if (signedIn) save.mutate(given);
    else keepPendingAnswers(quiz.id, given);
  };

  const saved = results.data?.find((result) => result.quizId === quiz.id);
  const shownLevel = answers
    ? scoreQuiz(quiz, answers)
    : saved && !retaking
      ? quizLevelOf(quiz, saved.level)
      : undefined;
  const city = user?.defaultCity ?? pickedCity;

  const status = !answers ? (
    <Text size="sm">Saved to your profile.</Text>
  ) : !signedIn ? (
    <Text size="sm">
      <Anchor
        component={Link}
        to={authPathWithReturnTo(authPaths.login, pathname)}
        fw={600}
        c="inherit"
        underline="always"
      >
        Sign in to save this level
      </Anchor>{' '}
      to your profile. Your answers wait in this tab.
    </Text>
  ) : save.isPending ? (
    <Text size="sm">Saving to your profile…</Text>
  ) : save.isError ? (
    <Alert color="red" variant="light" title="Your level was not saved">
      <Group gap="xs">
        <Text size="sm">{save.error.message}</Text>
        <Button size="xs" variant="default" onClick={() => save.mutate(answers)}>
          Try again
        </Button>
      </Group>
    </Alert>
  ) : save.isSuccess ? (
    <Text size="sm" role="status">
      {quizMessages.saved}
    </Text>
  ) : null;

  return (
    <Stack gap="lg" maw={800}>
      <Stack gap={4}>
        <Anchor component={Link} to={quizPaths.list} size="sm">
          All quizzes
        </Anchor>
        <Title order={1}>{quiz.title}</Title>
        <Text c="dimmed">{quiz.description}</Text>
      </Stack>
      {signedIn && results.isPending && !answers ? null : shownLevel ? (
        <>
          <QuizResultCard
            quiz={quiz}
            level={shownLevel}
            status={status}
            actions={
              <Group>
                <Button
                  variant="default"
                  onClick={() => {
                    setAnswers(null);
                    setRetaking(true);
                    save.reset();
                  }}
                >
                  Retake the quiz
                </Button>
              </Group>
            }
          />
          <QuizGameSuggestions quiz={quiz} level={shownLevel} city={city} />
        </>
      ) : (
        <QuizForm quiz={quiz} initialAnswers={saved?.answers} onSubmit={submit} busy={save.isPending} />
      )}
    </Stack>
  );
}

export function Component() {
  const { quizId = '' } = useParams();
  const quiz = findQuiz(quizId);
  if (!quiz) return <QuizNotFound />;
  return <QuizRun key={quiz.id} quiz={quiz} />;
}

function QuizNotFound() {
  usePageName(notFoundPageName);
  return (
    <Stack gap="sm" maw={640}>
      <Title order={1}>{quizMessages.unknownQuiz}</Title>
      <Anchor component={Link} to={quizPaths.list} fw={600}>
        See the skill quizzes
      </Anchor>
    </Stack>
  );
}
