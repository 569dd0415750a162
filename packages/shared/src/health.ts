import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

export const healthReply = z.object({ status: z.literal('ok'), database: z.literal('ok') }).meta({ id: 'Health' });

export const healthEndpoints = {
  getHealth: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness and database check',
    tags: ['system'],
    reply: healthReply,
  }),
} as const;
