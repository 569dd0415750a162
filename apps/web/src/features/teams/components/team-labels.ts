import type { TeamRole, teamKinds } from '@huddle/shared/teams';

type TeamKind = (typeof teamKinds)[number];

export const roleLabels: Record<TeamRole, string> = {
  owner: 'Owner',
  organizer: 'Organizer',
  player: 'Player',
  substitute: 'Substitute',
};

export const joinPolicyLabels = {
  open: 'Anyone can join',
  request: 'People ask to join; organizers approve',
  invite: 'By invitation only',
} as const;

export const visibilityLabels = {
  public: 'Public: anyone can find it',
  private: 'Private: only members see it',
} as const;

export { teamKindLabels as kindLabels } from '@huddle/shared/teams';

export { formatPrice as formatFee } from '../../../lib/format-event-time.ts';

export const formatDay = (isoDay: string) =>
  new Date(`${isoDay}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The word for a team of this kind in a sentence: a community is never called a team. */
export const teamNoun = (kind: TeamKind) => (kind === 'community' ? 'community' : 'team');
