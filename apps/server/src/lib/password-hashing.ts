import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id with the OWASP Password Storage Cheat Sheet's first recommendation:
 * 19 MiB of memory, 2 iterations, 1 degree of parallelism.
 */
const argon2idOptions = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, argon2idOptions);

export const verifyPassword = ({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> =>
  verify(stored, password).catch(() => false);
