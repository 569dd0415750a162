import { Outlet } from 'react-router';
import { AuthLayout } from '../../features/accounts/components/auth-layout.tsx';

export function Component() {
  return (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  );
}
