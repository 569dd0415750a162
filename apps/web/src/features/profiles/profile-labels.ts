import type { CurrentUser } from '@huddle/shared/users';

type JoinReason = NonNullable<CurrentUser['joinReason']>;

/** Spec §9 join reasons, as a person reads them. */
export const joinReasonLabels: Record<JoinReason, string> = {
  Organize: 'Organize games, teams or a community',
  'Find-people': 'Find people to play with',
  Substitute: 'Play as a substitute when a team needs one',
};
