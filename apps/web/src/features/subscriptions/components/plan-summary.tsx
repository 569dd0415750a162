import type { SubscriptionPlan, SubscriptionState, SubscriptionTargetBody } from '@huddle/shared/subscriptions';
import { changePlanTitle } from '@huddle/shared/subscriptions';
import { Button, Group, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ChangePlanDialog } from './change-plan-dialog.tsx';
import { SubscriptionStatus } from './subscription-status.tsx';

/**
 * A subscriber's plan (spec §2, §3): the heading with the plan's label, the subscription display,
 * and Change Plan with its dialog for whoever may change it. The user's Settings › Payments and
 * the team page's Plan card differ only in their frame, heading and links.
 */
export function PlanSummary({
  heading,
  headingOrder,
  labelTestId,
  state,
  target,
  canChange,
  plans,
  onViewPlans,
  links,
}: {
  heading: string;
  headingOrder: TitleOrder;
  labelTestId: string;
  state: SubscriptionState;
  target: SubscriptionTargetBody;
  canChange: boolean;
  /** The plans to change between; the button waits until they are loaded. */
  plans: SubscriptionPlan[] | undefined;
  onViewPlans: () => void;
  /** Shown beside Change Plan (Settings links community pricing). */
  links?: ReactNode;
}) {
  const [changing, setChanging] = useState(false);
  const headingId = `${labelTestId}-heading`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" maw={560}>
        <Title order={headingOrder} size="h4" id={headingId}>
          {heading}
        </Title>
        <Text fw={600} data-testid={labelTestId}>
          {state.label}
        </Text>
      </Group>
      <SubscriptionStatus state={state} target={target} canManage={canChange} onViewPlans={onViewPlans} />
      {canChange && plans && (
        <>
          <Group gap="md">
            <Button variant="default" onClick={() => setChanging(true)}>
              {changePlanTitle}
            </Button>
            {links}
          </Group>
          <ChangePlanDialog
            opened={changing}
            onClose={() => setChanging(false)}
            plans={plans}
            current={state}
            target={target}
          />
        </>
      )}
    </Stack>
  );
}
