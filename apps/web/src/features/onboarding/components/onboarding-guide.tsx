import {
  onboardingStepLabels,
  onboardingSteps,
  resumeStep,
  type OnboardingProgress,
  type OnboardingStep,
} from '@huddle/shared/onboarding';
import { Alert, Badge, Button, Card, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { em } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useSetOnboardingStep } from '../api/onboarding-progress.ts';

export interface OnboardingStepContent {
  /** What the step asks, under its title. */
  description: string;
  /**
   * The step's own form (the page composes it from the feature that saves it). It calls `saved`
   * once the server has accepted the save: only then are the step's changes no longer unsaved.
   */
  body: (saved: () => void) => ReactNode;
}

interface OnboardingGuideProps {
  progress: OnboardingProgress;
  content: Record<OnboardingStep, OnboardingStepContent>;
  /** Every step done or skipped. */
  finish: ReactNode;
}

const statusLabels = { done: 'Done', skipped: 'Skipped' } as const;

/**
 * Issue 16, user-onboarding: the steps one at a time. It opens at the first step neither done
 * nor skipped; any step can be revisited from the stepper. "Next" marks the step done,
 * "Skip this step" skips it; both are saved on the server, so leaving and coming back resumes.
 */
export function OnboardingGuide({ progress, content, finish }: OnboardingGuideProps) {
  const [active, setActive] = useState<OnboardingStep | null>(() => resumeStep(progress));
  const setStep = useSetOnboardingStep();
  const wide = useMediaQuery(`(min-width: ${em(768)})`, undefined, { getInitialValueInEffect: false });
  const activeIndex = active ? onboardingSteps.indexOf(active) : onboardingSteps.length;
  // Changes typed into a step's form since its last Save: "Next" does not leave them behind
  // unsaved (the form would unmount and take them along); it asks for Save first.
  const [unsaved, setUnsaved] = useState(false);
  const [askedToSave, setAskedToSave] = useState(false);
  // A submit is only an attempt: the server may refuse it (the form shows why beside the field),
  // so the changes stay unsaved until the step's form reports a successful save.
  const markSaved = () => {
    setUnsaved(false);
    setAskedToSave(false);
  };
  const open = (step: OnboardingStep | null) => {
    setActive(step);
    setUnsaved(false);
    setAskedToSave(false);
  };

  const settle = (step: OnboardingStep, status: 'done' | 'skipped') =>
    setStep.mutate(
      { step, status },
      {
        onSuccess: (saved) =>
          open(
            onboardingSteps.slice(onboardingSteps.indexOf(step) + 1).find((next) => !saved.steps[next]) ??
              resumeStep(saved),
          ),
      },
    );

  return (
    <Stack gap="lg">
      <Stepper
        active={activeIndex}
        onStepClick={(index) => open(onboardingSteps[index] ?? null)}
        orientation={wide ? 'horizontal' : 'vertical'}
        size="sm"
        allowNextStepsSelect
      >
        {onboardingSteps.map((step) => (
          <Stepper.Step
            key={step}
            label={onboardingStepLabels[step]}
            description={progress.steps[step] ? statusLabels[progress.steps[step]] : undefined}
            completedIcon={progress.steps[step] === 'skipped' ? <Text size="xs">–</Text> : undefined}
          />
        ))}
      </Stepper>
      {active ? (
        <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="onboarding-step-title">
          <Stack gap="md">
            <Stack gap={4}>
              <Group gap="xs">
                <Title order={2} size="h3" id="onboarding-step-title">
                  {onboardingStepLabels[active]}
                </Title>
                {progress.steps[active] ? <Badge variant="light">{statusLabels[progress.steps[active]]}</Badge> : null}
              </Group>
              <Text c="dimmed">{content[active].description}</Text>
            </Stack>
            <div onChangeCapture={() => setUnsaved(true)} onInputCapture={() => setUnsaved(true)}>
              {content[active].body(markSaved)}
            </div>
            {askedToSave && unsaved ? (
              <Alert color="yellow" variant="light" role="alert">
                You have changes here that are not saved yet. Save them first, or skip this step.
              </Alert>
            ) : null}
            {setStep.isError ? (
              <Alert color="red" variant="light">
                Your progress could not be saved. Try again.
              </Alert>
            ) : null}
            <Group justify="space-between">
              <Button variant="subtle" onClick={() => settle(active, 'skipped')} disabled={setStep.isPending}>
                Skip this step
              </Button>
              <Button
                onClick={() => (unsaved ? setAskedToSave(true) : settle(active, 'done'))}
                loading={setStep.isPending}
              >
                {activeIndex === onboardingSteps.length - 1 ? 'Finish' : 'Next'}
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : (
        finish
      )}
    </Stack>
  );
}
