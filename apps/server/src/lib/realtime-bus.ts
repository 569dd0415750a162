import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';

export type RealtimeEvent = { type: string } & Record<string, unknown>;

/** What one instance tells every instance (itself included) about the realtime sockets. */
export type BusMessage =
  | { kind: 'send'; userIds: string[]; event: RealtimeEvent }
  | { kind: 'closeUser'; userId: string; reason: string }
  | { kind: 'closeSession'; sessionId: string; reason: string }
  /** To the sockets that joined a public topic (decision 055). */
  | { kind: 'topic'; topic: string; event: RealtimeEvent }
  /**
   * Messages may have been lost (decision 067): every socket is told to fetch what it shows
   * again, as after a reconnect. Published once an instance whose publishes failed can publish
   * again; delivered by an instance to itself alone once it listens again after losing the bus.
   */
  | { kind: 'resync' };

/**
 * Fan-out between the server instances that share one database (decision 025). Every message
 * published reaches every instance's handler, the publisher's own included, in the order one
 * instance published them. A message published while the bus is down is dropped (logged), and
 * never silently (decision 067): the bus then owes a `resync`, which it publishes once it can;
 * an instance that lost its listening connection hands itself a `resync` once it listens again.
 * Clients that get one fetch again what they show from the database, as after a reconnect.
 */
export interface RealtimeBus {
  readonly kind: 'postgres' | 'redis';
  /** Resolves once this instance listens; buildApp waits for it before serving. */
  readonly ready: Promise<void>;
  publish(message: BusMessage): void;
  onMessage(handler: (message: BusMessage) => void): void;
  close(): Promise<void>;
}

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; bigger batches go through a table. */
export const notifyPayloadLimitBytes = 7900;
const postgresChannel = 'huddle_realtime';
const reconnectDelayMs = { first: 100, max: 5000 } as const;
const overflowKeepMinutes = 5;

interface BusOptions {
  log: FastifyBaseLogger;
}

/**
 * Messages published while a send is in flight go out together as one JSON array: one NOTIFY
 * per burst instead of one per event, and never more than `limitBytes` per payload (a single
 * bigger message goes alone; the transport decides what to do with it).
 */
function createBatcher(
  send: (payload: string) => Promise<void>,
  limitBytes: number,
  log: FastifyBaseLogger,
  onDropped: () => void,
) {
  const pending: string[] = [];
  let flushing = false;
  const flush = async () => {
    flushing = true;
    while (pending.length > 0) {
      const batch: string[] = [];
      let bytes = 2;
      while (pending.length > 0) {
        const next = Buffer.byteLength(pending[0]!) + 1;
        if (batch.length > 0 && bytes + next > limitBytes) break;
        batch.push(pending.shift()!);
        bytes += next;
      }
      try {
        await send(`[${batch.join(',')}]`);
      } catch (error) {
        log.warn({ err: error, dropped: batch.length }, 'realtime publish failed; messages dropped');
        onDropped();
      }
    }
    flushing = false;
  };
  return (message: BusMessage) => {
    pending.push(JSON.stringify(message));
    if (!flushing) void flush();
  };
}

function parseBatch(payload: string, log: FastifyBaseLogger): BusMessage[] {
  try {
    const parsed: unknown = JSON.parse(payload);
    return Array.isArray(parsed) ? (parsed as BusMessage[]) : [];
  } catch (error) {
    log.warn({ err: error }, 'realtime message unreadable; ignored');
    return [];
  }
}

/**
 * LISTEN/NOTIFY on the database every instance already shares: a dedicated listening
 * connection (reconnected with backoff when it drops) and a dedicated publishing connection
 * (one connection keeps this instance's messages in order).
 */
export function createPostgresBus(connection: pg.ClientConfig, { log }: BusOptions): RealtimeBus {
  const handlers: ((message: BusMessage) => void)[] = [];
  let closed = false;
  let listener: pg.Client | undefined;
  let publisher: Promise<pg.Client> | undefined;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let lastSweep = 0;
  // Overflow rows are fetched in turn, so messages are handled in the order they were sent.
  let receiving: Promise<void> = Promise.resolve();

  const deliver = (messages: BusMessage[]) => {
    for (const message of messages) for (const handler of handlers) handler(message);
  };

  const receive = (client: pg.Client, payload: string) => {
    receiving = receiving.then(async () => {
      const reference = /^\{"ref":(\d+)\}$/.exec(payload);
      if (!reference) return deliver(parseBatch(payload, log));
      const result = await client
        .query<{ payload: string }>('select payload from realtime_overflow where id = $1', [Number(reference[1])])
        .catch((error: unknown) => {
          log.warn({ err: error }, 'realtime overflow message unreadable; dropped');
          return { rows: [] };
        });
      if (result.rows[0]) deliver(parseBatch(result.rows[0].payload, log));
    });
  };

  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  // Set once the listener was lost: what was notified meanwhile never reached this instance.
  let missedWhileAway = false;

  const listen = async () => {
    const client = new pg.Client(connection);
    listener = client;
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      if (closed) return;
      missedWhileAway = true;
      log.warn({ err: error }, 'realtime listener lost its connection; reconnecting');
      const delay = Math.min(reconnectDelayMs.max, reconnectDelayMs.first * 2 ** attempt);
      attempt += 1;
      retryTimer = setTimeout(() => void listen(), delay);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (notification) => {
      if (notification.channel === postgresChannel && notification.payload) receive(client, notification.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${postgresChannel}`);
      attempt = 0;
      resolveReady();
      if (missedWhileAway) {
        missedWhileAway = false;
        receiving = receiving.then(() => deliver([{ kind: 'resync' }]));
      }
    } catch (error) {
      onLost(error);
    }
  };
  void listen();

  const publishingClient = () => {
    publisher ??= (async () => {
      const client = new pg.Client(connection);
      // A dropped connection is replaced on the next publish.
      const forget = () => {
        publisher = undefined;
      };
      client.on('error', forget);
      client.on('end', forget);
      try {
        await client.connect();
      } catch (error) {
        forget();
        throw error;
      }
      return client;
    })();
    return publisher;
  };

  // Set when a publish failed: the next publish that goes through tells every instance to resync.
  let owesResync = false;
  const publish = createBatcher(
    async (payload) => {
      const client = await publishingClient();
      if (owesResync) {
        owesResync = false;
        payload = payload.replace(/^\[/, '[{"kind":"resync"},');
      }
      if (Buffer.byteLength(payload) < notifyPayloadLimitBytes) {
        await client.query('select pg_notify($1, $2)', [postgresChannel, payload]);
        return;
      }
      const { rows } = await client.query<{ id: string }>(
        'insert into realtime_overflow (payload) values ($1) returning id',
        [payload],
      );
      await client.query('select pg_notify($1, $2)', [postgresChannel, `{"ref":${rows[0]!.id}}`]);
      if (Date.now() - lastSweep > 60_000) {
        lastSweep = Date.now();
        await client.query(
          `delete from realtime_overflow where created_at < now() - interval '${overflowKeepMinutes} minutes'`,
        );
      }
    },
    notifyPayloadLimitBytes,
    log,
    () => (owesResync = true),
  );

  return {
    kind: 'postgres',
    ready,
    publish,
    onMessage: (handler) => void handlers.push(handler),
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await listener?.end().catch(() => undefined);
      const current = publisher;
      publisher = undefined;
      await current?.then((client) => client.end()).catch(() => undefined);
    },
  };
}

/**
 * Redis pub/sub when REDIS_URL is set: ioredis reconnects and subscribes again by itself. The
 * channel is named after the database, so several Huddles (or test runs) can share one Redis.
 */
export function createRedisBus(redisUrl: string, scope: string, { log }: BusOptions): RealtimeBus {
  const channel = `huddle:realtime:${scope}`;
  const handlers: ((message: BusMessage) => void)[] = [];
  const deliver = (messages: BusMessage[]) => {
    for (const message of messages) for (const handler of handlers) handler(message);
  };
  const options = { maxRetriesPerRequest: 2, retryStrategy: (times: number) => Math.min(5000, 100 * 2 ** times) };
  const publisher = new Redis(redisUrl, options);
  const subscriber = new Redis(redisUrl, { ...options, autoResubscribe: false });
  publisher.on('error', (error) => log.warn({ err: error }, 'realtime Redis publisher error'));
  subscriber.on('error', (error) => log.warn({ err: error }, 'realtime Redis subscriber error'));
  subscriber.on('message', (from: string, payload: string) => {
    if (from === channel) deliver(parseBatch(payload, log));
  });
  const ready = subscriber.subscribe(channel).then(() => undefined);
  // busReady reports a failure; a late one after its time-out must not be an unhandled rejection.
  ready.catch(() => undefined);
  // Subscribed again after a lost connection (subscribing here, not by ioredis, to know when it
  // is done): what was published meanwhile never came, so this instance's sockets resync.
  let connectedBefore = false;
  subscriber.on('ready', () => {
    if (!connectedBefore) {
      connectedBefore = true;
      return;
    }
    subscriber.subscribe(channel).then(
      () => deliver([{ kind: 'resync' }]),
      (error: unknown) => log.warn({ err: error }, 'realtime Redis subscribe failed'),
    );
  });
  // A publish that failed is owed to everyone: once the publisher is connected again, every
  // instance hears a resync (their own subscribers may never have lost their connection).
  let owesResync = false;
  const publish = createBatcher(
    async (payload) => {
      await publisher.publish(channel, payload);
    },
    256 * 1024,
    log,
    () => (owesResync = true),
  );
  const settleResync = () => {
    if (!owesResync) return;
    owesResync = false;
    publish({ kind: 'resync' });
  };
  publisher.on('ready', settleResync);
  return {
    kind: 'redis',
    ready,
    publish(message) {
      publish(message);
      // The publisher may have come back without reconnecting (a command timed out, say).
      settleResync();
    },
    onMessage: (handler) => void handlers.push(handler),
    async close() {
      subscriber.disconnect();
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}

/** Waits for the bus to listen, or fails the start with a message that names what is missing. */
export async function busReady(bus: RealtimeBus, timeoutMs = 10_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the realtime bus (${bus.kind}) could not listen within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
  });
  try {
    await Promise.race([
      bus.ready.catch((error: unknown) => {
        throw new Error(`the realtime bus (${bus.kind}) could not listen: ${String(error)}`, { cause: error });
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
