import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CachedReply, preferredEncoding } from './cached-reply.ts';

describe('a cached reply', () => {
  const json = JSON.stringify({
    events: Array.from({ length: 40 }, (_, index) => ({ id: index, title: 'Pickup game' })),
  });

  it('is sent compressed as the client asks, the same text once decompressed, compressed once per encoding', () => {
    const reply = new CachedReply(json);
    const brotli = reply.replyFor('gzip, deflate, br');
    expect(brotli.encoded?.encoding).toBe('br');
    expect(brotliDecompressSync(brotli.encoded!.body).toString()).toBe(json);
    expect(reply.replyFor('br').encoded?.body).toBe(brotli.encoded?.body);
    const gzip = reply.replyFor('gzip');
    expect(gzip.encoded?.encoding).toBe('gzip');
    expect(gunzipSync(gzip.encoded!.body).toString()).toBe(json);
    expect(reply.replyFor(undefined)).toEqual({ json, encoded: undefined });
  });

  it('leaves a small reply as it is, as the compress plugin does', () => {
    expect(new CachedReply('{"events":[],"nextStartId":null}').replyFor('br').encoded).toBeUndefined();
  });

  it('honours q-values, aliases and the wildcard, brotli first on a tie', () => {
    expect(preferredEncoding('gzip, br')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('x-gzip')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('deflate')).toBeUndefined();
    expect(preferredEncoding('br;q=0, gzip;q=0, *;q=1')).toBeUndefined();
    expect(preferredEncoding('')).toBeUndefined();
  });
});
