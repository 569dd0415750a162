import type { z } from 'zod';

/**
 * One HTTP operation, declared once and used by both sides: the server registers a
 * route from it (validation and OpenAPI), the web client derives its request and
 * reply types from it. No request or reply type is written twice.
 */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success reply; errors always use errorReply. */
  reply: z.ZodType;
  /** The success status, 200 unless said. */
  status?: 200 | 201 | 204;
}

export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;

type Input<E extends Endpoint, K extends 'params' | 'query' | 'body'> = E[K] extends z.ZodType
  ? { [P in K]: z.input<E[K]> }
  : { [P in K]?: never };

export type EndpointInput<E extends Endpoint> = Input<E, 'params'> & Input<E, 'query'> & Input<E, 'body'>;
export type EndpointReply<E extends Endpoint> = z.output<E['reply']>;
