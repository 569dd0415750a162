import type { SubscriptionPlan } from '@huddle/shared/subscriptions';
import { Alert, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { FormLevelError } from '../../../components/ui/form-level-error.tsx';
import { formatCents } from '../../../lib/format-cents.ts';
import { useAdminPlans } from '../api/admin-promotions.ts';
import { ScrollingTable } from '../../../components/ui/scrolling-table.tsx';

function PlanTable({ caption, plans }: { caption: string; plans: SubscriptionPlan[] }) {
  return (
    <ScrollingTable label={caption} minWidth={520}>
      <Table striped captionSide="top">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Plan</Table.Th>
            <Table.Th>Price</Table.Th>
            <Table.Th>Covers</Table.Th>
            <Table.Th>Features</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plans.map((plan) => (
            <Table.Tr key={plan.uid}>
              <Table.Td>{plan.label}</Table.Td>
              <Table.Td>{plan.priceId === null ? 'Free' : `${formatCents(plan.cost)} per ${plan.interval}`}</Table.Td>
              <Table.Td>{plan.covers.join(', ') || '—'}</Table.Td>
              <Table.Td>{plan.features.join(' · ')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollingTable>
  );
}

/** Spec §1, §7: the plans of the variant this server runs, read-only (they change with the deployment). */
export function AdminPlans() {
  const plans = useAdminPlans();
  return (
    <Stack gap="sm" component="section" aria-labelledby="admin-plans-heading">
      <Title order={2} id="admin-plans-heading">
        Plans
      </Title>
      {plans.isPending ? (
        <Loader aria-label="Loading the plans" />
      ) : plans.error ? (
        <FormLevelError error={plans.error} />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            Platform variant {plans.data.platform}. Plans are set by the deployment, not here.
          </Text>
          {plans.data.subscriptionsOn ? null : (
            <Alert color="yellow">The subscriptions flag is off: nobody else sees these plans now.</Alert>
          )}
          <PlanTable caption="Team plans (monthly)" plans={plans.data.teams} />
          <PlanTable caption={`User plans, ${plans.data.platform} (yearly)`} plans={plans.data.user} />
        </>
      )}
    </Stack>
  );
}
