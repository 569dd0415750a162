import type { getSessionEndpoint } from '@huddle/shared/accounts';
import { inlineSessionElementId } from '@huddle/shared/landing-pages';
import type { EndpointReply } from '@huddle/shared/endpoint';

/**
 * The session index.html was sent under (the server writes it in, decision 021): the guards
 * start from it instead of asking the API and waiting a round trip. Read once and removed,
 * so a later read always asks the server. Null when absent (the dev server) or unreadable.
 * The server wrote it through the session endpoint's schema (lib/web-app.ts), so it is taken
 * as it is, like every reply (lib/api-client.ts).
 */
export function takeInlineSession(): EndpointReply<typeof getSessionEndpoint> | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(inlineSessionElementId);
  if (!element) return null;
  element.remove();
  try {
    const session: unknown = JSON.parse(element.textContent ?? '');
    return typeof session === 'object' && session !== null && 'user' in session
      ? (session as EndpointReply<typeof getSessionEndpoint>)
      : null;
  } catch {
    return null;
  }
}
