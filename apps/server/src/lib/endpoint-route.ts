import type { Endpoint, EndpointReply } from '@huddle/shared/endpoint';
import { errorReply } from '@huddle/shared/error-reply';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';

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
 * A reply already checked against its endpoint's schema and serialized (serializeReply): sent as
 * it is, so a cached reply costs neither the check nor JSON.stringify again (decision 073), nor
 * its compression when `encoded` carries the body compressed for this request.
 */
export class SerializedReply {
  constructor(
    readonly json: string,
    readonly encoded?: { encoding: 'br' | 'gzip'; body: Buffer },
  ) {}
}

/** What the route's serializer does (encode with the reply schema, then JSON), once, for a reply kept to send again. */
export function serializeReply<E extends Endpoint>(endpoint: E, reply: EndpointReply<E>): SerializedReply {
  return new SerializedReply(JSON.stringify(z.encode(endpoint.reply, reply)));
}

/**
 * Registers a route from its shared declaration: the same zod schemas validate the
 * input, check the reply and describe the route in the OpenAPI document.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (call: EndpointCall<E>) => Promise<EndpointReply<E> | SerializedReply>,
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
      if (result instanceof SerializedReply) {
        reply.code(status).type('application/json; charset=utf-8');
        if (!result.encoded) return reply.send(result.json);
        // The compress plugin leaves a reply that has a Content-Encoding alone.
        return reply
          .header('content-encoding', result.encoded.encoding)
          .header('vary', 'accept-encoding')
          .send(result.encoded.body);
      }
      return reply.code(status).send(result);
    },
  });
}
