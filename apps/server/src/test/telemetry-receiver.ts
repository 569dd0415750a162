import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';

/**
 * Stands in for Sentry and PostHog on 127.0.0.1 (issue 31: error reporting and analytics seen
 * working). It takes what their SDKs and Huddle's adapters really send, at the addresses the real
 * services use, and refuses what they would refuse (a wrong path, project, key or body), so a
 * test sees both what arrives and what went astray. Used by server tests and the browser journeys.
 *
 * - Sentry: `POST /api/<project>/envelope/` on the DSN's host, the key as `sentry_key` in the
 *   query or in `X-Sentry-Auth`, the body an envelope (gzip, deflate or br allowed).
 * - PostHog: the capture endpoints (`/i/v0/e/`, `/e/`, `/capture/`, `/track/`, `/batch/`): one
 *   event, a `batch`, or an array, as JSON or `data=<base64>` form data, the project key as
 *   `api_key` or `token`; `/decide/` and `/flags/` answer no flags.
 */

/** One item of a Sentry envelope: its header and its payload (parsed when JSON). */
export interface SentryItem {
  header: { type: string; length?: number; [key: string]: unknown };
  payload: unknown;
}

export interface SentryEnvelope {
  header: Record<string, unknown>;
  items: SentryItem[];
  /** The request as received (decompressed): what a search for personal data must not find. */
  raw: string;
  requestHeaders: Record<string, string | string[] | undefined>;
}

export interface PostHogEvent {
  event: string;
  distinct_id?: unknown;
  properties: Record<string, unknown>;
  [key: string]: unknown;
}

export interface PostHogCapture {
  path: string;
  events: PostHogEvent[];
  raw: string;
  requestHeaders: Record<string, string | string[] | undefined>;
}

/** A request the receiver refused: where it went and why. */
export interface RefusedRequest {
  method: string;
  url: string;
  status: number;
  reason: string;
}

export interface TelemetryReceiver {
  /** http://<key>@127.0.0.1:<port>/<project>, as SENTRY_DSN / SENTRY_WEB_DSN. */
  sentryDsn: string;
  /** http://127.0.0.1:<port>, as ANALYTICS_POSTHOG_URL. */
  posthogUrl: string;
  posthogKey: string;
  readonly envelopes: SentryEnvelope[];
  readonly captures: PostHogCapture[];
  readonly refused: RefusedRequest[];
  /** Every Sentry event (item type `event`) received so far. */
  sentryEvents(): Record<string, unknown>[];
  posthogEvents(): PostHogEvent[];
  /** Resolves once the condition holds; checked after every request the receiver answers. */
  until(condition: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const decompressors: Record<string, (body: Buffer) => Promise<Buffer>> = {
  gzip: promisify(gunzip),
  deflate: promisify(inflate),
  br: promisify(brotliDecompress),
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  let body: Buffer = Buffer.concat(chunks);
  const encoding = request.headers['content-encoding'];
  if (encoding && encoding !== 'identity') {
    const decompress = decompressors[encoding];
    if (!decompress) throw new Error(`unsupported content-encoding ${encoding}`);
    body = await decompress(body);
  }
  return body.toString('utf8');
}

/**
 * Sentry's envelope format: a header line, then for each item a header line and a payload,
 * `length` bytes long when the item header gives one, else up to the next newline.
 */
export function parseEnvelope(raw: string): { header: Record<string, unknown>; items: SentryItem[] } {
  const bytes = Buffer.from(raw, 'utf8');
  let offset = 0;
  const readLine = () => {
    const end = bytes.indexOf(0x0a, offset);
    const line = bytes.subarray(offset, end === -1 ? bytes.length : end).toString('utf8');
    offset = end === -1 ? bytes.length : end + 1;
    return line;
  };
  const header = JSON.parse(readLine()) as Record<string, unknown>;
  const items: SentryItem[] = [];
  while (offset < bytes.length) {
    const line = readLine();
    if (line.trim() === '') continue;
    const itemHeader = JSON.parse(line) as SentryItem['header'];
    let payloadText: string;
    if (typeof itemHeader.length === 'number') {
      payloadText = bytes.subarray(offset, offset + itemHeader.length).toString('utf8');
      offset += itemHeader.length;
      if (bytes[offset] === 0x0a) offset += 1;
    } else {
      payloadText = readLine();
    }
    let payload: unknown = payloadText;
    try {
      payload = JSON.parse(payloadText);
    } catch {
      // Attachments and the like are not JSON: kept as text.
    }
    items.push({ header: itemHeader, payload });
  }
  return { header, items };
}

/** The key a Sentry SDK authenticated with: `sentry_key` in the query, or in X-Sentry-Auth. */
function sentryKeyOf(request: IncomingMessage, url: URL): string | undefined {
  const fromQuery = url.searchParams.get('sentry_key');
  if (fromQuery) return fromQuery;
  const auth = request.headers['x-sentry-auth'];
  const match = typeof auth === 'string' ? /sentry_key=([^,\s]+)/.exec(auth) : null;
  return match?.[1];
}

/** PostHog's capture body: JSON (one event, `{ batch }`, or an array), or form data `data=<base64 JSON>`. */
function posthogBodyOf(request: IncomingMessage, raw: string): unknown {
  if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
    const data = new URLSearchParams(raw).get('data') ?? '';
    return JSON.parse(Buffer.from(data, 'base64').toString('utf8'));
  }
  return JSON.parse(raw);
}

const posthogCapturePaths = new Set(['/i/v0/e/', '/e/', '/capture/', '/track/', '/batch/', '/engage/']);
const posthogFlagPaths = new Set(['/decide/', '/flags/']);
const withSlash = (path: string) => (path.endsWith('/') ? path : `${path}/`);

export async function startTelemetryReceiver(
  options: {
    sentryProject?: string;
    sentryKey?: string;
    posthogKey?: string;
    /** 0 (the default): any free port. */
    port?: number;
    /** Called for each request the receiver took or refused (the command prints them). */
    onRequest?: (request: { sentry?: SentryEnvelope; posthog?: PostHogCapture; refused?: RefusedRequest }) => void;
  } = {},
): Promise<TelemetryReceiver> {
  const sentryProject = options.sentryProject ?? '31';
  const sentryKey = options.sentryKey ?? 'huddlepublickey';
  const posthogKey = options.posthogKey ?? 'phc_huddlereceiver';
  const envelopes: SentryEnvelope[] = [];
  const captures: PostHogCapture[] = [];
  const refused: RefusedRequest[] = [];
  const waiters = new Set<{ condition: () => boolean; resolve: () => void }>();
  const changed = () => {
    for (const waiter of waiters) {
      if (waiter.condition()) {
        waiters.delete(waiter);
        waiter.resolve();
      }
    }
  };

  // As Sentry and PostHog do: any origin may send (the browser SDKs post across origins).
  const cors = (request: IncomingMessage, response: ServerResponse) => {
    response.setHeader('access-control-allow-origin', request.headers.origin ?? '*');
    response.setHeader('access-control-allow-methods', 'POST, OPTIONS');
    response.setHeader(
      'access-control-allow-headers',
      request.headers['access-control-request-headers'] ?? 'content-type',
    );
    response.setHeader('access-control-max-age', '600');
  };
  const refuse = (request: IncomingMessage, response: ServerResponse, status: number, reason: string) => {
    const refusal = { method: request.method ?? '', url: request.url ?? '', status, reason };
    refused.push(refusal);
    options.onRequest?.({ refused: refusal });
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: reason }));
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    cors(request, response);
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    const url = new URL(request.url ?? '/', 'http://receiver');
    const path = withSlash(url.pathname);
    const envelopePath = /^\/api\/([^/]+)\/envelope\/$/.exec(path);

    if (envelopePath) {
      if (request.method !== 'POST') return refuse(request, response, 405, 'envelopes are POSTed');
      if (envelopePath[1] !== sentryProject) return refuse(request, response, 404, `no project ${envelopePath[1]}`);
      if (sentryKeyOf(request, url) !== sentryKey) return refuse(request, response, 401, 'missing or wrong sentry_key');
      const raw = await readBody(request);
      const parsed = parseEnvelope(raw);
      const envelope = { ...parsed, raw, requestHeaders: request.headers };
      envelopes.push(envelope);
      options.onRequest?.({ sentry: envelope });
      return void response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: parsed.header.event_id ?? null }));
    }

    if (posthogFlagPaths.has(path)) {
      return void response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ featureFlags: {}, flags: {}, errorsWhileComputingFlags: false }));
    }

    if (posthogCapturePaths.has(path)) {
      if (request.method !== 'POST') return refuse(request, response, 405, 'events are POSTed');
      const raw = await readBody(request);
      let body: unknown;
      try {
        body = posthogBodyOf(request, raw);
      } catch {
        return refuse(request, response, 400, 'the body is not JSON');
      }
      const outer = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
      const list = Array.isArray(body) ? body : Array.isArray(outer.batch) ? outer.batch : [body];
      const events = list as PostHogEvent[];
      const keyOf = (event: PostHogEvent) =>
        outer.api_key ?? outer.token ?? event.api_key ?? event.token ?? event.properties?.token;
      if (events.length === 0 || events.some((event) => keyOf(event) !== posthogKey)) {
        return refuse(request, response, 401, 'missing or wrong project API key');
      }
      if (events.some((event) => typeof event.event !== 'string' || event.event === '')) {
        return refuse(request, response, 400, 'an event without a name');
      }
      if (events.some((event) => event.distinct_id === undefined && event.properties?.distinct_id === undefined)) {
        return refuse(request, response, 400, 'an event without a distinct_id');
      }
      const capture = { path, events, raw, requestHeaders: request.headers };
      captures.push(capture);
      options.onRequest?.({ posthog: capture });
      return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 1 }));
    }

    return refuse(request, response, 404, 'not an endpoint of Sentry or PostHog');
  }

  const server = createServer((request, response) => {
    handle(request, response)
      .catch((error: unknown) => {
        if (!response.headersSent) refuse(request, response, 400, String(error));
      })
      .finally(changed);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    sentryDsn: `http://${sentryKey}@127.0.0.1:${port}/${sentryProject}`,
    posthogUrl: `http://127.0.0.1:${port}`,
    posthogKey,
    envelopes,
    captures,
    refused,
    sentryEvents: () =>
      envelopes.flatMap((envelope) =>
        envelope.items
          .filter((item) => item.header.type === 'event')
          .map((item) => item.payload as Record<string, unknown>),
      ),
    posthogEvents: () => captures.flatMap((capture) => capture.events),
    until(condition, timeoutMs = 15_000) {
      if (condition()) return Promise.resolve();
      // Made now, so a failure points at the line that waited.
      const failure = new Error(`the receiver did not see it within ${timeoutMs} ms`);
      return new Promise<void>((resolve, reject) => {
        const waiter = {
          condition,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          failure.message += ` (${envelopes.length} envelopes, ${captures.length} captures, refused: ${JSON.stringify(refused)})`;
          reject(failure);
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
