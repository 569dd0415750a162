import type { Platform } from '@huddle/shared/platforms';
import { Card } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTeamSubscription } from '../api/get-team-subscription.ts';
import { usePlans } from '../api/list-plans.ts';
import { PlanSummary } from './plan-summary.tsx';

/** The team page's plan (owner and organizers; spec §2, §6): only the owner changes it. */
export function TeamSubscriptionCard({ teamId, platform }: { teamId: string; platform: Platform }) {
  const subscription = useTeamSubscription(teamId);
  const plans = usePlans();
  const navigate = useNavigate();
  const data = subscription.data;
  if (!data) return null;
  return (
    <Card withBorder radius="md" padding="lg">
      <PlanSummary
        heading="Plan"
        headingOrder={2}
        labelTestId="team-plan-label"
        state={data.subscription}
        target={{ type: 'teams', id: teamId, platform }}
        canChange={data.canChange}
        plans={plans.data?.teams}
        onViewPlans={() => void navigate(`/community/pricing?team=${teamId}`)}
      />
    </Card>
  );
}
