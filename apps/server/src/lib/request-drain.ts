import { genericErrorMessages, type ErrorReply } from '@huddle/shared/errors';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * What SIGTERM needs to end without a reset (issue 30): the requests in progress, and a door that
 * answers 503 to new ones instead of closing. Every request that reached the process gets an
 * answer: its result, or 503 with Retry-After (a client or load balancer tries again elsewhere).
 * Closing the listener or cutting connections while requests are queued on them resets them.
 */
export interface RequestDrain {
  /** From now on, new requests are answered 503 at once (with Connection: close). */
  startRefusing(): void;
  /** Resolves when no request is in progress, or at `deadline` (performance.now() milliseconds). */
  settled(deadline: number): Promise<void>;
  /** Answers every request still in progress 503 (those whose answer has not started). */
  answerUnavailable(): number;
  readonly inFlight: number;
}

const retryAfterSeconds = '5';

function sendUnavailable(reply: FastifyReply) {
  const body: ErrorReply = { error: { code: 'UNAVAILABLE', message: genericErrorMessages.UNAVAILABLE } };
  return reply
    .code(503)
    .header('retry-after', retryAfterSeconds)
    .header('connection', 'close')
    .type('application/json')
    .send(body);
}

export function trackRequestDrain(app: FastifyInstance): RequestDrain {
  const inProgress = new Set<FastifyReply>();
  let refusing = false;
  let onSettled: (() => void) | undefined;

  app.addHook('onRequest', async (_request, reply) => {
    // Refused ones count too until written: the connections close only once every answer is out.
    inProgress.add(reply);
    // 'close' fires when the answer is written or the client went away, whichever comes first.
    reply.raw.once('close', () => {
      inProgress.delete(reply);
      if (inProgress.size === 0) onSettled?.();
    });
    if (refusing) return sendUnavailable(reply);
  });
  // Answers that finish while draining tell keep-alive clients not to send more on this socket.
  app.addHook('onSend', async (_request, reply) => {
    if (refusing) reply.header('connection', 'close');
  });

  return {
    startRefusing() {
      refusing = true;
    },
    get inFlight() {
      return inProgress.size;
    },
    settled(deadline) {
      if (inProgress.size === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(finish, Math.max(0, deadline - performance.now()));
        function finish() {
          clearTimeout(timer);
          onSettled = undefined;
          resolve();
        }
        onSettled = finish;
      });
    },
    answerUnavailable() {
      let answered = 0;
      for (const reply of inProgress) {
        if (reply.sent || reply.raw.headersSent) continue;
        sendUnavailable(reply);
        answered += 1;
      }
      return answered;
    },
  };
}
