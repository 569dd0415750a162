import { randomBytes } from 'node:crypto';
import { messageImageUrl } from '@huddle/shared/messages';
import type { FileStorage } from '../../lib/storage/file-storage.ts';
import type { PrivateFileStorage } from '../../lib/storage/private-file-storage.ts';

/**
 * Where message photos are kept (decisions 026, 061): in the private storage under
 * `messages/<conversation>/<sender>-<random>.webp`, read back only through
 * GET /api/conversations/:id/images/:name after the route checked the reader is a member.
 * Photos sent before decision 061 sit in the public storage under the same key, at a public URL
 * that /uploads/ no longer serves; they are shown and read the same way.
 */
export interface PhotoStorages {
  storage: FileStorage;
  privateStorage: PrivateFileStorage;
}

const keyOf = (conversationId: string, imageName: string) => `messages/${conversationId}/${imageName}`;
/** The end of a public storage URL of a photo from before decision 061 (/uploads/… or the bucket's). */
const legacyUrlEnd = /\/messages\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{1,64}-[0-9a-f]{16}\.webp)$/;

/** Stores a sender's photo for a conversation; its address for the message. */
export async function storeMessagePhoto(
  { privateStorage }: PhotoStorages,
  { conversationId, senderId, image }: { conversationId: string; senderId: string; image: Buffer },
): Promise<string> {
  const imageName = `${senderId.replace(/[^A-Za-z0-9_-]/g, '')}-${randomBytes(8).toString('hex')}.webp`;
  await privateStorage.put(keyOf(conversationId, imageName), image, 'image/webp');
  return messageImageUrl(conversationId, imageName);
}

/** Whether `url` is a photo this sender stored for this conversation (no outside image, nobody else's). */
export function isSendersPhoto(
  url: string,
  { conversationId, senderId }: { conversationId: string; senderId: string },
) {
  const own = `${senderId.replace(/[^A-Za-z0-9_-]/g, '')}-`;
  const prefix = messageImageUrl(conversationId, own);
  return url.startsWith(prefix) && /^[0-9a-f]{16}\.webp$/.test(url.slice(prefix.length));
}

/**
 * The address a stored message's photo is shown at: one from before decision 061 is shown at the
 * checked route too. A stored URL is always one the storages made (sendMessage checks it).
 */
export function shownPhotoUrl(url: string): string {
  const legacy = url.startsWith('/api/') ? null : legacyUrlEnd.exec(url);
  return legacy ? messageImageUrl(legacy[1]!, legacy[2]!) : url;
}

/** The photo's bytes (the route has checked the reader is a member), or undefined. */
export async function readMessagePhoto(
  { storage, privateStorage }: PhotoStorages,
  { conversationId, imageName }: { conversationId: string; imageName: string },
): Promise<Buffer | undefined> {
  const key = keyOf(conversationId, imageName);
  return (await privateStorage.read(key)) ?? (await storage.read(key));
}

/** Removes a message's photo, wherever it was kept. */
export async function removeMessagePhoto({ storage, privateStorage }: PhotoStorages, url: string): Promise<void> {
  const shown = /^\/api\/conversations\/([0-9a-f-]{36})\/images\/([^/]+)$/.exec(url);
  if (shown) await privateStorage.remove(keyOf(shown[1]!, shown[2]!));
  else await storage.remove(url);
}
