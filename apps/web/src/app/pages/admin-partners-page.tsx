import { AdminPartnersList } from '../../features/admin/components/admin-partners-list.tsx';

export function Component() {
  return <AdminPartnersList />;
}
