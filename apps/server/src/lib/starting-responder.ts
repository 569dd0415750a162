import { createServer, type Server } from 'node:http';
import { genericErrorMessages } from '@huddle/shared/errors';

export interface StartingResponder {
  /** Frees the port for the app (it listens right after). */
  close(): Promise<void>;
}

/**
 * While the embedded PostgreSQL starts and the migrations run, the port already answers: every
 * request, GET /api/ready included, gets 503 in the error shape, so a load balancer sees
 * "not ready" (issue 17) rather than a refused connection it may count as a crash.
 */
export async function listenWhileStarting(host: string, port: number): Promise<StartingResponder> {
  const body = JSON.stringify({ error: { code: 'UNAVAILABLE', message: genericErrorMessages.UNAVAILABLE } });
  const server: Server = createServer((_request, response) => {
    response.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'retry-after': '5',
      'x-huddle-state': 'starting',
      connection: 'close',
    });
    response.end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
