import type { SubscriptionPlan } from '@huddle/shared/subscriptions';
import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { planPrice } from '../subscription-format.ts';

/** One plan: its name, price (cents, per month or year), features, and what the viewer can do with it. */
export function PlanCard({ plan, current, action }: { plan: SubscriptionPlan; current: boolean; action?: ReactNode }) {
  const headingId = `plan-${plan.list}-${plan.id}`;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={headingId}
      data-testid={`plan-card-${plan.id}`}
      style={current ? { borderColor: 'var(--mantine-color-huddle-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h4" id={headingId}>
            {plan.label}
          </Title>
          {current && (
            <Badge color="huddle" variant="light">
              Your plan
            </Badge>
          )}
        </Group>
        <Text fw={700} size="xl">
          {planPrice(plan)}
        </Text>
        <List size="sm" spacing={4} style={{ flexGrow: 1 }}>
          {plan.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        {action}
      </Stack>
    </Card>
  );
}
