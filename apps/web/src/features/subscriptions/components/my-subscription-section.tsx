import { changePlanTitle } from '@huddle/shared/subscriptions';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMySubscription } from '../api/get-my-subscription.ts';
import { usePlans } from '../api/list-plans.ts';
import { ChangePlanDialog } from './change-plan-dialog.tsx';
import { SubscriptionStatus } from './subscription-status.tsx';

/**
 * Settings › Payments: the user's own plan (spec §2, §3). Rendered by the payments tab; shown
 * only while the subscriptions flag is on (the caller passes it).
 */
export function MySubscriptionSection({ userId }: { userId: string }) {
  const mine = useMySubscription();
  const plans = usePlans();
  const navigate = useNavigate();
  const [changing, setChanging] = useState(false);
  const data = mine.data;
  if (!data) return null;
  const target = { type: 'user' as const, id: userId, platform: data.platform };
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-plan-heading">
      <Group justify="space-between" maw={560}>
        <Title order={3} size="h4" id="my-plan-heading">
          Your plan
        </Title>
        <Text fw={600} data-testid="my-plan-label">
          {data.subscription.label}
        </Text>
      </Group>
      <SubscriptionStatus
        state={data.subscription}
        target={target}
        canManage
        onViewPlans={() => void navigate('/community/pricing?for=me')}
      />
      {plans.data && (
        <>
          <Group gap="md">
            <Button variant="default" onClick={() => setChanging(true)}>
              {changePlanTitle}
            </Button>
            {/* Spec §2: the payments tab links community pricing (the team plans too). */}
            <Anchor component={Link} to="/community/pricing" fw={600}>
              Community pricing
            </Anchor>
          </Group>
          <ChangePlanDialog
            opened={changing}
            onClose={() => setChanging(false)}
            plans={plans.data[data.platform]}
            current={data.subscription}
            target={target}
          />
        </>
      )}
    </Stack>
  );
}
