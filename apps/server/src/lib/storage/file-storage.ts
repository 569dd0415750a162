import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PublicUploadKind } from './upload-kinds.ts';

/**
 * Where uploaded files everyone may see live (upload-kinds.ts). Local disk under
 * DATA_DIR/uploads, served at /uploads/.
 */
export interface FileStorage {
  /** Stores the bytes as `name` in the kind's folder (avatars/abc.webp) and returns the public URL. */
  put(kind: PublicUploadKind, name: string, bytes: Buffer): Promise<string>;
  /** The bytes under a key, or undefined. Only message photos stored here before decision 061 are read back. */
  read(key: string): Promise<Buffer | undefined>;
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

/** A public upload's key: its kind's folder, then a name the server made (no folders in it). */
export function publicKeyOf(kind: PublicUploadKind, name: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) throw new Error(`invalid upload name: ${name}`);
  return `${kind}/${name}`;
}

/** Reads a file; undefined when there is none. */
export async function readFileIfAny(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export function createLocalFileStorage(uploadsDir: string): FileStorage {
  const resolve = (key: string) => pathInside(uploadsDir, key);
  return {
    async put(kind, name, bytes) {
      const key = publicKeyOf(kind, name);
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes);
      return `${uploadsUrlPrefix}${key}`;
    },
    async read(key) {
      return readFileIfAny(resolve(key));
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
