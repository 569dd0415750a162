import { everyone, signedIn, statuses, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Issue 13, plans and subscriptions: the plans are public; a team's plan is for its owner and
// organizers (only the owner changes it); a private team does not exist outside it (404).

export const subscriptionRows: MatrixRow[] = [
  { route: 'GET /api/plans', expect: everyone(200) },
  { route: 'GET /api/me/subscription', expect: signedIn(200) },
  ...(['public', 'private'] as const).map((target): MatrixRow => ({
    route: 'GET /api/teams/{teamId}/subscription',
    target,
    call: (cast) => ({ params: { teamId: (target === 'public' ? cast.publicTeam : cast.privateTeam).id } }),
    expect: target === 'public' ? statuses(401, 403, 403, 200, 200) : statuses(401, 404, 403, 200, 200),
  })),
];
