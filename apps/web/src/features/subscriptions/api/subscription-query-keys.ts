export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  plans: ['subscriptions', 'plans'] as const,
  team: (teamId: string) => ['subscriptions', 'team', teamId] as const,
  mine: ['subscriptions', 'me'] as const,
};
