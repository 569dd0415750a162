export const tournamentKeys = {
  all: ['tournaments'] as const,
  mine: ['tournaments', 'mine'] as const,
  ofTeam: (teamId: string) => ['tournaments', 'team', teamId] as const,
  detail: (tournamentId: string) => ['tournaments', 'detail', tournamentId] as const,
};
