import { createHash } from 'node:crypto';
import type { TimePoll } from '@huddle/shared/time-polls';
import { and, eq } from 'drizzle-orm';
import { timePollInvitees } from '../../features/time-polls/time-polls.schema.ts';
import { apiAs, type Cast, type TeamFixture } from './cast.ts';
import { everyone, statuses, type MatrixRow } from './matrix.ts';

// Columns:                                        anonymous otherUser member organizer owner
// Issue 34 part 1, time polls (decision 080): the team's organizers (the owner and the organizer)
// send and close polls; every member reads and votes; a poll does not exist outside its team
// (404), and a private team's list does not either. A voting link stands in for a session: it
// reads and votes as its invitee (the member) whoever holds it, signed in or not.

const teamOf = (cast: Cast, target: 'public team' | 'private team'): TeamFixture =>
  target === 'public team' ? cast.publicTeam : cast.privateTeam;

const pollBody = (cast: Cast) => ({
  title: 'Matrix poll',
  placeId: cast.place.id,
  spots: 10,
  slots: [
    { startsAt: '2031-05-06T23:00:00.000Z', endsAt: '2031-05-07T00:30:00.000Z' },
    { startsAt: '2031-05-07T23:00:00.000Z', endsAt: '2031-05-08T00:30:00.000Z' },
  ],
  closesAt: null,
});

async function freshPoll(cast: Cast, target: 'public team' | 'private team'): Promise<TimePoll> {
  return apiAs<TimePoll>(
    cast,
    cast.people.owner,
    'POST',
    `/api/teams/${teamOf(cast, target).id}/time-polls`,
    pollBody(cast),
  );
}

/** A fresh poll and a voting link of the member's own (the mailed secret is replaced by one the row knows). */
async function pollWithLink(cast: Cast) {
  const poll = await freshPoll(cast, 'public team');
  const token = createHash('sha256').update(poll.id).digest('base64url').slice(0, 43);
  await cast.t.db
    .update(timePollInvitees)
    .set({ tokenHash: createHash('sha256').update(token, 'utf8').digest('hex') })
    .where(and(eq(timePollInvitees.pollId, poll.id), eq(timePollInvitees.userId, cast.people.member.id)));
  return { poll, token };
}

export const timePollRows: MatrixRow[] = [
  ...(['public team', 'private team'] as const).flatMap((target): MatrixRow[] => {
    const outsider = target === 'public team' ? 403 : 404;
    return [
      {
        route: 'POST /api/teams/{teamId}/time-polls',
        target,
        call: (cast) => ({ params: { teamId: teamOf(cast, target).id }, payload: pollBody(cast) }),
        expect: statuses(401, outsider, 403, 201, 201),
      },
      {
        route: 'GET /api/teams/{teamId}/time-polls',
        target,
        call: (cast) => ({ params: { teamId: teamOf(cast, target).id } }),
        expect: statuses(401, outsider, 200, 200, 200),
      },
      {
        route: 'GET /api/time-polls/{pollId}',
        target,
        call: async (cast) => ({ params: { pollId: (await freshPoll(cast, target)).id } }),
        expect: statuses(401, 404, 200, 200, 200),
      },
      {
        route: 'PUT /api/time-polls/{pollId}/votes',
        target,
        call: async (cast) => {
          const poll = await freshPoll(cast, target);
          return { params: { pollId: poll.id }, payload: { votes: [{ slotId: poll.slots[0]!.id, choice: 'yes' }] } };
        },
        expect: statuses(401, 404, 200, 200, 200),
      },
      {
        route: 'POST /api/time-polls/{pollId}/close',
        target,
        call: async (cast) => {
          const poll = await freshPoll(cast, target);
          return { params: { pollId: poll.id }, payload: { slotId: poll.slots[0]!.id, placeId: null } };
        },
        expect: statuses(401, 404, 403, 200, 200),
      },
    ];
  }),
  {
    route: 'GET /api/time-polls/by-link/{token}',
    call: async (cast) => ({ params: { token: (await pollWithLink(cast)).token } }),
    expect: everyone(200),
  },
  {
    route: 'PUT /api/time-polls/by-link/{token}/votes',
    call: async (cast) => {
      const { poll, token } = await pollWithLink(cast);
      return { params: { token }, payload: { votes: [{ slotId: poll.slots[1]!.id, choice: 'ifNeeded' }] } };
    },
    expect: everyone(200),
  },
];
