import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

export const healthReply = z.object({ status: z.literal('ok'), database: z.literal('ok') }).meta({ id: 'Health' });

export const readinessReply = z.object({ status: z.literal('ready') }).meta({ id: 'Readiness' });

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
