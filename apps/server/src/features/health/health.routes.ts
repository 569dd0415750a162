import { healthEndpoints } from '@huddle/shared/health';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { oldestConnectionWaitMs } from '../../db/client.ts';
import { isDatabaseUnreachable } from '../../db/connection-errors.ts';
import { AppError } from '../../lib/app-error.ts';
import { databaseBusyMessage, databaseUnreachableMessage } from '../../lib/error-handler.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { pingDatabase } from './health.repository.ts';

/**
 * A load balancer's check gives up after a few seconds (Caddy: 5 s); health answers before that.
 * A pool whose oldest waiter has waited this long is wedged or overloaded, not merely busy.
 */
const stalledPoolMs = 2_000;
const pingTimeoutMs = 3_000;

/**
 * The database check of liveness and readiness. While every pooled connection stays taken, the
 * answer is 503 at once, without queueing one more waiter behind them (issue 30: a wedged pool
 * made health hang with everything else, so nothing outside could tell).
 */
async function checkDatabase(db: AppDeps['db'], reply: FastifyReply): Promise<void> {
  const unavailable = (state: string, message = databaseBusyMessage) => {
    reply.header('x-huddle-state', state).header('retry-after', '5');
    return new AppError('UNAVAILABLE', message);
  };
  if (oldestConnectionWaitMs(db) > stalledPoolMs) throw unavailable('database-busy');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), pingTimeoutMs);
  });
  try {
    // A failing query throws; the error handler answers 500 (503 for a database that cannot be
    // reached, said in the header here) and the load balancer stops sending traffic.
    if ((await Promise.race([pingDatabase(db), timedOut])) === 'timeout') throw unavailable('database-slow');
  } catch (error) {
    if (isDatabaseUnreachable(error)) throw unavailable('database-unreachable', databaseUnreachableMessage);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealthRoutes(app: FastifyInstance, { db, reads, readiness }: AppDeps): void {
  registerEndpoint(app, healthEndpoints.getHealth, async ({ reply }) => {
    await checkDatabase(db, reply);
    return { status: 'ok' as const, database: 'ok' as const };
  });

  registerEndpoint(app, healthEndpoints.getReadiness, async ({ reply }) => {
    if (readiness.state !== 'serving') {
      // Told apart in the header, so an operator's curl sees why; the body keeps the one error shape.
      reply.header('x-huddle-state', readiness.state).header('retry-after', '5');
      throw new AppError('UNAVAILABLE');
    }
    // The primary only: the replica is optional capacity, and reads leave it while it is down.
    await checkDatabase(db, reply);
    const replica = reads.replicaStatus();
    return { status: 'ready' as const, ...(replica && { replica }) };
  });
}
