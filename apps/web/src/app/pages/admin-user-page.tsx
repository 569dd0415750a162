import { useParams } from 'react-router';
import { AdminUserDetail } from '../../features/admin/components/admin-user-detail.tsx';

export function Component() {
  const { userId = '' } = useParams();
  // Keyed by the account: moving between accounts starts each one's page afresh.
  return <AdminUserDetail key={userId} userId={userId} />;
}
