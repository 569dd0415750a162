/**
 * Where to go after signing in, taken from ?returnTo=. Only a path on this site is
 * accepted: it starts with one "/", and holds no backslash or control character
 * (browsers read "/\evil.example" and "/\t/evil.example" as "//evil.example").
 * Anything else is dropped, so a crafted link cannot send a person elsewhere.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  if ([...value].some((char) => char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  // Returning to a sign-in page after signing in would only bounce.
  if (value === '/auth' || value.startsWith('/auth/') || value.startsWith('/auth?')) return null;
  return value;
}
