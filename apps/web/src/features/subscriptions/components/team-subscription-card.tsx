import type { Platform } from '@huddle/shared/platforms';
import { changePlanTitle } from '@huddle/shared/subscriptions';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTeamSubscription } from '../api/get-team-subscription.ts';
import { usePlans } from '../api/list-plans.ts';
import { ChangePlanDialog } from './change-plan-dialog.tsx';
import { SubscriptionStatus } from './subscription-status.tsx';

/** The team page's plan (owner and organizers; spec §2, §6): only the owner changes it. */
export function TeamSubscriptionCard({ teamId, platform }: { teamId: string; platform: Platform }) {
  const subscription = useTeamSubscription(teamId);
  const plans = usePlans();
  const navigate = useNavigate();
  const [changing, setChanging] = useState(false);
  const data = subscription.data;
  if (!data) return null;
  const target = { type: 'teams' as const, id: teamId, platform };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="team-plan-heading">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="team-plan-heading">
            Plan
          </Title>
          <Text fw={600} data-testid="team-plan-label">
            {data.subscription.label}
          </Text>
        </Group>
        <SubscriptionStatus
          state={data.subscription}
          target={target}
          canManage={data.canChange}
          onViewPlans={() => void navigate(`/community/pricing?team=${teamId}`)}
        />
        {data.canChange && plans.data && (
          <>
            <Button variant="default" onClick={() => setChanging(true)} style={{ alignSelf: 'flex-start' }}>
              {changePlanTitle}
            </Button>
            <ChangePlanDialog
              opened={changing}
              onClose={() => setChanging(false)}
              plans={plans.data.teams}
              current={data.subscription}
              target={target}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}
