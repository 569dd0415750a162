import { AdminAuditLog } from '../../features/admin/components/admin-audit-log.tsx';

export function Component() {
  return <AdminAuditLog />;
}
