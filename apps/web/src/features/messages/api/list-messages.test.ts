import type { Message } from '@huddle/shared/messages';
import { describe, expect, it } from 'vitest';
import { lastMessageFromPages, messagesOf, upsertMessage, type ThreadData } from './list-messages.ts';

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

  it('catches up after the newest message a page showed, not after one pushed since', () => {
    expect(lastMessageFromPages(data)?.id).toBe('4');
    // Messages 5 and 6 arrive by the socket (or a send's reply): a message sent before them by
    // someone else may still be missing, so the catch-up starts after 4.
    const pushed = upsertMessage(upsertMessage(data, message('5')), message('6'));
    expect(lastMessageFromPages(pushed)?.id).toBe('4');
    // An edit pushed for a message that came in a page keeps it a page's message.
    expect(lastMessageFromPages(upsertMessage(pushed, message('4', 'edited')))?.id).toBe('4');
    // The catch-up's page brings the one that was missing and 5, in the server's order: they go
    // after 4, ahead of 6, which was pushed; from then on the catch-up starts after 5.
    const caughtUp = upsertMessage(upsertMessage(pushed, message('4b'), 'page'), message('5'), 'page');
    expect(messagesOf(caughtUp).map((m) => m.id)).toEqual(['1', '2', '3', '4', '4b', '5', '6']);
    expect(lastMessageFromPages(caughtUp)?.id).toBe('5');
  });

  it('puts messages pushed out of order back in the order a page gives', () => {
    const outOfOrder = upsertMessage(upsertMessage(data, message('6')), message('5'));
    const caughtUp = upsertMessage(upsertMessage(outOfOrder, message('5'), 'page'), message('6'), 'page');
    expect(messagesOf(caughtUp).map((m) => m.id)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(lastMessageFromPages(caughtUp)?.id).toBe('6');
  });

  it('has no place to catch up from when only pushed messages are there', () => {
    const empty: ThreadData = { pages: [{ messages: [], hasMore: false }], pageParams: [null] };
    expect(lastMessageFromPages(upsertMessage(empty, message('1')))).toBeUndefined();
  });
});
