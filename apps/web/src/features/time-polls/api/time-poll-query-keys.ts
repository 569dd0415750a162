export const timePollKeys = {
  all: ['time-polls'] as const,
  ofTeam: (teamId: string) => ['time-polls', 'team', teamId] as const,
  detail: (pollId: string) => ['time-polls', 'detail', pollId] as const,
  byLink: (token: string) => ['time-polls', 'link', token] as const,
};
