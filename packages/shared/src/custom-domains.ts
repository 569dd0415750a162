import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/**
 * Issue 15, custom domains: a published website served on the organizer's own host name
 * (spec §1, §2 "the route table on another host"). The organizer proves the name is theirs with
 * a TXT record and points it at Huddle with a CNAME (or an A record).
 */

export const customDomainMessages = {
  badDomain: 'Enter a domain name such as club.example.com, without https:// or a path.',
  ipAddress: 'Enter a domain name, not an IP address.',
  ownHost: 'This is Huddle’s own address: enter a domain of your own.',
  taken: 'This domain is already connected to a website on Huddle.',
  notFound: 'This domain does not exist or is not yours to change.',
  notConnected: 'This domain is not connected to Huddle.',
  tooMany: 'A website can have at most 5 domains.',
  hopRefused: 'Signing in can only continue to a domain connected to Huddle.',
  handOffUsed: 'This sign-in link has expired or was already used. Go back to the page and sign in again.',
} as const;

export const customDomainLimits = { perWebsite: 5 } as const;

/** The TXT record's name: `_huddle.<domain>`; its value is the domain's token. */
export const verificationRecordName = (domain: string) => `_huddle.${domain}`;

// Node and browsers both have WHATWG URL; this package's lib settings name neither environment.
declare const URL: new (input: string) => { hostname: string };

const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const ipv4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * A host name as DNS and browsers see it: lowercase, no trailing dot, IDN as punycode
 * (URL's host parser does the IDNA mapping in Node and in browsers alike).
 */
export function normalizeDomain(input: string): string | null {
  const value = input.trim().toLowerCase().replace(/\.$/, '');
  if (value === '' || /[/:@?#\s[\]\\]/.test(value)) return null;
  try {
    return new URL(`http://${value}`).hostname;
  } catch {
    return null;
  }
}

export const customDomainName = z
  .string()
  .max(253, customDomainMessages.badDomain)
  .transform((input, context) => {
    const normalized = normalizeDomain(input);
    const issue = (message: string) => {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(input.trim())) return issue(customDomainMessages.badDomain);
    if (normalized === null) return issue(customDomainMessages.badDomain);
    if (ipv4.test(normalized) || normalized.startsWith('[')) return issue(customDomainMessages.ipAddress);
    const labels = normalized.split('.');
    // At least a name and a top-level domain, each label as DNS allows it; the top level is not all digits.
    if (labels.length < 2 || normalized.length > 253 || !labels.every((part) => label.test(part)))
      return issue(customDomainMessages.badDomain);
    if (/^\d+$/.test(labels.at(-1) ?? '')) return issue(customDomainMessages.ipAddress);
    return normalized;
  });

export const addCustomDomainBody = z.strictObject({ domain: customDomainName }).meta({ id: 'AddCustomDomain' });
export type AddCustomDomainBody = z.input<typeof addCustomDomainBody>;

export const customDomainStates = ['pending', 'verified', 'failed'] as const;
export type CustomDomainState = (typeof customDomainStates)[number];

/** A DNS record the organizer creates at their DNS provider. */
export const dnsRecord = z.object({
  type: z.enum(['CNAME', 'A', 'TXT']),
  name: z.string(),
  value: z.string(),
});
export type DnsRecord = z.infer<typeof dnsRecord>;

export const customDomainReply = z
  .object({
    id: z.uuid(),
    websiteId: z.uuid(),
    domain: z.string(),
    state: z.enum(customDomainStates),
    /** Why the last check failed (which record is missing or wrong); null unless failed. */
    failureReason: z.string().nullable(),
    /** The records to create: the address record and the ownership TXT record. */
    records: z.array(dnsRecord),
    checkedAt: z.iso.datetime().nullable(),
    verifiedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'CustomDomain' });
export type CustomDomain = z.infer<typeof customDomainReply>;

export const customDomainListReply = z.object({ domains: z.array(customDomainReply) });

const websiteIdParams = z.object({ websiteId: z.uuid() });
const domainIdParams = z.object({ domainId: z.uuid() });
const tags = ['custom-domains'] as const;

export const customDomainEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/websites/:websiteId/domains',
    summary: 'The custom domains of a website (its creator and its team’s owner and organizers)',
    tags,
    params: websiteIdParams,
    reply: customDomainListReply,
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/api/websites/:websiteId/domains',
    summary: 'Connect a domain to a website; it stays pending until its DNS records are found',
    tags,
    params: websiteIdParams,
    body: addCustomDomainBody,
    reply: customDomainReply,
    status: 201,
  }),
  check: defineEndpoint({
    method: 'POST',
    path: '/api/custom-domains/:domainId/check',
    summary: 'Look up the domain’s DNS records now and record the result',
    tags,
    params: domainIdParams,
    reply: customDomainReply,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/custom-domains/:domainId',
    summary: 'Disconnect a domain',
    tags,
    params: domainIdParams,
    reply: z.object({ ok: z.literal(true) }),
  }),
  allowed: defineEndpoint({
    method: 'GET',
    path: '/api/custom-domains/allowed',
    summary: 'For Caddy on-demand TLS: 200 when the domain is verified, else 404 (no certificate)',
    tags,
    query: z.object({ domain: z.string().max(253) }),
    reply: z.object({ ok: z.literal(true) }),
  }),
} as const;

/**
 * Signing in on a custom domain (decision 038): the custom host sends the browser to `signIn` on
 * Huddle's origin with `next` (the custom host's address to come back to); once signed in there,
 * Huddle redirects to `handOff` on the custom host with a one-time token, which starts a session
 * on that host. Both answer with redirects (a browser navigates to them), so they are plain GETs.
 */
export const customDomainSignInPaths = {
  signIn: '/api/custom-domains/sign-in',
  handOff: '/api/custom-domains/hand-off',
} as const;
export const customDomainSignInQuery = z.object({ next: z.string().min(1).max(2048) });
export const customDomainHandOffQuery = z.object({ token: z.string().min(1).max(128) });
/** How long a hand-off token lasts: the redirect follows at once, so a minute is plenty. */
export const handOffLifetimeSeconds = 60;

/**
 * What the server writes into index.html on a verified custom domain, so the web app renders
 * the reduced route table (spec §2) with the site at the root.
 */
export const customHostElementId = 'huddle-custom-host';
export const customHostBootstrap = z.object({
  domain: z.string(),
  websiteId: z.uuid(),
  teamId: z.uuid().nullable(),
  /** Huddle's own origin: sign-in and Huddle's sections live there. */
  huddleOrigin: z.string(),
});
export type CustomHostBootstrap = z.infer<typeof customHostBootstrap>;

/**
 * Huddle's own sections: a site's blocks link to them (an event, a place, the team page). On a
 * custom host they are not served (spec §2): the visitor goes to the same path on Huddle's origin.
 * A site page of the same name wins.
 */
export const huddleSectionsOnCustomHost: ReadonlySet<string> = new Set([
  'home',
  'discover',
  'evt',
  'events',
  'games',
  'team',
  'teams',
  'places',
  'profile',
  'organization',
  'site',
  'community',
  'invite',
  'messages',
  'notifications',
  'settings',
  'my-communities',
  'verify-email',
  'full-search',
  'start',
  'invoices',
  'transactions',
  'payment-success',
  'pay-balance',
  'custom-website',
]);
