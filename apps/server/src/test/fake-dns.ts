import type { DnsLookup } from '../features/custom-domains/dns-lookup.ts';

/** DNS for tests: records set per name, and a switch that makes every lookup time out. */
export function createFakeDns() {
  const records = new Map<string, { CNAME?: string[]; A?: string[]; TXT?: string[] }>();
  let unreachable = false;
  const answer = async (name: string, type: 'CNAME' | 'A' | 'TXT') => {
    if (unreachable) throw Object.assign(new Error(`queryTxt ETIMEOUT ${name}`), { code: 'ETIMEOUT' });
    return records.get(name)?.[type] ?? [];
  };
  const lookup: DnsLookup = {
    cname: (name) => answer(name, 'CNAME'),
    ipv4: (name) => answer(name, 'A'),
    txt: (name) => answer(name, 'TXT'),
  };
  return {
    lookup,
    set(name: string, value: { CNAME?: string[]; A?: string[]; TXT?: string[] }) {
      records.set(name, value);
    },
    clear: () => records.clear(),
    setUnreachable(value: boolean) {
      unreachable = value;
    },
  };
}
