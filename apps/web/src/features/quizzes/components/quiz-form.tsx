import { quizMessages, type Quiz, type QuizAnswers } from '@huddle/shared/quizzes';
import { Button, Card, Group, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';

interface QuizFormProps {
  quiz: Quiz;
  /** Answers to start from (a retake starts from the saved ones). */
  initialAnswers?: QuizAnswers;
  busy?: boolean;
  onSubmit: (answers: QuizAnswers) => void;
}

/** A quiz's questions, one radio group each; every question needs an answer. */
export function QuizForm({ quiz, initialAnswers = {}, busy = false, onSubmit }: QuizFormProps) {
  const [answers, setAnswers] = useState<QuizAnswers>(initialAnswers);
  const [showMissing, setShowMissing] = useState(false);
  const missing = quiz.questions.filter((question) => !answers[question.id]);

  return (
    <form
      noValidate
      aria-label={quiz.title}
      onSubmit={(event) => {
        event.preventDefault();
        if (missing.length > 0) {
          setShowMissing(true);
          document.getElementById(`quiz-question-${missing[0]!.id}`)?.querySelector('input')?.focus();
          return;
        }
        onSubmit(answers);
      }}
    >
      <Stack gap="md">
        {quiz.questions.map((question, index) => (
          <Card key={question.id} withBorder radius="lg" padding="lg">
            <Radio.Group
              id={`quiz-question-${question.id}`}
              label={`${index + 1}. ${question.text}`}
              value={answers[question.id] ?? null}
              onChange={(value) => setAnswers((current) => ({ ...current, [question.id]: value }))}
              error={showMissing && !answers[question.id] ? quizMessages.missingAnswer : undefined}
              styles={{ label: { fontWeight: 600, marginBottom: 8 } }}
            >
              <Stack gap="xs">
                {question.options.map((option) => (
                  <Radio key={option.id} value={option.id} label={option.label} />
                ))}
              </Stack>
            </Radio.Group>
          </Card>
        ))}
        <Group justify="space-between" align="center">
          <Text size="sm" c="dimmed">
            {quiz.questions.length - missing.length} of {quiz.questions.length} answered
          </Text>
          <Button type="submit" loading={busy}>
            See my level
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
