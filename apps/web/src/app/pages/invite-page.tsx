import { Stack } from '@mantine/core';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useSession } from '../../features/accounts/api/get-session.ts';
import { authPathWithReturnTo, authPaths } from '@huddle/shared/auth-pages';
import { InvitationLanding } from '../../features/teams/components/invitation-landing.tsx';

/** invite/{token}: an invitation link; signed out, sign in (or sign up) first and come back. */
export function Component() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useSession().data?.user;
  return (
    <Stack p="md" align="center">
      <InvitationLanding
        token={token}
        signedIn={Boolean(user)}
        signInPath={authPathWithReturnTo(authPaths.login, location.pathname)}
        onJoined={(teamId) => void navigate(`/team/${teamId}`)}
      />
    </Stack>
  );
}
