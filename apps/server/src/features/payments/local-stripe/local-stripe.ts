import { randomBytes } from 'node:crypto';
import qs from 'qs';
import { openDatabaseBeside, type Database } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { JobQueue } from '../../../lib/jobs/job-queue.ts';
import {
  findObject,
  insertObject,
  insertObjectOnce,
  listObjects,
  updateObject,
  type StripeObject,
} from './local-stripe.repository.ts';

/**
 * The built-in local Stripe (decision 029): a small Stripe-API-compatible emulator that the
 * official SDK reaches through its `httpClient` option, in process. Each resource lives in its own
 * file under resources/ and registers its routes here; other features add theirs with
 * `localStripe.route(…)` from their own files (products, prices, subscriptions, …).
 */

export type { StripeObject } from './local-stripe.repository.ts';

/** Form-encoded parameters as the SDK sends them, nested by `qs` (`a[b][0][c]=` → objects, arrays). */
export type StripeParams = Record<string, unknown>;

export interface LocalStripeRequest {
  method: string;
  /** Path parameters from the route pattern (`/v1/customers/:id` → { id }). */
  params: Record<string, string>;
  /** The form body (POST) or the query string (GET, DELETE), parsed. */
  body: StripeParams;
  /** The Connect account the call acts for (`Stripe-Account` header), if any. */
  stripeAccount: string | undefined;
}

export interface LocalStripeStore {
  insert(object: StripeObject): Promise<StripeObject>;
  /** Inserts unless the id exists; returns what is stored. */
  insertOnce(object: StripeObject): Promise<StripeObject>;
  find(kind: string, id: string): Promise<StripeObject | undefined>;
  /**
   * Changes one object under a row lock; `change` throws (a LocalStripeError) to refuse. Whatever
   * `change` stores, emits or calls besides goes through `within`, the context of that transaction:
   * it commits with the change, and never asks the pool for a second connection (decision 058).
   */
  update(
    kind: string,
    id: string,
    change: (current: StripeObject, within: LocalStripeContext) => StripeObject | Promise<StripeObject>,
  ): Promise<StripeObject | undefined>;
  list(kind: string, where?: Record<string, unknown>, limit?: number): Promise<StripeObject[]>;
}

export interface LocalStripeContext {
  store: LocalStripeStore;
  /** Unix seconds, from the app's clock (tests move it). */
  now(): number;
  /** Where the local Checkout and onboarding pages are served. */
  publicOrigin: string;
  /** A Stripe-style id: `newId('cus')` → `cus_…`. */
  newId(prefix: string): string;
  /** Records a Stripe event and queues its signed delivery to Huddle's webhook endpoint. */
  emit(type: string, object: StripeObject, options?: { previousAttributes?: Record<string, unknown> }): Promise<void>;
  /** Calls another route of the emulator (a resource that needs another one, e.g. a price's product). */
  call(method: string, path: string, body?: StripeParams): Promise<StripeObject>;
  /** What the other helpers registered to run when a Checkout session completes (see onCheckoutCompleted). */
  checkoutCompletedHooks(mode: string): CheckoutCompletedHook[];
}

export type LocalStripeHandler = (
  request: LocalStripeRequest,
  context: LocalStripeContext,
) => Promise<StripeObject | Record<string, unknown>>;

/**
 * Runs when the local Checkout page completes a session of this mode, before
 * `checkout.session.completed` is emitted; returns fields to set on the session (for example the
 * subscription it created). Registered by the feature that owns the mode's objects.
 */
export type CheckoutCompletedHook = (
  session: StripeObject,
  context: LocalStripeContext,
) => Promise<Record<string, unknown> | undefined>;

/** A Stripe-shaped error: `{ error: { type, message, param, code } }` with its HTTP status. */
export class LocalStripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly type: string = 'invalid_request_error',
    readonly code?: string,
  ) {
    super(message);
  }
}

export function noSuchObject(kind: string, id: string, param?: string): LocalStripeError {
  return new LocalStripeError(
    param ? 400 : 404,
    `No such ${kind}: '${id}'`,
    param,
    'invalid_request_error',
    'resource_missing',
  );
}

export function missingParam(param: string): LocalStripeError {
  return new LocalStripeError(
    400,
    `Missing required param: ${param}.`,
    param,
    'invalid_request_error',
    'parameter_missing',
  );
}

export function invalidParam(param: string, message: string): LocalStripeError {
  return new LocalStripeError(400, message, param, 'invalid_request_error', 'parameter_invalid');
}

/** Reads a string parameter, or throws Stripe's "missing required param" error. */
export function requiredString(body: StripeParams, param: string): string {
  const value = body[param];
  if (typeof value !== 'string' || value === '') throw missingParam(param);
  return value;
}

export function optionalString(body: StripeParams, param: string): string | undefined {
  const value = body[param];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A non-negative integer parameter (amounts are integers in cents). */
export function optionalInteger(body: StripeParams, param: string): number | undefined {
  const value = body[param];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^\d+$/.test(value)) throw invalidParam(param, `Invalid integer: ${String(value)}`);
  return Number(value);
}

/** `metadata[key]=value` pairs, as Stripe keeps them: strings only. */
export function metadataOf(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** A `{ object: 'list' }` reply as Stripe pages them (Huddle reads the first page only). */
export function listOf(url: string, data: StripeObject[]): Record<string, unknown> {
  return { object: 'list', data, has_more: false, url };
}

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: LocalStripeHandler;
}

/** The queue job that delivers one local event to the webhook endpoint (payments.routes.ts defines it). */
export const deliverLocalEventJob = 'payments.deliver-local-stripe-event';

export interface LocalStripe {
  /** Adds a route: `route('POST', '/v1/products/:id', handler)`. */
  route(method: 'GET' | 'POST' | 'DELETE', path: string, handler: LocalStripeHandler): void;
  onCheckoutCompleted(mode: 'payment' | 'subscription' | 'setup', hook: CheckoutCompletedHook): void;
  /** Handles one SDK request; always answers (Stripe-shaped errors included). */
  dispatch(
    method: string,
    url: string,
    body: string | undefined,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: unknown }>;
  /** The `fetch` the SDK's fetch HTTP client is built on. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** The context resources get, for the local pages (Checkout, onboarding) to act as Stripe would. */
  context(): LocalStripeContext;
  /** Closes the provider's own database pool (once; later calls do nothing). */
  close(): Promise<void>;
}

export function createLocalStripe({
  db,
  clock,
  jobs,
  publicOrigin,
}: {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  publicOrigin: string;
}): LocalStripe {
  // Stripe is another service with its own database: the provider gets a pool of its own, so the
  // app may call it while holding a transaction (a subscriber's row locked while its Checkout is
  // made) without ever waiting on a connection it holds itself (decision 058).
  const own = openDatabaseBeside(db, { max: 4 });
  let closed: Promise<void> | undefined;
  const routes: Route[] = [];
  const hooks = new Map<string, CheckoutCompletedHook[]>();

  /**
   * The context on `executor` (the pool, or one transaction). Inside a transaction, emitted events
   * are stored with it and their delivery is queued once it has committed (`afterCommit`), so a
   * webhook never arrives for a change that rolled back.
   */
  function contextOn(executor: Database, afterCommit?: (() => Promise<void>)[]): LocalStripeContext {
    const store: LocalStripeStore = {
      insert: (object) => insertObject(executor, object),
      insertOnce: (object) => insertObjectOnce(executor, object),
      find: (kind, id) => findObject(executor, kind, id),
      async update(kind, id, change) {
        // A nested update joins the outer transaction's deliveries: they wait for its commit.
        const deliveries = afterCommit ?? [];
        const updated = await updateObject(executor, kind, id, (current, tx) =>
          change(current, contextOn(tx, deliveries)),
        );
        if (!afterCommit) for (const deliver of deliveries) await deliver();
        return updated;
      },
      list: (kind, where, limit) => listObjects(executor, kind, where, limit),
    };
    const scoped: LocalStripeContext = {
      store,
      now: () => Math.floor(clock.now().getTime() / 1000),
      publicOrigin,
      newId: (prefix) => `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, '')}`,
      async emit(type, object, options) {
        const event: StripeObject = {
          id: scoped.newId('evt'),
          object: 'event',
          api_version: '2025-10-29.clover',
          created: scoped.now(),
          type,
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          data: {
            object,
            ...(options?.previousAttributes && { previous_attributes: options.previousAttributes }),
          },
        };
        await store.insert(event);
        const deliver = () => jobs.send(deliverLocalEventJob, { eventId: event.id });
        if (afterCommit) afterCommit.push(deliver);
        else await deliver();
      },
      async call(method, path, body = {}) {
        const reply = await dispatchParsed(method, path, body, undefined, scoped);
        if (reply.status >= 400) {
          const error = (reply.body as { error: { message: string; param?: string } }).error;
          throw new LocalStripeError(reply.status, error.message, error.param);
        }
        return reply.body as StripeObject;
      },
      checkoutCompletedHooks: (mode) => hooks.get(mode) ?? [],
    };
    return scoped;
  }
  const context = contextOn(own.db);

  async function dispatchParsed(
    method: string,
    path: string,
    body: StripeParams,
    stripeAccount: string | undefined,
    on: LocalStripeContext = context,
  ): Promise<{ status: number; body: unknown }> {
    for (const route of routes) {
      if (route.method !== method) continue;
      const match = route.pattern.exec(path);
      if (!match) continue;
      const params = Object.fromEntries(
        route.names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]),
      );
      try {
        return { status: 200, body: await route.handler({ method, params, body, stripeAccount }, on) };
      } catch (error) {
        if (!(error instanceof LocalStripeError)) throw error;
        if (path.startsWith('/oauth/')) {
          // OAuth errors have their own shape: { error, error_description }.
          return {
            status: error.status,
            body: { error: error.code ?? 'invalid_request', error_description: error.message },
          };
        }
        return {
          status: error.status,
          body: {
            error: {
              type: error.type,
              message: error.message,
              ...(error.param && { param: error.param }),
              ...(error.code && { code: error.code }),
            },
          },
        };
      }
    }
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` },
      },
    };
  }

  const localStripe: LocalStripe = {
    route(method, path, handler) {
      const names: string[] = [];
      const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_whole, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      // A literal path (`/v1/customers/search`) wins over a pattern (`/v1/customers/:id`).
      const entry = { method, pattern: new RegExp(`^${source}$`), names, handler };
      if (names.length === 0) routes.unshift(entry);
      else routes.push(entry);
    },
    onCheckoutCompleted(mode, hook) {
      hooks.set(mode, [...(hooks.get(mode) ?? []), hook]);
    },
    async dispatch(method, url, body, headers = {}) {
      const parsed = new URL(url, 'https://api.stripe.com');
      const text = method === 'POST' ? (body ?? '') : parsed.search.slice(1);
      const params = qs.parse(text, { arrayLimit: 1000, depth: 10, parameterLimit: 5000 }) as StripeParams;
      return dispatchParsed(method, parsed.pathname, params, headers['stripe-account']);
    },
    async fetch(input, init = {}) {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const headers = Object.fromEntries(
        Object.entries((init.headers ?? {}) as Record<string, string>).map(([key, value]) => [
          key.toLowerCase(),
          value,
        ]),
      );
      const reply = await localStripe.dispatch(
        (init.method ?? 'GET').toUpperCase(),
        url,
        typeof init.body === 'string' ? init.body : undefined,
        headers,
      );
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json', 'request-id': `req_local_${randomBytes(8).toString('hex')}` },
      });
    },
    context: () => context,
    close: () => (closed ??= own.close()),
  };
  return localStripe;
}
