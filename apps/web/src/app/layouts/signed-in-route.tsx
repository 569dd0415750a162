import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../features/accounts/api/get-session.ts';
import { authPaths } from '../../features/accounts/auth-paths.ts';
import { AppShellLayout } from '../app-shell.tsx';

export function Component() {
  const { data } = useSession();
  // The loader let us in; the user is gone only after signing out (or the session ended).
  if (!data?.user) return <Navigate to={authPaths.login} replace />;
  return (
    <AppShellLayout user={data.user}>
      <Outlet />
    </AppShellLayout>
  );
}
