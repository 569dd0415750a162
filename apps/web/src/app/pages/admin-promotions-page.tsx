import { Stack } from '@mantine/core';
import { AdminPlans } from '../../features/admin/components/admin-plans.tsx';
import { AdminPromotions } from '../../features/admin/components/admin-promotions.tsx';

export function Component() {
  return (
    <Stack gap="xl">
      <AdminPromotions />
      <AdminPlans />
    </Stack>
  );
}
