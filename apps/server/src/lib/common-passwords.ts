import { isTrivialPassword } from '@huddle/shared/account-fields';
import { passwordLength } from '@huddle/shared/limits';

/**
 * zxcvbn's list of the most common passwords (about 49,000, from leaked password sets), in
 * lower case, as @zxcvbn-ts/language-common ships it. Only those long enough to pass the
 * length rule are kept. Loaded on first use: building it takes a moment that start-up and
 * most test files need not pay.
 */
let commonPasswords: Promise<Set<string>> | undefined;

function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(
        dictionary['passwords-common']
          .filter((entry) => entry.length >= passwordLength.min)
          .map((entry) => entry.toLowerCase()),
      ),
  );
  return commonPasswords;
}

/** True for a password on the list, whatever its case or spaces ("Pass Word" is "password"). */
export async function isCommonPassword(password: string): Promise<boolean> {
  const list = await loadCommonPasswords();
  const lower = password.toLowerCase();
  return list.has(lower) || list.has(lower.replace(/\s+/g, ''));
}

/**
 * OWASP ASVS 2.1.7: a new password (sign-up, reset, change) is refused when it is trivial (the
 * shared rule the forms also apply) or on the common-password list (here only: too large for
 * the browser).
 */
export async function isGuessablePassword(password: string): Promise<boolean> {
  return isTrivialPassword(password) || (await isCommonPassword(password));
}
