import { snackbarMs } from '@huddle/shared/limits';
import {
  cancelPropagationNote,
  subscriptionCancelledMessage,
  subscriptionChangedMessage,
  type SubscriptionPlan,
  type SubscriptionState,
  type SubscriptionTargetBody,
} from '@huddle/shared/subscriptions';
import { Button, Group, Modal, SimpleGrid, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useCreateSubscription } from '../api/create-subscription.ts';
import { PlanCard } from './plan-card.tsx';

/**
 * The plan cards with what choosing each one does (spec §4): a first paid plan goes to Checkout,
 * paid to paid changes the subscription, and a free plan cancels it after a confirmation that
 * says changes take a couple of minutes to propagate (spec §9).
 */
export function PlanChoices({
  plans,
  current,
  target,
  canChange,
  onDone,
}: {
  plans: SubscriptionPlan[];
  current: SubscriptionState;
  target: SubscriptionTargetBody;
  canChange: boolean;
  /** After a change or a cancel (the dialog closes). */
  onDone?: () => void;
}) {
  const choose = useCreateSubscription();
  const [confirmCancel, setConfirmCancel] = useState<SubscriptionPlan | null>(null);
  const [choosing, setChoosing] = useState<string | null>(null);

  const send = (plan: SubscriptionPlan) => {
    setChoosing(plan.id);
    choose.mutate(
      {
        items: [
          {
            id: target.id,
            name: plan.label,
            quantity: 1,
            cost: plan.cost,
            type: target.type,
            subscriptionPriceId: plan.priceId,
            platform: target.platform,
          },
        ],
      },
      {
        onSuccess: (reply) => {
          if (reply.outcome === 'checkout') {
            window.location.assign(reply.url);
            return;
          }
          setConfirmCancel(null);
          if (reply.outcome === 'changed')
            notifications.show({ color: 'huddle', message: subscriptionChangedMessage, autoClose: snackbarMs.default });
          if (reply.outcome === 'cancelled')
            notifications.show({
              color: 'huddle',
              message: subscriptionCancelledMessage,
              autoClose: snackbarMs.default,
            });
          onDone?.();
        },
        onError: (error) => notifications.show({ color: 'red', message: error.message }),
        onSettled: (reply) => {
          if (reply?.outcome !== 'checkout') setChoosing(null);
        },
      },
    );
  };

  const onChoose = (plan: SubscriptionPlan) => {
    if (plan.priceId === null) setConfirmCancel(plan);
    else send(plan);
  };

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: Math.min(plans.length, 3) }} spacing="md">
        {plans.map((plan) => {
          const isCurrent = plan.id === current.planId;
          return (
            <PlanCard
              key={plan.uid}
              plan={plan}
              current={isCurrent}
              action={
                canChange && !isCurrent ? (
                  <Button
                    onClick={() => onChoose(plan)}
                    loading={choosing === plan.id}
                    disabled={choosing !== null && choosing !== plan.id}
                    variant={plan.priceId === null ? 'default' : 'filled'}
                  >
                    {`Choose ${plan.label}`}
                  </Button>
                ) : null
              }
            />
          );
        })}
      </SimpleGrid>
      <Modal
        opened={confirmCancel !== null}
        onClose={() => setConfirmCancel(null)}
        title="Cancel subscription?"
        centered
      >
        <Text mb="xs">
          {`Your ${current.label} subscription ends now and you move to ${confirmCancel?.label ?? 'the free plan'}.`}
        </Text>
        <Text size="sm" c="dimmed" mb="md">
          {cancelPropagationNote}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmCancel(null)}>
            Keep subscription
          </Button>
          <Button
            color="red"
            loading={choose.isPending}
            onClick={() => {
              if (confirmCancel) send(confirmCancel);
            }}
          >
            Cancel subscription
          </Button>
        </Group>
      </Modal>
    </>
  );
}
