/*
 * What passkeys say (issue 34, part 3; decision 078), without zod: the sign-in page is an entry
 * of its own that loads no schema library (decision 023). The endpoint schemas are in passkeys.ts.
 */

/** The longest name a passkey may have, in characters. */
export const passkeyNameMaxLength = 50;
/** How many passkeys one account may hold. */
export const passkeysPerAccount = 20;
/** How long a ceremony's challenge works, in seconds: the browser's prompt waits as long. */
export const passkeyChallengeSeconds = 5 * 60;

export const passkeyMessages = {
  nameMissing: 'Give the passkey a name.',
  nameTooLong: `Use ${passkeyNameMaxLength} characters or fewer.`,
  added: 'Passkey added. Next time, sign in with it.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed. It can no longer sign in to Huddle.',
  tooMany: `You have ${passkeysPerAccount} passkeys, the most an account can hold. Remove one first.`,
  alreadyAdded: 'This passkey is already on your account.',
  /** Adding one needs a verified email: else a stranger's address could keep a way in for good. */
  emailNotVerified: 'Verify your email before adding a passkey.',
  /** Adding one needs a recent sign-in (Better Auth's "fresh" session, one day). */
  signInAgain: 'For your security, sign in again before adding a passkey. It takes a moment.',
  challengeExpired: 'That took too long. Please try again.',
  notVerified: 'We could not check that passkey. Please try again.',
  /** Signing in with a passkey Huddle does not hold: removed, or made for another site. */
  unknownPasskey:
    'This passkey is not on any Huddle account. It may have been removed: sign in another way, then add a new one in Settings.',
  cancelled: 'The passkey prompt was closed before it finished.',
  /** InvalidStateError at registration: the authenticator already holds one of the account's passkeys. */
  alreadyOnDevice: 'This device already holds a passkey for your account.',
  unsupported: 'This browser cannot use passkeys. Sign in with your email and password instead.',
  ownHostOnly: 'Passkeys work on Huddle’s own address only.',
  notFound: 'We could not find that passkey.',
} as const;

/**
 * A name to start from when adding a passkey, from what the browser says it runs on
 * ("Passkey on Mac"); the person can change it before saving.
 */
export function suggestedPasskeyName(userAgent: string): string {
  const platforms: [RegExp, string][] = [
    [/iPhone/i, 'iPhone'],
    [/iPad/i, 'iPad'],
    [/Android/i, 'Android'],
    [/CrOS/i, 'Chromebook'],
    [/Mac OS X|Macintosh/i, 'Mac'],
    [/Windows/i, 'Windows'],
    [/Linux/i, 'Linux'],
  ];
  const platform = platforms.find(([pattern]) => pattern.test(userAgent))?.[1];
  return platform ? `Passkey on ${platform}` : 'My passkey';
}
