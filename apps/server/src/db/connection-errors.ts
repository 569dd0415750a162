/**
 * Failures that mean "the database cannot be reached right now", not "this query is wrong"
 * (issue 31, decision 065): the primary restarting, refusing connections, or ending sessions on
 * shutdown. The error handler answers them 503 with Retry-After, as it answers an exhausted pool
 * (decision 058), and readiness fails with them, so the load balancer and the client both see
 * a moment's unavailability instead of a 500.
 */

/** Socket-level failures node-postgres passes on from the operating system. */
const unreachableSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * SQLSTATEs: class 08 (connection exception), and 57P01-57P03: the server is shutting down
 * (admin_shutdown, crash_shutdown) or starting up and not accepting connections yet (cannot_connect_now).
 */
const unreachableStates = new Set(['57P01', '57P02', '57P03']);

/** What node-postgres throws for a connection that ended under a query, which carries no code. */
const endedConnectionMessages = [
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

function isUnreachableItself(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (unreachableSocketCodes.has(code) || unreachableStates.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  // Node groups a refused IPv4 and IPv6 attempt into one AggregateError (each with its code).
  if (
    error instanceof AggregateError &&
    error.errors.some((inner) => inner instanceof Error && isUnreachableItself(inner))
  ) {
    return true;
  }
  return endedConnectionMessages.includes(error.message);
}

/** Whether `error`, or one it wraps (drizzle's "Failed query" keeps the driver's as cause), says the database is unreachable. */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (isUnreachableItself(current)) return true;
    current = current.cause;
  }
  return false;
}
