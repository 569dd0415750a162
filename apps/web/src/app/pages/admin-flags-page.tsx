import { AdminFlags } from '../../features/admin/components/admin-flags.tsx';

export function Component() {
  return <AdminFlags />;
}
