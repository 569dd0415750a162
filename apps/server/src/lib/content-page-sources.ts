import type { ContentPageSources } from '@huddle/shared/content-page-sources';
import type { Endpoint, EndpointReply } from '@huddle/shared/endpoint';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './app-error.ts';
import { serializeReply } from './endpoint-route.ts';

/**
 * The server's side of each content-page read (decision 075's addendum): the same read with the
 * request (its read routing) and the viewer (their session) it is made for. Each feature gives its
 * own in its `*.page-source.ts`; app.ts lists them.
 */
export type ContentPageReads = {
  [K in keyof ContentPageSources]: (
    request: FastifyRequest,
    viewerId: string | undefined,
    ...page: Parameters<ContentPageSources[K]>
  ) => ReturnType<ContentPageSources[K]>;
};

/** The reads bound to one request and its viewer: what the web app's server entry is given for one render. */
export function contentPageSourcesFor(
  reads: ContentPageReads,
  request: FastifyRequest,
  viewerId: string | undefined,
): ContentPageSources {
  return Object.fromEntries(
    Object.entries(reads).map(([name, read]) => [
      name,
      (...page: string[]) => (read as (...args: unknown[]) => Promise<unknown>)(request, viewerId, ...page),
    ]),
  ) as unknown as ContentPageSources;
}

/**
 * A read whose route asks for a session: null for a visitor (the route answers 401), else `read`
 * for the signed-in viewer.
 */
export function signedInRead<Page extends unknown[], Reply>(
  read: (request: FastifyRequest, viewerId: string, ...page: Page) => Promise<Reply | null>,
): (request: FastifyRequest, viewerId: string | undefined, ...page: Page) => Promise<Reply | null> {
  return async (request, viewerId, ...page) => (viewerId === undefined ? null : read(request, viewerId, ...page));
}

/**
 * What `endpoint`'s route sends for this address: `params` checked with the endpoint's own schema,
 * `read` (the route's own service call, with its read routing), the reply encoded by the reply
 * schema as the route's serializer does. Null where the route would answer with an error (a bad
 * address, or any AppError: not found, not visible): the browser then renders the page and shows
 * what the API says. Anything else is a failure of the render (logged; the browser renders).
 */
export async function endpointReplyOrNull<E extends Endpoint & { params: z.ZodType }>(
  endpoint: E,
  params: unknown,
  read: (params: z.output<E['params']>) => Promise<EndpointReply<E>>,
): Promise<EndpointReply<E> | null> {
  const parsed = endpoint.params.safeParse(params);
  if (!parsed.success) return null;
  return replyOrNull(endpoint, () => read(parsed.data as z.output<E['params']>));
}

/**
 * endpointReplyOrNull for an endpoint read by its query string (discover's list, home's blocks),
 * or by nothing but the session (`/api/me/...`): the query checked with the endpoint's own schema.
 */
export async function endpointQueryReplyOrNull<E extends Endpoint>(
  endpoint: E,
  query: unknown,
  read: (query: E['query'] extends z.ZodType ? z.output<E['query']> : undefined) => Promise<EndpointReply<E>>,
): Promise<EndpointReply<E> | null> {
  const parsed = endpoint.query ? endpoint.query.safeParse(query) : { success: true as const, data: undefined };
  if (!parsed.success) return null;
  return replyOrNull(endpoint, () =>
    read(parsed.data as E['query'] extends z.ZodType ? z.output<E['query']> : undefined),
  );
}

/** endpointReplyOrNull for an endpoint read by its address and its query string (an event's date). */
export async function endpointParamsQueryReplyOrNull<E extends Endpoint & { params: z.ZodType; query: z.ZodType }>(
  endpoint: E,
  params: unknown,
  query: unknown,
  read: (params: z.output<E['params']>, query: z.output<E['query']>) => Promise<EndpointReply<E>>,
): Promise<EndpointReply<E> | null> {
  const parsedParams = endpoint.params.safeParse(params);
  const parsedQuery = endpoint.query.safeParse(query);
  if (!parsedParams.success || !parsedQuery.success) return null;
  return replyOrNull(endpoint, () =>
    read(parsedParams.data as z.output<E['params']>, parsedQuery.data as z.output<E['query']>),
  );
}

/** The read's reply encoded as the route's serializer does; null for an AppError (the route's error reply). */
async function replyOrNull<E extends Endpoint>(
  endpoint: E,
  read: () => Promise<EndpointReply<E>>,
): Promise<EndpointReply<E> | null> {
  try {
    const reply = await read();
    return JSON.parse(serializeReply(endpoint, reply).json) as EndpointReply<E>;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
