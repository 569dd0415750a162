import { scrubEmails, withoutQueryValues } from '@huddle/shared/error-scrubbing';
import type { FastifyRequest } from 'fastify';

/**
 * Logs are for operators, not a second copy of people's data. Error lines carried emails and
 * names: Drizzle puts a failed query's parameters into the error (its message, its stack and a
 * `params` field), PostgreSQL's `detail` repeats the key ("Key (email)=(kim@…) already exists"),
 * and SMTP errors list the rejected recipients. What leaves here keeps what finds the bug (the
 * SQL with its placeholders, codes, constraint names, the stack) and drops the values. The text
 * rules are the error reports' own (packages/shared/src/error-scrubbing.ts): one place for both.
 */

/** Fields of driver errors that say what failed without saying about whom. */
const keptErrorFields = ['code', 'statusCode', 'constraint', 'table', 'column', 'routine', 'severity'] as const;

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

export function serializeErrorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: scrubEmails(String(error)), stack: '' };
  const message = scrubEmails(withoutQueryValues(error.message));
  // The stack starts with the raw message: cut exactly that, so hostile text in it cannot pass as frames.
  const stack = error.stack ?? '';
  const at = error.message ? stack.indexOf(error.message) : -1;
  const frames = at >= 0 ? stack.slice(at + error.message.length) : stack.split('\n').slice(1).join('\n');
  const serialized: LoggedError = {
    type: error.constructor.name,
    message,
    stack: `${error.name}: ${message}${scrubEmails(frames.startsWith('\n') ? frames : `\n${frames}`)}`,
  };
  for (const field of keptErrorFields) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') serialized[field] = value;
  }
  if (error.cause !== undefined && depth < 3) serialized.cause = serializeErrorForLog(error.cause, depth + 1);
  return serialized;
}

/** Keys whose values are people's data or secrets, wherever they appear in a logged object. */
const personalKeys = new Set([
  'email',
  'name',
  'fullName',
  'displayName',
  'to',
  'text',
  'html',
  'params',
  'detail',
  'password',
  'token',
  'user',
  'state',
]);

/** For objects handed to the logger by libraries (Better Auth's log arguments). */
export function redactForLog(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return serializeErrorForLog(value);
  if (typeof value === 'string') return scrubEmails(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= 4) return '[nested]';
  if (Array.isArray(value)) return value.map((item) => redactForLog(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      personalKeys.has(key) ? '[redacted]' : redactForLog(inner, depth + 1),
    ]),
  );
}

/**
 * The request as logged and as error reports name it (lib/error-reporting.ts): tokens in paths
 * (calendar feeds, invitations) and every query value (searches for people's names, OAuth codes)
 * are left out; the route stays readable.
 */
export function redactRequestUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path
    .replace(/^\/api\/calendar\/[^/]+\.ics$/, '/api/calendar/[token].ics')
    .replace(/^\/api\/invitations\/[^/]+/, '/api/invitations/[token]');
  if (query === undefined) return safePath;
  const keys = query
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`);
  return `${safePath}?${keys.join('&')}`;
}

/** Fastify logger options: pino's redact for headers and the common keys, and the serializers above. */
export const loggerRedaction = {
  redact: {
    paths: [
      'req.headers.cookie',
      'req.headers.authorization',
      'res.headers["set-cookie"]',
      '*.email',
      '*.password',
      '*.token',
      'err.params',
      'err.detail',
    ],
    censor: '[redacted]',
  },
  serializers: {
    err: (error: unknown) => serializeErrorForLog(error),
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactRequestUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
  },
};
