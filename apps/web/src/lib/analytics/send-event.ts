/**
 * One analytics event as a fire-and-forget POST: `text/plain`, a simple request, so the browser
 * sends no preflight to the analytics host; no cookies; kept alive past a page change. A failure
 * is nobody's concern.
 */
export function sendEvent(send: typeof fetch, url: string, body: unknown): void {
  void send(url, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify(body),
    credentials: 'omit',
    keepalive: true,
  }).catch(() => undefined);
}

/** The page's address as analytics see it: the path only (a query string can carry tokens or search text). */
export const pageUrl = (path: string) => `${window.location.origin}${path.split(/[?#]/)[0] ?? '/'}`;
