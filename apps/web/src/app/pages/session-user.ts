import { redirectDelayMs } from '@huddle/shared/limits';
import { welcomeMessage } from '@huddle/shared/profiles';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession, useSetSessionUser } from '../../features/accounts/api/get-session.ts';
import { afterSetupPathFrom } from '../account-paths.ts';

/**
 * The signed-in user as the pages read it, and the one way they put a saved user back:
 * every profile and settings call answers with the whole user, which replaces the session's.
 */
export function useSessionUser() {
  const user = useSession().data?.user ?? null;
  const setUser = useSetSessionUser();
  return { user, setUser };
}

/**
 * Spec §2: after first-time setup, a welcome, then (250 ms later) back where the person was
 * going when setup stopped them, else the availability tab.
 */
export function useFinishSetup() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(() => {
    notifications.show({ color: 'huddle', message: welcomeMessage });
    window.setTimeout(() => void navigate(afterSetupPathFrom(search)), redirectDelayMs);
  }, [navigate, search]);
}
