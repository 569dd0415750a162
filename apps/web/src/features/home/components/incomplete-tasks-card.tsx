import type { CurrentUser } from '@huddle/shared/users';
import { Accordion, Badge, Card, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { onboardingPath } from '@huddle/shared/onboarding';
import { IconChevronRight, IconListCheck, IconRocket } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useHasAvailability } from '../api/get-availability-status.ts';
import { incompleteTasks, taskHref, type IncompleteTask } from '../incomplete-tasks.ts';
import { HomeBlockSkeleton } from './home-layout.tsx';

// The feedback form loads the first time the task is opened, not with home.
const FeedbackDialog = lazy(() =>
  import('./feedback-dialog.tsx').then((module) => ({ default: module.FeedbackDialog })),
);

const chevron = <IconChevronRight size={16} aria-hidden />;

/** A task row: a link when it navigates, a button when it runs a callback. */
function TaskRow({ task }: { task: IncompleteTask }) {
  if (task.route) {
    return <NavLink component={Link} to={taskHref(task.route)} label={task.text} rightSection={chevron} />;
  }
  return <NavLink component="button" type="button" onClick={task.callback} label={task.text} rightSection={chevron} />;
}

interface IncompleteTasksCardProps {
  user: CurrentUser;
  /** Feedback was sent: the page puts the fresh user into the session, and the task goes. */
  onFeedbackSent: (user: CurrentUser) => void;
}

/** Spec §2, Incomplete Tasks: an accordion of clickable tasks; gone when none remain. */
export function IncompleteTasksCard({ user, onFeedbackSent }: IncompleteTasksCardProps) {
  const availability = useHasAvailability();
  const [feedbackOpened, feedback] = useDisclosure(false);
  // Stays mounted after the first opening, so closing can run its transition.
  const [feedbackLoaded, setFeedbackLoaded] = useState(false);
  const openFeedback = useCallback(() => {
    setFeedbackLoaded(true);
    feedback.open();
  }, [feedback]);
  // A failed read counts as "not saved": the task then offers the settings page (spec §8, no message).
  const hasAvailability = availability.data ?? false;
  // Spec §4: tasks recompute when the signed-in user changes.
  const tasks = useMemo(
    () => incompleteTasks(user, { hasAvailability, openFeedback }),
    [user, hasAvailability, openFeedback],
  );

  if (availability.isPending) return <HomeBlockSkeleton label="Loading your tasks" />;

  return (
    <>
      {tasks.length > 0 ? (
        <Card withBorder radius="lg" padding={0}>
          <Accordion defaultValue="tasks" order={2} chevronPosition="right">
            <Accordion.Item value="tasks" style={{ borderBottom: 0 }}>
              <Accordion.Control icon={<IconListCheck size={20} aria-hidden />}>
                <Group gap="xs" wrap="nowrap">
                  <Text fw={700} size="lg">
                    Incomplete Tasks
                  </Text>
                  <Badge variant="filled" circle>
                    {tasks.length}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Incomplete Tasks">
                  {tasks.map((task) => (
                    <li key={task.id}>
                      <TaskRow task={task} />
                    </li>
                  ))}
                </ul>
                {/* Issue 16: the same settings, one step at a time; done steps clear the tasks above. */}
                <NavLink
                  component={Link}
                  to={onboardingPath}
                  label="Do these in the guided start"
                  leftSection={<IconRocket size={16} aria-hidden />}
                  rightSection={chevron}
                />
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        </Card>
      ) : null}
      {feedbackLoaded ? (
        <Suspense fallback={null}>
          <FeedbackDialog opened={feedbackOpened} onClose={feedback.close} onSent={onFeedbackSent} />
        </Suspense>
      ) : null}
    </>
  );
}
