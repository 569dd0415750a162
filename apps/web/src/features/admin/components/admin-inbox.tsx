import type { InboxState } from '@huddle/shared/admin';
import { Badge, Button, Card, Group, Loader, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';
import { formatInstant } from '../admin-forms.ts';
import { useAmbassadorApplications, useFeedbackList, useSetHandled, type HandledChange } from '../api/admin-inbox.ts';

const stateChoices: { value: InboxState; label: string }[] = [
  { value: 'unhandled', label: 'To handle' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
];

/** One item: what was sent, when, and the handled switch. */
function InboxCard({
  label,
  createdAt,
  handledAt,
  change,
  children,
}: {
  label: string;
  createdAt: string;
  handledAt: string | null;
  change: Omit<HandledChange, 'handled'>;
  children: ReactNode;
}) {
  const setHandled = useSetHandled();
  return (
    <Card withBorder component="article" aria-label={label}>
      <Stack gap={4}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            Sent {formatInstant(createdAt)}
          </Text>
          {handledAt ? (
            <Badge color="huddle.9">Handled {formatInstant(handledAt)}</Badge>
          ) : (
            <Badge color="blue.9">To handle</Badge>
          )}
        </Group>
        {children}
        <FormLevelError error={setHandled.error} />
        <Group mt="xs">
          <Button
            size="xs"
            variant={handledAt ? 'default' : 'filled'}
            loading={setHandled.isPending}
            onClick={() => setHandled.mutate({ ...change, handled: !handledAt })}
          >
            {handledAt ? 'Mark not handled' : 'Mark handled'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function Applications({ state }: { state: InboxState }) {
  const applications = useAmbassadorApplications(state);
  if (applications.isPending) return <Loader aria-label="Loading the applications" />;
  if (applications.error) return <FormLevelError error={applications.error} />;
  if (applications.data.length === 0) return <Text c="dimmed">No applications here.</Text>;
  return (
    <Stack gap="sm">
      {applications.data.map((application) => (
        <InboxCard
          key={application.id}
          label={`Application from ${application.fullName}`}
          createdAt={application.createdAt}
          handledAt={application.handledAt}
          change={{ kind: 'application', id: application.id }}
        >
          <Text fw={600}>{application.fullName}</Text>
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            {application.email} · {application.city}
            {application.sports ? ` · ${application.sports}` : ''}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {application.motivation}
          </Text>
        </InboxCard>
      ))}
    </Stack>
  );
}

function Feedback({ state }: { state: InboxState }) {
  const feedback = useFeedbackList(state);
  if (feedback.isPending) return <Loader aria-label="Loading the feedback" />;
  if (feedback.error) return <FormLevelError error={feedback.error} />;
  if (feedback.data.length === 0) return <Text c="dimmed">No feedback here.</Text>;
  return (
    <Stack gap="sm">
      {feedback.data.map((item) => (
        <InboxCard
          key={item.id}
          label={`Feedback from ${item.userName ?? 'a deleted account'}`}
          createdAt={item.createdAt}
          handledAt={item.handledAt}
          change={{ kind: 'feedback', id: item.id }}
        >
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            {item.userName ? `${item.userName} (${item.userEmail})` : 'A deleted account'}
            {item.rating !== null ? ` · rated ${item.rating} of 5` : ''}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{item.message}</Text>
        </InboxCard>
      ))}
    </Stack>
  );
}

/** Issue 17: what people sent to the Huddle team, newest first; an admin marks each handled. */
export function AdminInbox() {
  const [state, setState] = useState<InboxState>('unhandled');
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Show"
        value={state}
        onChange={(value) => setState(value as InboxState)}
        data={stateChoices}
        style={{ alignSelf: 'flex-start' }}
      />
      <Tabs defaultValue="applications" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="applications">Ambassador applications</Tabs.Tab>
          <Tabs.Tab value="feedback">Feedback</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="applications" pt="md">
          <Applications state={state} />
        </Tabs.Panel>
        <Tabs.Panel value="feedback" pt="md">
          <Feedback state={state} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
