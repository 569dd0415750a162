import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRealtime } from './realtime.ts';

/** A stand-in socket: the test plays the server. */
class FakeSocket extends EventTarget {
  closedWith: number | undefined;
  sent: unknown[] = [];
  constructor(readonly url: string) {
    super();
  }
  receive(event: object) {
    this.dispatchEvent(Object.assign(new Event('message'), { data: JSON.stringify(event) }));
  }
  drop(code = 1006) {
    this.dispatchEvent(Object.assign(new Event('close'), { code }));
  }
  close(code: number) {
    this.closedWith = code;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
}

let sockets: FakeSocket[];
const realtime = () =>
  createRealtime({
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    location: { protocol: 'https:', host: 'huddle.example' },
    random: () => 0,
  });

beforeEach(() => {
  sockets = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('the tab realtime connection', () => {
  it('hands each event to the subscribers of its type until they unsubscribe', () => {
    const connection = realtime();
    const pings: unknown[] = [];
    const unsubscribe = connection.subscribe('ping', (event) => pings.push(event.n));
    connection.start();
    expect(sockets[0]!.url).toBe('wss://huddle.example/api/realtime');
    sockets[0]!.receive({ type: 'ping', n: 1 });
    sockets[0]!.receive({ type: 'other', n: 2 });
    unsubscribe();
    sockets[0]!.receive({ type: 'ping', n: 3 });
    expect(pings).toEqual([1]);
  });

  it('keeps one socket per tab: starting again closes the earlier one', () => {
    const connection = realtime();
    connection.start();
    connection.start();
    expect(sockets[0]!.closedWith).toBe(1000);
    expect(sockets).toHaveLength(2);
  });

  it('reconnects after a drop with backoff and tells onReconnect once the server greets again', () => {
    const connection = realtime();
    const resumed = vi.fn();
    connection.onReconnect(resumed);
    connection.start();
    sockets[0]!.receive({ type: 'connected' });
    expect(resumed).not.toHaveBeenCalled();
    sockets[0]!.drop();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.drop();
    vi.advanceTimersByTime(2000);
    expect(sockets).toHaveLength(3);
    sockets[2]!.receive({ type: 'connected' });
    expect(resumed).toHaveBeenCalledTimes(1);
  });

  it('tells onReconnect when the server says events may have been lost, without a reconnect (decision 067)', () => {
    const connection = realtime();
    const resumed = vi.fn();
    connection.onReconnect(resumed);
    connection.start();
    sockets[0]!.receive({ type: 'connected' });
    sockets[0]!.receive({ type: 'resync' });
    expect(resumed).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(1);
  });

  it('stops after the sign-out close and says so', () => {
    const connection = realtime();
    const signedOut = vi.fn();
    connection.start({ onSignedOut: signedOut });
    sockets[0]!.drop(4001);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(signedOut).toHaveBeenCalledTimes(1);
  });
});

describe('watching a public topic (decision 055)', () => {
  const subscribe = (topic: string) => ({ type: 'subscribe', topic });

  it('opens a socket when nobody is signed in, joins once greeted, and closes it when the last watcher leaves', () => {
    const connection = realtime();
    const heard: unknown[] = [];
    const leave = connection.watchTopic('tournament:t1', (event) => heard.push(event));
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.sent).toEqual([]);
    sockets[0]!.receive({ type: 'connected' });
    expect(sockets[0]!.sent).toEqual([subscribe('tournament:t1')]);
    sockets[0]!.receive({ type: 'tournament.updated', topic: 'tournament:t1' });
    sockets[0]!.receive({ type: 'tournament.updated', topic: 'tournament:t2' });
    expect(heard).toEqual([{ type: 'tournament.updated', topic: 'tournament:t1' }]);
    leave();
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'unsubscribe', topic: 'tournament:t1' });
    expect(sockets[0]!.closedWith).toBe(1000);
  });

  it('joins again after a reconnect', () => {
    const connection = realtime();
    connection.watchTopic('tournament:t1', () => undefined);
    sockets[0]!.receive({ type: 'connected' });
    sockets[0]!.drop();
    vi.advanceTimersByTime(1000);
    sockets[1]!.receive({ type: 'connected' });
    expect(sockets[1]!.sent).toEqual([subscribe('tournament:t1')]);
  });

  it('rides on the signed-in socket, and goes on over a signed-out one after the sign-out close', () => {
    const connection = realtime();
    const signedOut = vi.fn();
    connection.start({ onSignedOut: signedOut });
    sockets[0]!.receive({ type: 'connected' });
    const leave = connection.watchTopic('tournament:t1', () => undefined);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.sent).toEqual([subscribe('tournament:t1')]);
    sockets[0]!.drop(4001);
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.receive({ type: 'connected' });
    expect(sockets[1]!.sent).toEqual([subscribe('tournament:t1')]);
    leave();
    expect(sockets[1]!.closedWith).toBe(1000);
  });

  it('moves to the signed-in socket when someone signs in, and keeps the session socket when the page leaves', () => {
    const connection = realtime();
    const leave = connection.watchTopic('tournament:t1', () => undefined);
    sockets[0]!.receive({ type: 'connected' });
    const stop = connection.start();
    expect(sockets[0]!.closedWith).toBe(1000);
    sockets[1]!.receive({ type: 'connected' });
    expect(sockets[1]!.sent).toEqual([subscribe('tournament:t1')]);
    leave();
    expect(sockets[1]!.closedWith).toBeUndefined();
    stop();
    expect(sockets).toHaveLength(2);
  });
});
