import { AdminUsersList } from '../../features/admin/components/admin-users-list.tsx';

export function Component() {
  return <AdminUsersList />;
}
