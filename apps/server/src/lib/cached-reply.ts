import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { SerializedReply } from './endpoint-route.ts';

type Encoding = 'br' | 'gzip';

/** @fastify/compress's threshold: smaller replies go as they are. */
const compressFromBytes = 1024;

/**
 * A serialized reply kept in a cache (decision 073), with its compressed forms, each made the
 * first time a client asks for it: a browser asks for brotli or gzip on every request, and
 * compressing a page of 20 events again for each hit cost four times the rest of the hit
 * (bench:discover). The same settings as the compress plugin (brotli quality 4, gzip's default).
 */
export class CachedReply {
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(readonly json: string) {}

  /** About the bytes it may come to hold: the text (UTF-16) and at most two smaller compressed copies. */
  get sizeBytes(): number {
    return this.json.length * 4;
  }

  /** The reply for a request with this Accept-Encoding header. */
  replyFor(acceptEncoding: string | undefined): SerializedReply {
    const encoding = this.json.length >= compressFromBytes ? preferredEncoding(acceptEncoding) : undefined;
    if (!encoding) return new SerializedReply(this.json);
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
          : gzipSync(this.json);
      this.encoded.set(encoding, body);
    }
    return new SerializedReply(this.json, { encoding, body });
  }
}

/**
 * Brotli or gzip as the header allows, brotli first as the compress plugin prefers it; none when
 * neither is acceptable (the plugin then does what it does for any reply).
 */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...parameters] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isNaN(weight) ? 0 : weight);
  }
  const weightOf = (encoding: Encoding) =>
    weights.get(encoding) ?? (encoding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
  const [br, gzip] = [weightOf('br'), weightOf('gzip')];
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return undefined;
}
