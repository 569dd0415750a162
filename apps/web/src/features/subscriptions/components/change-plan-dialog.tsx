import {
  changePlanTitle,
  type SubscriptionPlan,
  type SubscriptionState,
  type SubscriptionTargetBody,
} from '@huddle/shared/subscriptions';
import { Modal, em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PlanChoices } from './plan-choices.tsx';

/** Spec §2: the 'Change Plan' dialog shows plan cards (full screen on phones). */
export function ChangePlanDialog({
  opened,
  onClose,
  plans,
  current,
  target,
}: {
  opened: boolean;
  onClose: () => void;
  plans: SubscriptionPlan[];
  current: SubscriptionState;
  target: SubscriptionTargetBody;
}) {
  const phone = useMediaQuery(`(max-width: ${em(576)})`);
  return (
    <Modal opened={opened} onClose={onClose} title={changePlanTitle} size="xl" fullScreen={phone}>
      <PlanChoices plans={plans} current={current} target={target} canChange onDone={onClose} />
    </Modal>
  );
}
