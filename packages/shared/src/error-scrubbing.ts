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

const emailPattern = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const ipv4Pattern = /\b(?:\d{1,3}\.){3}\d{1,3}\b/g;
/** Headers that name or authenticate a person, or carry their address through a proxy. */
const personalHeaders =
  /^(cookie|set-cookie|authorization|proxy-authorization|x-forwarded-for|x-real-ip|forwarded|cf-connecting-ip|true-client-ip)$/i;

/** Emails and IPv4 addresses in free text replaced by placeholders. */
export function scrubText(text: string): string {
  return text.replace(emailPattern, '[email]').replace(ipv4Pattern, '[ip]');
}

/** A URL without its query string (tokens, emails in links): only the path is kept. */
function withoutQuery(url: string): string {
  const cut = url.search(/[?#]/);
  return scrubText(cut === -1 ? url : url.slice(0, cut));
}

/**
 * The event without personal data. The person is kept only as an opaque id when one was set
 * (never an email, name or IP address); cookies, request bodies and query strings are dropped.
 */
export function scrubErrorEvent<T extends ScrubbableEvent>(event: T): T {
  const id = event.user?.id;
  event.user = typeof id === 'string' || typeof id === 'number' ? { id } : undefined;
  if (event.message) event.message = scrubText(event.message);
  if (event.request) {
    const headers = Object.fromEntries(
      Object.entries(event.request.headers ?? {}).filter(([name]) => !personalHeaders.test(name)),
    );
    event.request = {
      ...(event.request.url !== undefined && { url: withoutQuery(event.request.url) }),
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
      crumb.data = typeof url === 'string' ? { url: withoutQuery(url) } : undefined;
    }
  }
  event.extra = undefined;
  // The host name of the server is not personal, but it names the machine: kept out too.
  event.server_name = undefined;
  return event;
}
