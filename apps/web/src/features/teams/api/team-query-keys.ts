/** Query keys of the teams feature, so every mutation refreshes the same caches. */
export const teamKeys = {
  all: ['teams'] as const,
  mine: ['teams', 'mine'] as const,
  detail: (teamId: string) => ['teams', 'detail', teamId] as const,
  joinRequests: (teamId: string) => ['teams', 'join-requests', teamId] as const,
  invitations: (teamId: string) => ['teams', 'invitations', teamId] as const,
  seasons: (teamId: string) => ['teams', 'seasons', teamId] as const,
  invitation: (token: string) => ['teams', 'invitation', token] as const,
};
