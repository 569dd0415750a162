import type { TeamFormAdd } from '@huddle/shared/forms';
import { Alert, Anchor, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAddToTeam } from '../api/team-form-add.ts';
import { SubmissionAnswers } from './submission-detail.tsx';

/**
 * form/{formId}/team-form-add/{userId} (spec §2): an organizer reads a filler's answers and adds
 * them to the team's roster, and to the form's season when it has one, in one step.
 */
export function TeamFormAddView({ formId, view }: { formId: string; view: TeamFormAdd }) {
  const add = useAddToTeam(formId, view.person.id);
  const done = view.isMember && (view.season === null || view.season.registered);
  const action =
    view.season && !view.season.registered
      ? `Add to ${view.team.name} and register for ${view.season.label}`
      : `Add to ${view.team.name}`;
  return (
    <Stack gap="md" maw={760}>
      <Anchor component={Link} to={`/form/${formId}/submissions`}>
        ← Submissions
      </Anchor>
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        Add {view.person.name} to {view.team.name}
      </Title>
      <Text c="dimmed">{view.person.email}</Text>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <List spacing="xs" aria-label="Where they stand">
            <List.Item>
              {view.isMember ? `On the ${view.team.name} roster.` : `Not on the ${view.team.name} roster yet.`}
            </List.Item>
            {view.season ? (
              <List.Item>
                {view.season.registered
                  ? `Registered for ${view.season.label}.`
                  : `Not registered for ${view.season.label} yet.`}
              </List.Item>
            ) : null}
          </List>
          {done ? (
            <Text role="status" fw={600}>
              {view.person.name} is on the team{view.season ? ` and registered for ${view.season.label}` : ''}.{' '}
              <Anchor component={Link} to={`/team/${view.team.id}`}>
                Open the team
              </Anchor>
            </Text>
          ) : (
            <Group>
              <Button loading={add.isPending} onClick={() => add.mutate()}>
                {action}
              </Button>
            </Group>
          )}
          {add.error ? (
            <Alert color="red" role="alert">
              {add.error.message}
            </Alert>
          ) : null}
        </Stack>
      </Card>
      <Title order={2} size="h4">
        Their answers
      </Title>
      <SubmissionAnswers submission={view.submission} fields={view.fields} />
    </Stack>
  );
}
