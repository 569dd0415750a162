import type { Endpoint, EndpointInput, EndpointReply } from '@huddle/shared/endpoint';
import { genericErrorMessages, isErrorReply, type ErrorCode, type FieldErrors } from '@huddle/shared/errors';
import { noteReplySource } from './offline-data.ts';

/** 'NETWORK' is the browser's own code: the request never got an answer. */
export type ApiErrorCode = ErrorCode | 'NETWORK';

/** Every failed call, whatever went wrong, arrives as one of these (STYLE: one error type). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    /** HTTP status; 0 when there was no answer. */
    readonly status: number,
    readonly fields?: FieldErrors,
  ) {
    super(message);
  }

  /** The field messages in the shape @mantine/form's setErrors takes: one line per field. */
  get fieldMessages(): Record<string, string> {
    return Object.fromEntries(
      Object.entries(this.fields ?? {}).map(([field, messages]) => [field, messages.join(' ')]),
    );
  }
}

/** What a request needs of an endpoint; the types come from the whole declaration. */
type EndpointRoute = Pick<Endpoint, 'method' | 'path' | 'status'>;

type Input<E extends Endpoint> = EndpointInput<E>;
/** The input may be left out when the endpoint takes no params, query or body. */
type InputArgs<E extends Endpoint> = object extends Input<E> ? [input?: Input<E>] : [input: Input<E>];

function urlFor(endpoint: EndpointRoute, input: { params?: unknown; query?: unknown } | undefined): string {
  const params = (input?.params ?? {}) as Record<string, unknown>;
  const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter :${name} for ${endpoint.path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((input?.query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The ApiError for a failed reply's status and parsed body (our error shape, or a generic one). */
function apiErrorFromReply(status: number, json: unknown): ApiError {
  // Checked by hand, not with the shared zod schema: the sign-in entry loads no zod (decision 023).
  if (isErrorReply(json)) {
    const { code, message, fields } = json.error;
    return new ApiError(code, message, status, fields);
  }
  // Not our error shape: a proxy, or the server is down behind one.
  const code: ErrorCode = status === 429 ? 'RATE_LIMITED' : status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INTERNAL';
  return new ApiError(code, genericErrorMessages[code], status);
}

/**
 * For the few calls that cannot go through apiRequest (a multipart upload): the same
 * network and error handling, so every failure is still one ApiError.
 */
export async function fetchReply(url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...init });
  } catch {
    throw new ApiError('NETWORK', genericErrorMessages.NETWORK, 0);
  }
  noteReplySource(url, response);
  const json = await readJson(response);
  if (!response.ok) throw apiErrorFromReply(response.status, json);
  return json;
}

/**
 * A JSON request by path, for the auth pages' entry, which loads no endpoint declarations
 * (they carry zod schemas; decision 023): the same network and error handling as apiRequest,
 * but the reply is the caller's to read. Everywhere else, use apiRequest.
 */
export function sendJson(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const init: RequestInit = { method, headers: { accept: 'application/json' } };
  if (body !== undefined) {
    init.headers = { accept: 'application/json', 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  return fetchReply(path, init);
}

/**
 * The one HTTP client of the web app. Request and reply types come from the shared
 * endpoint declaration, so nothing here is typed twice:
 * `apiRequest(signInEndpoint, { body: { email, password } })`.
 */
export async function apiRequest<E extends Endpoint>(endpoint: E, ...[input]: InputArgs<E>): Promise<EndpointReply<E>> {
  const body = (input as { body?: unknown } | undefined)?.body;
  const init: RequestInit = {
    method: endpoint.method,
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  };
  // Only a request with a body says it is JSON: the server rejects an empty JSON body.
  if (body !== undefined) {
    init.headers = { accept: 'application/json', 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }

  const json = await fetchReply(urlFor(endpoint, input as Parameters<typeof urlFor>[1]), init);

  if (endpoint.status === 204) return undefined as EndpointReply<E>;
  // Not parsed again here: the server's serializer checked the reply against the endpoint's
  // schema before sending it (a reply that breaks the contract is a 500 there), and in the
  // browser build the declaration carries no schema (build/endpoint-routes.ts, decision 021).
  return json as EndpointReply<E>;
}
