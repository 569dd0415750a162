import { displayNameLength, emailMaxLength, passwordLength } from './limits.ts';

/*
 * The rules and messages of the account fields, without zod. The server's zod schemas
 * (users.ts, accounts.ts) take their messages from here and remain the rule that counts;
 * the sign-in pages check with these functions so they load no zod (decision 023), and
 * account-fields.test.ts holds both to the same first message for every field.
 */

export const accountFieldMessages = {
  emailInvalid: 'Enter a valid email address.',
  emailTooLong: `Email must be at most ${emailMaxLength} characters.`,
  signInPasswordMissing: 'Enter your password.',
  passwordTooShort: `Password must be at least ${passwordLength.min} characters.`,
  passwordTooLong: `Password must be at most ${passwordLength.max} characters.`,
  passwordTooCommon:
    'This password is too common or too simple to keep your account safe. A few words you will remember work well.',
  passwordIsEmail: 'Password cannot be your email address.',
  passwordsDiffer: 'The two passwords do not match.',
  displayNameTooShort: `Display name must be at least ${displayNameLength.min} characters.`,
  displayNameTooLong: `Display name must be at most ${displayNameLength.max} characters.`,
  displayNameHasLink: 'Display name cannot contain a link.',
  displayNameNoLetter: 'Display name needs at least one letter or number.',
} as const;

/** zod 4's own email pattern (z.regexes.email), so both sides accept the same addresses. */
export const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** A web address or a bare domain: display names are not for advertising. */
export const linkPattern = /(https?:\/\/|www\.|\b[a-z0-9-]+\.(com|net|org|io|co|app|dev|xyz|info|me)\b)/i;

/** Runs of keys or symbols people type as a "password"; a password inside one, either way round, is trivial. */
const trivialRuns = ['abcdefghijklmnopqrstuvwxyz', '01234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/**
 * Passwords guessed without any list: only spaces, two or fewer different characters
 * ("aaaaaaaa", "12121212"), one short piece repeated ("abcabcabc"), or a run such as
 * "12345678", "hgfedcba" or "qwertyui". The server also refuses the common-password list,
 * too large for the browser (OWASP ASVS 2.1.7).
 */
export function isTrivialPassword(value: string): boolean {
  const lower = value.toLowerCase();
  if (lower.trim() === '') return true;
  if (new Set(lower).size <= 2) return true;
  if (/^(.+?)\1+$/su.test(lower)) return true;
  return trivialRuns.some((run) => run.includes(lower) || [...run].reverse().join('').includes(lower));
}

/**
 * The account's own email as its password: the first thing anyone who knows the address tries.
 * Compared as people type it, whatever the case and the spaces around.
 */
export function isEmailAsPassword(password: string, email: string): boolean {
  return password.trim().toLowerCase() === email.trim().toLowerCase();
}

/** The first problem with an email address, or null. */
export function emailProblem(value: string): string | null {
  const email = value.trim().toLowerCase();
  if (email.length > emailMaxLength) return accountFieldMessages.emailTooLong;
  return emailPattern.test(email) ? null : accountFieldMessages.emailInvalid;
}

/** The first problem with a new password (sign-up, reset; the account's email when known), or null. */
export function newPasswordProblem(value: string, email?: string): string | null {
  if (value.length < passwordLength.min) return accountFieldMessages.passwordTooShort;
  if (value.length > passwordLength.max) return accountFieldMessages.passwordTooLong;
  if (isTrivialPassword(value)) return accountFieldMessages.passwordTooCommon;
  return email !== undefined && isEmailAsPassword(value, email) ? accountFieldMessages.passwordIsEmail : null;
}

/** The first problem with a display name, or null. */
export function displayNameProblem(value: string): string | null {
  const name = value.trim();
  if (name.length < displayNameLength.min) return accountFieldMessages.displayNameTooShort;
  if (name.length > displayNameLength.max) return accountFieldMessages.displayNameTooLong;
  if (linkPattern.test(name)) return accountFieldMessages.displayNameHasLink;
  return /[\p{L}\p{N}]/u.test(name) ? null : accountFieldMessages.displayNameNoLetter;
}

/** Only the fields with a problem, in the shape @mantine/form's validate returns. */
function problems(entries: Record<string, string | null>): Record<string, string> {
  return Object.fromEntries(Object.entries(entries).filter((entry): entry is [string, string] => entry[1] !== null));
}

export function signInProblems({ email, password }: { email: string; password: string }) {
  return problems({
    email: emailProblem(email),
    password:
      password.length === 0
        ? accountFieldMessages.signInPasswordMissing
        : password.length > passwordLength.max
          ? accountFieldMessages.passwordTooLong
          : null,
  });
}

export function signUpProblems({ name, email, password }: { name: string; email: string; password: string }) {
  return problems({
    name: displayNameProblem(name),
    email: emailProblem(email),
    password: newPasswordProblem(password, email),
  });
}

export function forgotPasswordProblems({ email }: { email: string }) {
  return problems({ email: emailProblem(email) });
}

export function resetPasswordProblems({ password, confirmPassword }: { password: string; confirmPassword: string }) {
  return problems({
    password: newPasswordProblem(password),
    confirmPassword: password === confirmPassword ? null : accountFieldMessages.passwordsDiffer,
  });
}
