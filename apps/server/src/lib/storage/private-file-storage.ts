import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathInside, readFileIfAny } from './file-storage.ts';

/**
 * Files people send that only some may read (decision 037; upload-kinds.ts): ID scans, waivers,
 * message photos. Unlike FileStorage
 * it hands out no URL: the bytes are read back by the server, after the route checked who asks.
 * On disk they live in DATA_DIR/private, a sibling of the public uploads folder, never served.
 */
export interface PrivateFileStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or undefined when nothing is stored under the key. */
  read(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
}

export function createLocalPrivateStorage(privateDir: string): PrivateFileStorage {
  const resolve = (key: string) => pathInside(privateDir, key);
  return {
    async put(key, bytes) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes, { mode: 0o600 });
    },
    async read(key) {
      return readFileIfAny(resolve(key));
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
