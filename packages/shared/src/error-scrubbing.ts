/**
 * Personal data out of an error report before it leaves the server or the browser (decision 052):
 * no emails, cookies, IP addresses, auth headers or request bodies reach the error-reporting
 * service. The same rules for the server (@sentry/node) and the web app (@sentry/browser), whose
 * events share this shape. No zod here: the web app loads it lazily beside @sentry/browser.
 */

/** The parts of a Sentry-compatible event that can carry personal data. */
export interface ScrubbableEvent {
  message?: string | undefined;
  user?: Record<string, unknown> | undefined;
  request?:
    | {
        url?: string | undefined;
        query_string?: unknown;
        cookies?: unknown;
        headers?: Record<string, string> | undefined;
        data?: unknown;
        env?: unknown;
      }
    | undefined;
  exception?:
    | {
        values?:
          | {
              value?: string | undefined;
              stacktrace?: { frames?: StackFrame[] | undefined } | undefined;
            }[]
          | undefined;
      }
    | undefined;
  breadcrumbs?: { message?: string | undefined; data?: Record<string, unknown> | undefined }[] | undefined;
  extra?: Record<string, unknown> | undefined;
  server_name?: string | undefined;
}

interface StackFrame {
  pre_context?: string[] | undefined;
  context_line?: string | undefined;
  post_context?: string[] | undefined;
  vars?: Record<string, unknown> | undefined;
}

const emailPattern = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
const ipv4Pattern = /\b(?:\d{1,3}\.){3}\d{1,3}\b/g;

/** Email addresses in free text (driver, SMTP and library messages) replaced by a placeholder. */
export const scrubEmails = (text: string): string => text.replace(emailPattern, '[email]');

/**
 * A failed query as Drizzle words it, "Failed query: <sql>\nparams: <values>", without the values:
 * they are what the query was about (a name, an address, a search), any text, line breaks included.
 * The SQL, with its placeholders, is what finds the bug.
 */
export const withoutQueryValues = (text: string): string => text.split('\nparams: ')[0] ?? text;
/** Headers that name or authenticate a person, or carry their address through a proxy. */
const personalHeaders =
  /^(cookie|set-cookie|authorization|proxy-authorization|x-forwarded-for|x-real-ip|forwarded|cf-connecting-ip|true-client-ip)$/i;

/** Query values cut, emails and IPv4 addresses in free text replaced by placeholders. */
export function scrubText(text: string): string {
  return scrubEmails(withoutQueryValues(text)).replace(ipv4Pattern, '[ip]');
}

/** What a path can carry itself (a token that is the key to a feed); the server knows its routes. */
export type PathRedaction = (path: string) => string;

/**
 * An address without its query string or fragment (tokens, emails in links, searches), its path
 * through `path`: only the origin and the redacted path are kept. Relative addresses too.
 */
function scrubUrl(url: string, path: PathRedaction): string {
  const cut = url.search(/[?#]/);
  const bare = cut === -1 ? url : url.slice(0, cut);
  const origin = /^[a-z][a-z\d+.-]*:\/\/[^/]*/i.exec(bare)?.[0] ?? '';
  return scrubText(origin + path(bare.slice(origin.length)));
}

/**
 * The event without personal data. The person is kept only as an opaque id when one was set
 * (never an email, name or IP address); cookies, request bodies and query strings are dropped.
 * `path` redacts secrets that are part of an address's path (the server's token routes).
 */
export function scrubErrorEvent<T extends ScrubbableEvent>(
  event: T,
  { path = (kept) => kept }: { path?: PathRedaction } = {},
): T {
  const id = event.user?.id;
  event.user = typeof id === 'string' || typeof id === 'number' ? { id } : undefined;
  if (event.message) event.message = scrubText(event.message);
  if (event.request) {
    const headers = Object.fromEntries(
      Object.entries(event.request.headers ?? {})
        .filter(([name]) => !personalHeaders.test(name))
        .map(([name, value]) => [name, /^referer$/i.test(name) ? scrubUrl(value, path) : value]),
    );
    event.request = {
      ...(event.request.url !== undefined && { url: scrubUrl(event.request.url, path) }),
      headers,
    };
  }
  for (const value of event.exception?.values ?? []) {
    if (value.value) value.value = scrubText(value.value);
    for (const frame of value.stacktrace?.frames ?? []) {
      // Local variables can hold anything the code was handling: never sent. Source lines are
      // code, but a literal in them is scrubbed like any text.
      frame.vars = undefined;
      if (frame.context_line) frame.context_line = scrubText(frame.context_line);
      if (frame.pre_context) frame.pre_context = frame.pre_context.map(scrubText);
      if (frame.post_context) frame.post_context = frame.post_context.map(scrubText);
    }
  }
  for (const crumb of event.breadcrumbs ?? []) {
    if (crumb.message) crumb.message = scrubText(crumb.message);
    if (crumb.data) {
      const url = crumb.data.url;
      crumb.data = typeof url === 'string' ? { url: scrubUrl(url, path) } : undefined;
    }
  }
  event.extra = undefined;
  // The host name of the server is not personal, but it names the machine: kept out too.
  event.server_name = undefined;
  return event;
}
