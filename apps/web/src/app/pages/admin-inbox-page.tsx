import { AdminInbox } from '../../features/admin/components/admin-inbox.tsx';

export function Component() {
  return <AdminInbox />;
}
