import { Alert, Anchor, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useMySubscription } from '../api/get-my-subscription.ts';
import { useTeamSubscription } from '../api/get-team-subscription.ts';
import { usePlans } from '../api/list-plans.ts';
import { PlanCard } from './plan-card.tsx';
import { PlanChoices } from './plan-choices.tsx';
import { SubscriptionStatus } from './subscription-status.tsx';

export interface OwnedTeam {
  id: string;
  name: string;
}

/**
 * community/pricing (spec §2): the team plans (monthly) for a team the viewer owns, and the
 * player plans of this variant (yearly). ?team= picks the team, ?for=me the player plans;
 * ?checkout=success is where Checkout returns, and the plan shows once the webhook landed.
 */
export function PricingView({
  signedIn,
  userId,
  ownedTeams,
}: {
  signedIn: boolean;
  userId?: string;
  ownedTeams: OwnedTeam[];
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const plans = usePlans();
  const audience = searchParams.get('for') === 'me' ? 'me' : 'teams';
  const requestedTeam = searchParams.get('team');
  const teamId = ownedTeams.find((team) => team.id === requestedTeam)?.id ?? ownedTeams[0]?.id;
  const checkout = searchParams.get('checkout');
  const awaitingCheckout = checkout === 'success';
  const team = useTeamSubscription(teamId, { enabled: signedIn && audience === 'teams', awaitingCheckout });
  const mine = useMySubscription({ enabled: signedIn && audience === 'me', awaitingCheckout });

  const setParam = (key: string, value: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        next.delete('checkout');
        return next;
      },
      { replace: true },
    );

  if (!plans.data) return <Text c="dimmed">{plans.isError ? plans.error.message : 'Loading…'}</Text>;
  const current = audience === 'teams' ? team.data?.subscription : mine.data?.subscription;
  const list = audience === 'teams' ? plans.data.teams : plans.data[plans.data.platform];
  const target =
    audience === 'teams'
      ? teamId && { type: 'teams' as const, id: teamId, platform: plans.data.platform }
      : userId && { type: 'user' as const, id: userId, platform: plans.data.platform };

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Plans and pricing
        </Title>
        <Text c="dimmed">
          Team plans are billed monthly, player plans yearly, in US dollars. Change or cancel at any time.
        </Text>
      </Stack>
      <SegmentedControl
        value={audience}
        onChange={(value) => setParam('for', value === 'me' ? 'me' : null)}
        data={[
          { value: 'teams', label: 'Team plans' },
          { value: 'me', label: 'Player plans' },
        ]}
        style={{ alignSelf: 'flex-start' }}
        aria-label="Whose plans"
      />
      {checkout === 'success' && (
        <Alert color="huddle" title={current?.active ? 'Your plan is active' : 'Payment received'}>
          {current?.active
            ? `You are on ${current.label}.`
            : 'Your plan starts as soon as the payment is confirmed. This takes a few seconds.'}
        </Alert>
      )}
      {checkout === 'cancelled' && (
        <Alert color="gray" title="Checkout cancelled">
          Nothing was charged. Your plan did not change.
        </Alert>
      )}
      {audience === 'teams' && signedIn && ownedTeams.length > 0 && (
        <Select
          label="Team"
          description="The team or community whose plan you are choosing"
          data={ownedTeams.map((owned) => ({ value: owned.id, label: owned.name }))}
          value={teamId ?? null}
          onChange={(value) => setParam('team', value)}
          allowDeselect={false}
          maw={360}
        />
      )}
      {audience === 'teams' && signedIn && ownedTeams.length === 0 && (
        <Text>
          You do not own a team yet.{' '}
          <Anchor component={Link} to="/teams/create">
            Create a team
          </Anchor>{' '}
          to choose its plan.
        </Text>
      )}
      {current && target && (
        <Stack gap={4}>
          <Text fw={600} data-testid="current-plan">
            {`Current plan: ${current.label}`}
          </Text>
          <SubscriptionStatus
            state={current}
            target={target}
            canManage
            onViewPlans={() => document.getElementById('plan-list')?.scrollIntoView({ behavior: 'smooth' })}
          />
        </Stack>
      )}
      <div id="plan-list">
        {current && target ? (
          <PlanChoices plans={list} current={current} target={target} canChange />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {list.map((plan) => (
              <PlanCard key={plan.uid} plan={plan} current={false} />
            ))}
          </SimpleGrid>
        )}
      </div>
      {!signedIn && (
        <Text>
          <Anchor href="/auth/login">Sign in</Anchor> to choose a plan.
        </Text>
      )}
    </Stack>
  );
}
