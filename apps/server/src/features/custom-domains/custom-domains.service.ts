import { randomBytes } from 'node:crypto';
import {
  customDomainLimits,
  customDomainMessages,
  verificationRecordName,
  type CustomDomain,
  type CustomHostBootstrap,
  type DnsRecord,
} from '@huddle/shared/custom-domains';
import type { PublicWebsite } from '@huddle/shared/websites';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findPublicWebsite, requireWebsiteEditor } from '../websites/websites.service.ts';
import type { DnsLookup } from './dns-lookup.ts';
import {
  deleteDomain,
  domainsDueForCheck,
  findDomainById,
  findDomainByName,
  insertDomain,
  listDomainsOfWebsite,
  saveCheckResult,
} from './custom-domains.repository.ts';
import type { CustomDomainRow } from './custom-domains.schema.ts';

/** Where custom domains must point: Huddle's own host (CNAME), or its IPv4 address when configured (A). */
export interface DomainTarget {
  publicOrigin: string;
  publicIpv4: string | undefined;
}

const notFound = () => new AppError('NOT_FOUND', customDomainMessages.notFound);
const hostOf = (origin: string) => new URL(origin).hostname;
const bareName = (name: string) => name.toLowerCase().replace(/\.$/, '');

/** Huddle's own names: its public host, localhost and any IP address (a LAN install) are never custom domains. */
export function isOwnHost(hostname: string, publicOrigin: string): boolean {
  const name = bareName(hostname);
  return (
    name === hostOf(publicOrigin) ||
    name === 'localhost' ||
    /^\d{1,3}(\.\d{1,3}){3}$/.test(name) ||
    name.startsWith('[') ||
    name.includes(':')
  );
}

function recordsFor(row: CustomDomainRow, target: DomainTarget): DnsRecord[] {
  return [
    target.publicIpv4
      ? { type: 'A', name: row.domain, value: target.publicIpv4 }
      : { type: 'CNAME', name: row.domain, value: hostOf(target.publicOrigin) },
    { type: 'TXT', name: verificationRecordName(row.domain), value: row.token },
  ];
}

function toReply(row: CustomDomainRow, target: DomainTarget): CustomDomain {
  return {
    id: row.id,
    websiteId: row.websiteId,
    domain: row.domain,
    state: row.state,
    failureReason: row.failureReason,
    records: recordsFor(row, target),
    checkedAt: row.checkedAt?.toISOString() ?? null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
  };
}

/** A domain of a site the actor may edit; someone else gets the site's 403/404 (websites service). */
async function editableDomain(db: Database, domainId: string, actorId: string): Promise<CustomDomainRow> {
  const row = await findDomainById(db, domainId);
  if (!row) throw notFound();
  await requireWebsiteEditor(db, { websiteId: row.websiteId, actorId });
  return row;
}

export async function listDomains(
  db: Database,
  target: DomainTarget,
  { actorId, websiteId }: { actorId: string; websiteId: string },
) {
  await requireWebsiteEditor(db, { websiteId, actorId });
  return { domains: (await listDomainsOfWebsite(db, websiteId)).map((row) => toReply(row, target)) };
}

export async function addDomain(
  db: Database,
  target: DomainTarget,
  { actorId, websiteId, domain }: { actorId: string; websiteId: string; domain: string },
): Promise<CustomDomain> {
  await requireWebsiteEditor(db, { websiteId, actorId });
  if (isOwnHost(domain, target.publicOrigin) || domain.endsWith(`.${hostOf(target.publicOrigin)}`))
    throw new AppError('VALIDATION_FAILED', customDomainMessages.ownHost, { domain: [customDomainMessages.ownHost] });
  const token = `huddle-verify=${randomBytes(16).toString('hex')}`;
  const row = await insertDomain(db, { websiteId, domain, token, addedBy: actorId }, customDomainLimits.perWebsite);
  if (row === 'taken')
    throw new AppError('CONFLICT', customDomainMessages.taken, { domain: [customDomainMessages.taken] });
  if (row === 'too-many')
    throw new AppError('CONFLICT', customDomainMessages.tooMany, { domain: [customDomainMessages.tooMany] });
  return toReply(row, target);
}

export async function removeDomain(db: Database, { actorId, domainId }: { actorId: string; domainId: string }) {
  await editableDomain(db, domainId, actorId);
  await deleteDomain(db, domainId);
}

type Outcome = { ok: true } | { ok: false; reason: string; definite: boolean };

/** The address record: a CNAME to Huddle's host, or (with PUBLIC_IPV4) an A record to its address. */
async function checkAddress(dns: DnsLookup, domain: string, target: DomainTarget): Promise<Outcome> {
  const host = hostOf(target.publicOrigin);
  const cnames = (await dns.cname(domain)).map(bareName);
  if (cnames.includes(host)) return { ok: true };
  if (target.publicIpv4) {
    const addresses = await dns.ipv4(domain);
    if (addresses.includes(target.publicIpv4)) return { ok: true };
    return {
      ok: false,
      definite: true,
      reason:
        addresses.length === 0
          ? `No A record for ${domain} (it should be ${target.publicIpv4}).`
          : `The A record of ${domain} is ${addresses.join(', ')}, not ${target.publicIpv4}.`,
    };
  }
  return {
    ok: false,
    definite: true,
    reason:
      cnames.length === 0
        ? `No CNAME record for ${domain} (it should point to ${host}).`
        : `The CNAME record of ${domain} points to ${cnames.join(', ')}, not ${host}.`,
  };
}

async function checkOwnership(dns: DnsLookup, row: CustomDomainRow): Promise<Outcome> {
  const name = verificationRecordName(row.domain);
  const values = await dns.txt(name);
  if (values.includes(row.token)) return { ok: true };
  return {
    ok: false,
    definite: true,
    reason:
      values.length === 0
        ? `No TXT record ${name} was found.`
        : `The TXT record ${name} does not hold the value shown here.`,
  };
}

async function lookUp(dns: DnsLookup, row: CustomDomainRow, target: DomainTarget): Promise<Outcome> {
  try {
    const [ownership, address] = await Promise.all([checkOwnership(dns, row), checkAddress(dns, row.domain, target)]);
    if (!ownership.ok) return ownership;
    return address;
  } catch {
    return {
      ok: false,
      definite: false,
      reason: `DNS could not be asked about ${row.domain}; it is tried again later.`,
    };
  }
}

/**
 * Looks the records up and stores the state. A verified domain whose records are gone (a definite
 * answer) fails and stops being served; one whose lookup merely timed out stays verified, so a DNS
 * hiccup does not take a club's site offline.
 */
async function checkRow(db: Database, dns: DnsLookup, target: DomainTarget, row: CustomDomainRow, now: Date) {
  const outcome = await lookUp(dns, row, target);
  if (outcome.ok)
    return saveCheckResult(db, row.id, {
      state: 'verified',
      failureReason: null,
      checkedAt: now,
      verifiedAt: row.verifiedAt ?? now,
    });
  if (!outcome.definite && row.state === 'verified')
    return saveCheckResult(db, row.id, {
      state: row.state,
      failureReason: row.failureReason,
      checkedAt: now,
      verifiedAt: row.verifiedAt,
    });
  return saveCheckResult(db, row.id, {
    state: 'failed',
    failureReason: outcome.reason,
    checkedAt: now,
    verifiedAt: null,
  });
}

export async function checkDomainNow(
  db: Database,
  deps: { dns: DnsLookup; target: DomainTarget; now: Date },
  { actorId, domainId }: { actorId: string; domainId: string },
): Promise<CustomDomain> {
  const row = await editableDomain(db, domainId, actorId);
  const saved = await checkRow(db, deps.dns, deps.target, row, deps.now);
  // Removed while it was being checked.
  if (!saved) throw notFound();
  return toReply(saved, deps.target);
}

/** The periodic re-check (a scheduled job): domains not checked for `maxAgeMinutes`, a batch at a time. */
export async function recheckDueDomains(
  db: Database,
  deps: { dns: DnsLookup; target: DomainTarget; now: Date },
  { maxAgeMinutes, batch }: { maxAgeMinutes: number; batch: number },
): Promise<number> {
  const due = await domainsDueForCheck(db, new Date(deps.now.getTime() - maxAgeMinutes * 60_000), batch);
  for (const row of due) await checkRow(db, deps.dns, deps.target, row, deps.now);
  return due.length;
}

/** The verified custom domain a host name names (any case, with or without a trailing dot), or null. */
export async function findVerifiedDomain(db: Database, hostname: string): Promise<CustomDomainRow | null> {
  const row = await findDomainByName(db, bareName(hostname));
  return row?.state === 'verified' ? row : null;
}

/** Caddy's question before issuing a certificate: only verified domains get one. */
export async function isVerifiedDomain(db: Database, domain: string): Promise<boolean> {
  return (await findVerifiedDomain(db, domain)) !== null;
}

export type ConnectedSite = { bootstrap: CustomHostBootstrap; site: PublicWebsite };

/**
 * Spec §2 "on a custom domain the team is looked up by domain": the published site a verified
 * domain serves, or null (unknown, unverified, or the site is not published).
 */
export async function findConnectedSite(
  db: Database,
  { hostname, publicOrigin }: { hostname: string; publicOrigin: string },
): Promise<ConnectedSite | null> {
  const row = await findVerifiedDomain(db, hostname);
  if (!row) return null;
  const site = await findPublicWebsite(db, { websiteId: row.websiteId });
  if (!site) return null;
  return {
    bootstrap: { domain: row.domain, websiteId: site.id, teamId: site.team?.id ?? null, huddleOrigin: publicOrigin },
    site,
  };
}
