import type { TeamSheet } from '@huddle/shared/fair-teams';
import { apiAs, newEvent, type Cast, type EventFixture } from './cast.ts';
import { signedIn, statuses, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Issue 34 part 2, fair teams (decision 077): the event's organizers (its creator, the owner, and
// the team's organizers, here the co-organizer) make, edit, rate and publish; everyone who may
// see the event reads the published teams once signed in. A team-only event does not exist
// outside the team (404). The member is the player on the date.

async function fresh(cast: Cast, target: 'public' | 'team-only'): Promise<EventFixture> {
  return newEvent(
    cast,
    target === 'public' ? { team: cast.publicTeam } : { team: cast.privateTeam, visibility: 'team' },
  );
}

/** A fresh event whose teams the owner made: the sheet at version 1. */
async function withTeams(cast: Cast, target: 'public' | 'team-only') {
  const event = await fresh(cast, target);
  const { sheet } = await apiAs<TeamSheet>(cast, cast.people.owner, 'POST', `/api/events/${event.id}/teams/make`, {
    occurrenceStartsAt: event.occurrence,
    version: null,
    teamCount: 2,
    source: 'joined',
    keepParties: true,
  });
  return { event, sheet: sheet! };
}

export const fairTeamRows: MatrixRow[] = (['public', 'team-only'] as const).flatMap((target): MatrixRow[] => {
  const managersOnly = target === 'public' ? statuses(401, 403, 403, 200, 200) : statuses(401, 404, 403, 200, 200);
  const seers = target === 'public' ? signedIn(200) : statuses(401, 404, 200, 200, 200);
  return [
    {
      route: 'GET /api/events/{eventId}/teams',
      target,
      call: async (cast) => {
        const event = await fresh(cast, target);
        return { params: { eventId: event.id }, query: { occurrence: event.occurrence } };
      },
      expect: managersOnly,
    },
    {
      route: 'POST /api/events/{eventId}/teams/make',
      target,
      call: async (cast) => {
        const event = await fresh(cast, target);
        return {
          params: { eventId: event.id },
          payload: {
            occurrenceStartsAt: event.occurrence,
            version: null,
            teamCount: 2,
            source: 'joined',
            keepParties: true,
          },
        };
      },
      expect: managersOnly,
    },
    {
      route: 'PUT /api/events/{eventId}/teams',
      target,
      call: async (cast) => {
        const { event, sheet } = await withTeams(cast, target);
        return {
          params: { eventId: event.id },
          payload: {
            occurrenceStartsAt: event.occurrence,
            version: sheet.version,
            teams: sheet.teams.map((team) => ({
              name: team.name,
              colour: team.colour,
              members: team.members.map((member) => member.key),
            })),
            locked: [],
            positions: {},
          },
        };
      },
      expect: managersOnly,
    },
    {
      route: 'POST /api/events/{eventId}/teams/publish',
      target,
      call: async (cast) => {
        const { event, sheet } = await withTeams(cast, target);
        return {
          params: { eventId: event.id },
          payload: { occurrenceStartsAt: event.occurrence, version: sheet.version },
        };
      },
      expect: managersOnly,
    },
    {
      route: 'PUT /api/events/{eventId}/teams/ratings',
      target,
      call: async (cast) => {
        const event = await fresh(cast, target);
        return {
          params: { eventId: event.id },
          payload: { occurrenceStartsAt: event.occurrence, userId: cast.people.member.id, rating: 4 },
        };
      },
      expect: managersOnly,
    },
    {
      route: 'GET /api/events/{eventId}/teams/published',
      target,
      call: async (cast) => {
        const { event, sheet } = await withTeams(cast, target);
        await apiAs(cast, cast.people.owner, 'POST', `/api/events/${event.id}/teams/publish`, {
          occurrenceStartsAt: event.occurrence,
          version: sheet.version,
        });
        return { params: { eventId: event.id }, query: { occurrence: event.occurrence } };
      },
      expect: seers,
    },
  ];
});
