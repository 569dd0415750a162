import { readFileSync } from 'node:fs';
import { Resolver } from 'node:dns/promises';

/**
 * The three lookups a domain check needs, behind an interface so tests answer them (there is no
 * network here) and production asks DNS (node:dns/promises). A name with no such record answers
 * an empty list; any other failure (timeout, SERVFAIL) throws, so the check can tell "the record
 * is missing" from "DNS could not be asked".
 */
export interface DnsLookup {
  cname(name: string): Promise<string[]>;
  ipv4(name: string): Promise<string[]>;
  txt(name: string): Promise<string[]>;
}

const noRecord = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

async function orEmpty<T>(lookup: Promise<T[]>): Promise<T[]> {
  try {
    return await lookup;
  } catch (error) {
    if (noRecord.has((error as { code?: string }).code ?? '')) return [];
    throw error;
  }
}

/** The system's resolvers, with a short timeout: a check runs inside a request ("Check now"). */
export function createSystemDnsLookup(): DnsLookup {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  return {
    cname: (name) => orEmpty(resolver.resolveCname(name)),
    ipv4: (name) => orEmpty(resolver.resolve4(name)),
    // A TXT record may be split into several strings of at most 255 characters: joined, they are its value.
    txt: async (name) => (await orEmpty(resolver.resolveTxt(name))).map((parts) => parts.join('')),
  };
}

/** What a test DNS file holds: per name, its records. */
type TestRecords = Record<string, { CNAME?: string[]; A?: string[]; TXT?: string[] }>;

/**
 * The browser journey's DNS (DNS_TEST_RECORDS_FILE, set only by e2e/global-setup.ts): answers
 * from a JSON file the journey writes, read on every lookup. Only names under `.test` (a top-level
 * domain reserved by RFC 2606, never delegated on the internet) are answered from the file; every
 * other name goes to real DNS, so the file cannot verify a real domain even if it were set.
 */
export function createTestFileDnsLookup(file: string, fallback: DnsLookup): DnsLookup {
  const records = (name: string): TestRecords[string] | null => {
    if (!name.endsWith('.test')) return null;
    let all: TestRecords = {};
    try {
      all = JSON.parse(readFileSync(file, 'utf8')) as TestRecords;
    } catch {
      // No file yet: no records.
    }
    return all[name] ?? {};
  };
  return {
    cname: async (name) => records(name)?.CNAME ?? fallback.cname(name),
    ipv4: async (name) => records(name)?.A ?? fallback.ipv4(name),
    txt: async (name) => records(name)?.TXT ?? fallback.txt(name),
  };
}
