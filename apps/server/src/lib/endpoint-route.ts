import type { Endpoint, EndpointReply } from '@huddle/shared/endpoint';
import { errorReply } from '@huddle/shared/error-reply';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';

type Parsed<E extends Endpoint, K extends 'params' | 'query' | 'body'> = E[K] extends z.ZodType
  ? z.output<E[K]>
  : undefined;

export interface EndpointCall<E extends Endpoint> {
  params: Parsed<E, 'params'>;
  query: Parsed<E, 'query'>;
  body: Parsed<E, 'body'>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers a route from its shared declaration: the same zod schemas validate the
 * input, check the reply and describe the route in the OpenAPI document.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (call: EndpointCall<E>) => Promise<EndpointReply<E>>,
  options: Pick<RouteShorthandOptions, 'config'> = {},
): void {
  const status = endpoint.status ?? 200;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...options,
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
      response: { [status]: endpoint.reply, '4xx': errorReply, '5xx': errorReply },
    },
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params as Parsed<E, 'params'>,
        query: request.query as Parsed<E, 'query'>,
        body: request.body as Parsed<E, 'body'>,
        request,
        reply,
      });
      return reply.code(status).send(result);
    },
  });
}
