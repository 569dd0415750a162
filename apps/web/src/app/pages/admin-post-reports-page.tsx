import { AdminPostReports } from '../../features/admin/components/admin-post-reports.tsx';

export function Component() {
  return <AdminPostReports />;
}
