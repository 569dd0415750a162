import type { Cast } from './cast.ts';
import { everyone, signedIn, statuses, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Issue 13, plans and subscriptions: the plans are public; a team's plan is for its owner and
// organizers (only the owner changes it); a private team does not exist outside it (404).

const teamOf = (cast: Cast, target: 'public' | 'private') =>
  (target === 'public' ? cast.publicTeam : cast.privateTeam).id;
/** Rookie: the free plan, so no Checkout is made; for the owner with nothing running it is 'unchanged'. */
const rookieItem = (id: string) => ({
  id,
  name: 'Rookie',
  quantity: 1,
  cost: 0,
  type: 'teams',
  subscriptionPriceId: null,
  platform: 'gth',
});

export const subscriptionRows: MatrixRow[] = [
  { route: 'GET /api/plans', expect: everyone(200) },
  { route: 'GET /api/me/subscription', expect: signedIn(200) },
  ...(['public', 'private'] as const).map((target): MatrixRow => ({
    route: 'GET /api/teams/{teamId}/subscription',
    target,
    call: (cast) => ({ params: { teamId: (target === 'public' ? cast.publicTeam : cast.privateTeam).id } }),
    expect: target === 'public' ? statuses(401, 403, 403, 200, 200) : statuses(401, 404, 403, 200, 200),
  })),
  // Only the owner changes a team's plan; organizers see it but get 403 like players.
  ...(['public', 'private'] as const).flatMap((target): MatrixRow[] => {
    const hidden = target === 'public' ? 403 : 404;
    const body = (cast: Cast) => ({ type: 'teams', id: teamOf(cast, target), platform: 'gth' });
    return [
      {
        route: 'POST /api/subscriptions',
        target: `${target} team, the free plan`,
        call: (cast) => ({ payload: { items: [rookieItem(teamOf(cast, target))] } }),
        expect: statuses(401, hidden, 403, 403, 200),
      },
      {
        route: 'POST /api/subscriptions/cancel',
        target: `${target} team, nothing running`,
        call: (cast) => ({ payload: body(cast) }),
        expect: statuses(401, hidden, 403, 403, 409),
      },
      {
        route: 'POST /api/subscriptions/portal',
        target: `${target} team, nothing running`,
        call: (cast) => ({ payload: body(cast) }),
        expect: statuses(401, hidden, 403, 403, 409),
      },
    ];
  }),
  {
    route: 'POST /api/subscriptions',
    target: "the caller's own player plan, the free plan",
    call: (cast, role) => ({
      payload: {
        items: [{ ...rookieItem(role === 'anonymous' ? 'nobody' : cast.people[role].id), name: 'Free', type: 'user' }],
      },
    }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/subscriptions',
    target: "another person's player plan",
    call: (cast) => ({ payload: { items: [{ ...rookieItem(cast.bystander.id), name: 'Free', type: 'user' }] } }),
    expect: signedIn(403),
  },
];
