import { timePollEndpoints, timePollTopicPrefix } from '@huddle/shared/time-polls';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { requireSessionUserId } from '../../lib/session.ts';
import {
  closeTimePoll,
  createTimePoll,
  getPollByLink,
  getTimePoll,
  listTimePolls,
  mayWatchPoll,
  voteByLink,
  voteInPoll,
  type TimePollDeps,
} from './time-polls.service.ts';

export function registerTimePollRoutes(app: FastifyInstance, appDeps: AppDeps): void {
  const { db, auth, clock, mailer, jobs, realtime, config } = appDeps;
  const deps: TimePollDeps = { db, clock, mailer, jobs, realtime, publicOrigin: config.publicOrigin, log: app.log };
  const actor = (request: FastifyRequest) => requireSessionUserId(auth, request);

  realtime.allowTopic(timePollTopicPrefix, (_viewerId, watchKey) => mayWatchPoll(db, watchKey));

  registerEndpoint(app, timePollEndpoints.create, async ({ request, params, body }) =>
    createTimePoll(deps, { actorId: await actor(request), teamId: params.teamId, body }),
  );
  registerEndpoint(app, timePollEndpoints.list, async ({ request, params }) =>
    listTimePolls(deps, { actorId: await actor(request), teamId: params.teamId }),
  );
  registerEndpoint(app, timePollEndpoints.get, async ({ request, params }) =>
    getTimePoll(deps, { actorId: await actor(request), pollId: params.pollId }),
  );
  registerEndpoint(app, timePollEndpoints.vote, async ({ request, params, body }) =>
    voteInPoll(deps, { actorId: await actor(request), pollId: params.pollId, body }),
  );
  registerEndpoint(app, timePollEndpoints.close, async ({ request, params, body }) =>
    closeTimePoll(deps, { actorId: await actor(request), pollId: params.pollId, body }),
  );
  // The voting link stands in for a session: no sign-in, the token names the invitee and the poll.
  registerEndpoint(app, timePollEndpoints.getByLink, async ({ params }) =>
    getPollByLink(deps, { token: params.token }),
  );
  registerEndpoint(app, timePollEndpoints.voteByLink, async ({ params, body }) =>
    voteByLink(deps, { token: params.token, body }),
  );
}
