import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

export const healthReply = z.object({ status: z.literal('ok'), database: z.literal('ok') }).meta({ id: 'Health' });

export const readinessReply = z
  .object({
    status: z.literal('ready'),
    /**
     * With DATABASE_REPLICA_URL (decision 066): where stale-ok reads go. Never a reason to be not
     * ready: while the replica is down or lagging, reads use the primary.
     */
    replica: z
      .object({
        state: z.enum(['starting', 'in-use', 'lagging', 'down']),
        lagSeconds: z.number().nullable(),
      })
      .optional(),
  })
  .meta({ id: 'Readiness' });

export const healthEndpoints = {
  getHealth: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness and database check',
    tags: ['system'],
    reply: healthReply,
  }),
  getReadiness: defineEndpoint({
    method: 'GET',
    path: '/api/ready',
    summary: 'Readiness for a load balancer: 503 while starting (migrating) or draining (after SIGTERM)',
    tags: ['system'],
    reply: readinessReply,
  }),
} as const;
