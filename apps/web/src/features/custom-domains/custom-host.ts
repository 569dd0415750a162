import { customHostElementId, type CustomHostBootstrap } from '@huddle/shared/custom-domains';

/**
 * On a verified custom domain the server writes which site the host serves into index.html
 * (features/custom-domains/custom-domains.host.ts on the server); the app then renders the
 * reduced route table of spec §2. Null on Huddle's own host. Read once at start.
 */
export function readCustomHost(): CustomHostBootstrap | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(customHostElementId);
  if (!element) return null;
  try {
    const value: unknown = JSON.parse(element.textContent ?? '');
    return typeof value === 'object' && value !== null && 'websiteId' in value ? (value as CustomHostBootstrap) : null;
  } catch {
    return null;
  }
}
