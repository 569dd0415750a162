import { realtimeLimits, topicRefusedEvent } from '@huddle/shared/realtime';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { BusMessage } from './realtime-bus.ts';
import { createRealtimeHub } from './realtime-hub.ts';

/** Decision 055: public topics on the hub, with a stand-in socket that keeps what it was sent. */
function fakeSocket() {
  const received: Record<string, unknown>[] = [];
  const socket = {
    OPEN: 1,
    readyState: 1,
    send: (payload: string) => void received.push(JSON.parse(payload)),
    close: () => void (socket.readyState = 3),
  };
  return { socket: socket as unknown as WebSocket, received, raw: socket };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function hubWithTournaments(allowed = new Set(['t1', 't2'])) {
  const hub = createRealtimeHub();
  const asked: (string | null)[] = [];
  hub.allowTopic('tournament', async (viewerId, id) => {
    asked.push(viewerId);
    if (id === 'boom') throw new Error('database down');
    return allowed.has(id);
  });
  return { hub, asked };
}

describe('public topics on the realtime hub', () => {
  it('delivers a topic to the sockets that joined it, with the topic named, and nothing else', async () => {
    const { hub, asked } = hubWithTournaments();
    const spectator = fakeSocket();
    const other = fakeSocket();
    await hub.subscribe(spectator.socket, null, 'tournament:t1');
    await hub.subscribe(other.socket, 'user-2', 'tournament:t2');
    expect(asked).toEqual([null, 'user-2']);
    hub.publish('tournament:t1', { type: 'tournament.updated', tournamentId: 't1' });
    await settle();
    expect(spectator.received).toEqual([{ type: 'tournament.updated', tournamentId: 't1', topic: 'tournament:t1' }]);
    expect(other.received).toEqual([]);
  });

  it('never hands a user-addressed event to a signed-out socket', async () => {
    const { hub } = hubWithTournaments();
    const signedIn = fakeSocket();
    const signedOut = fakeSocket();
    hub.add('user-1', 'session-1', signedIn.socket);
    await hub.subscribe(signedOut.socket, null, 'tournament:t1');
    hub.send('user-1', { type: 'message.new' });
    hub.sendMany(['user-1', 'user-2'], { type: 'team.changed' });
    await settle();
    expect(signedIn.received.map((event) => event.type)).toEqual(['message.new', 'team.changed']);
    expect(signedOut.received).toEqual([]);
  });

  it('answers one topic.refused for an unknown prefix, a malformed topic, a "no" and a failing check', async () => {
    const { hub } = hubWithTournaments();
    const { socket, received } = fakeSocket();
    const refused = ['events:t1', 'tournament', 'tournament:', 'Tournament:t1', 'tournament:a/b', 'tournament:t9'];
    for (const topic of [...refused, 'tournament:boom']) await hub.subscribe(socket, null, topic);
    expect(received).toEqual([...refused, 'tournament:boom'].map((topic) => ({ type: topicRefusedEvent, topic })));
    hub.publish('tournament:t9', { type: 'tournament.updated' });
    await settle();
    expect(received).toHaveLength(refused.length + 1);
  });

  it('holds at most 20 topics per socket, counting checks under way, however fast they come', async () => {
    const allowed = new Set(Array.from({ length: 30 }, (_, index) => `t${index}`));
    const { hub } = hubWithTournaments(allowed);
    const { socket, received } = fakeSocket();
    await Promise.all([...allowed].map((id) => hub.subscribe(socket, null, `tournament:${id}`)));
    expect(received).toHaveLength(30 - realtimeLimits.topicsPerSocket);
    expect(received.every((event) => event.type === topicRefusedEvent)).toBe(true);
    for (const id of allowed) hub.publish(`tournament:${id}`, { type: 'tournament.updated' });
    await settle();
    const updates = received.filter((event) => event.type === 'tournament.updated');
    expect(updates).toHaveLength(realtimeLimits.topicsPerSocket);
    // Leaving one makes room for another.
    const joined = updates[0]!.topic as string;
    const waiting = received.find((event) => event.type === topicRefusedEvent)!.topic as string;
    hub.unsubscribe(socket, joined);
    await hub.subscribe(socket, null, waiting);
    received.length = 0;
    hub.publish(joined, { type: 'tournament.updated' });
    hub.publish(waiting, { type: 'tournament.updated' });
    await settle();
    expect(received).toEqual([{ type: 'tournament.updated', topic: waiting }]);
  });

  it('forgets a closed socket, and one closed while its check ran', async () => {
    const { hub } = hubWithTournaments();
    const gone = fakeSocket();
    await hub.subscribe(gone.socket, null, 'tournament:t1');
    hub.leaveTopics(gone.socket);
    const closing = fakeSocket();
    const pending = hub.subscribe(closing.socket, null, 'tournament:t1');
    closing.raw.close();
    await pending;
    hub.publish('tournament:t1', { type: 'tournament.updated' });
    await settle();
    expect(gone.received).toEqual([]);
    expect(closing.received).toEqual([]);
  });
});

describe('server-side topic watchers (decision 073)', () => {
  /** A bus shared by two hubs, as two instances share Redis or the database; the test delivers. */
  function sharedBus() {
    const handlers: ((message: BusMessage) => void)[] = [];
    const queued: BusMessage[] = [];
    return {
      bus: {
        publish: (message: BusMessage) => void queued.push(message),
        onMessage: (handler: (message: BusMessage) => void) => void handlers.push(handler),
      },
      deliver: () => {
        for (const message of queued.splice(0)) for (const handler of handlers) handler(message);
      },
    };
  }

  it("hears its prefix's ids published on any instance (its own at once), nothing else, and null on a resync", () => {
    const { bus, deliver } = sharedBus();
    const [here, there] = [createRealtimeHub(bus), createRealtimeHub(bus)];
    const heardHere: (string | null)[] = [];
    const heardThere: (string | null)[] = [];
    here.watchTopics('event-changes', (id) => heardHere.push(id));
    there.watchTopics('event-changes', (id) => heardThere.push(id));
    here.publish('event-changes:e1', { type: 'event.changed' });
    here.publish('tournament:t1', { type: 'tournament.updated' });
    // The instance that wrote knows before the bus brings the message back; the other only then.
    expect(heardHere).toEqual(['e1']);
    expect(heardThere).toEqual([]);
    deliver();
    expect(heardHere).toEqual(['e1', 'e1']);
    expect(heardThere).toEqual(['e1']);
    bus.publish({ kind: 'resync' });
    deliver();
    expect(heardThere).toEqual(['e1', null]);
  });
});
