import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Local disk under DATA_DIR/uploads, served at /uploads/. */
export interface FileStorage {
  /** Stores the bytes under `key` (e.g. "avatars/abc.webp") and returns the public URL path. */
  put(key: string, bytes: Buffer): Promise<string>;
  /** Removes a file this storage handed out; other URLs are ignored. */
  remove(url: string): Promise<void>;
  /** The key of a URL this storage handed out; undefined for any other URL. */
  keyOf(url: string): string | undefined;
}

export const uploadsUrlPrefix = '/uploads/';

/** The file of a key inside a storage folder. Keys are the server's; this refuses any that would escape it. */
export function pathInside(folder: string, key: string): string {
  const target = path.resolve(folder, key);
  if (!target.startsWith(path.resolve(folder) + path.sep)) throw new Error(`invalid storage key: ${key}`);
  return target;
}

export function createLocalFileStorage(uploadsDir: string): FileStorage {
  const resolve = (key: string) => pathInside(uploadsDir, key);
  return {
    async put(key, bytes) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes);
      return `${uploadsUrlPrefix}${key}`;
    },
    async remove(url) {
      if (!url.startsWith(uploadsUrlPrefix)) return;
      await rm(resolve(url.slice(uploadsUrlPrefix.length)), { force: true });
    },
    keyOf(url) {
      return url.startsWith(uploadsUrlPrefix) ? url.slice(uploadsUrlPrefix.length) : undefined;
    },
  };
}
