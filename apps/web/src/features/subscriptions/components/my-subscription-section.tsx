import { Anchor } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useMySubscription } from '../api/get-my-subscription.ts';
import { usePlans } from '../api/list-plans.ts';
import { PlanSummary } from './plan-summary.tsx';

/**
 * Settings › Payments: the user's own plan (spec §2, §3). Rendered by the payments tab; shown
 * only while the subscriptions flag is on (the caller passes it).
 */
export function MySubscriptionSection({ userId }: { userId: string }) {
  const mine = useMySubscription();
  const plans = usePlans();
  const navigate = useNavigate();
  const data = mine.data;
  if (!data) return null;
  return (
    <PlanSummary
      heading="Your plan"
      headingOrder={3}
      labelTestId="my-plan-label"
      state={data.subscription}
      target={{ type: 'user', id: userId, platform: data.platform }}
      canChange
      plans={plans.data?.[data.platform]}
      onViewPlans={() => void navigate('/community/pricing?for=me')}
      links={
        // Spec §2: the payments tab links community pricing (the team plans too).
        <Anchor component={Link} to="/community/pricing" fw={600}>
          Community pricing
        </Anchor>
      }
    />
  );
}
