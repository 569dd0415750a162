import { Navigate, Outlet, useNavigation } from 'react-router';
import { useSession } from '../../features/accounts/api/get-session.ts';
import { authPaths } from '@huddle/shared/auth-pages';
import { AppShellLayout } from '../app-shell.tsx';

export function Component() {
  const { data } = useSession();
  const navigation = useNavigation();
  // The loader let us in; the user is gone only after signing out (or the session ended).
  // When a navigation is already under way (deleting the account goes to "/"), let it finish.
  if (!data?.user) return navigation.state === 'idle' ? <Navigate to={authPaths.login} replace /> : null;
  return (
    <AppShellLayout user={data.user}>
      <Outlet />
    </AppShellLayout>
  );
}
