import type { Message } from '@huddle/shared/messages';
import { describe, expect, it } from 'vitest';
import { messagesOf, upsertMessage, type ThreadData } from './list-messages.ts';

const message = (id: string, text = id): Message => ({
  id,
  conversationId: 'c',
  clientId: `client-${id}`,
  sender: { id: 'u', displayName: 'U', photoURL: '/u.png' },
  text,
  imageUrl: null,
  createdAt: '2026-11-25T18:00:00.000Z',
  editedAt: null,
  deletedAt: null,
});

describe('a thread in the cache', () => {
  // Pages as loaded: the newest first, older ones after; each oldest first.
  const data: ThreadData = {
    pages: [
      { messages: [message('3'), message('4')], hasMore: true },
      { messages: [message('1'), message('2')], hasMore: false },
    ],
    pageParams: [null, '3'],
  };

  it('reads oldest first across pages', () => {
    expect(messagesOf(data).map((m) => m.id)).toEqual(['1', '2', '3', '4']);
  });

  it('appends a new message once, and replaces an edited one where it is', () => {
    const once = upsertMessage(data, message('5'));
    const twice = upsertMessage(once, message('5'));
    expect(messagesOf(twice).map((m) => m.id)).toEqual(['1', '2', '3', '4', '5']);
    const edited = upsertMessage(twice, message('2', 'edited'));
    expect(messagesOf(edited).map((m) => m.text)).toEqual(['1', 'edited', '3', '4', '5']);
    // The cache it came from is left as it was.
    expect(messagesOf(data)).toHaveLength(4);
  });
});
