import type { ForgotPasswordBody, ResetPasswordBody, SignInBody, SignUpBody } from '@huddle/shared/accounts';
import { randomUUID } from 'node:crypto';
import { signInErrorMessages, unverifiedSignInMessage } from '@huddle/shared/account-messages';
import { accountFieldMessages } from '@huddle/shared/account-fields';
import { adminMessages } from '@huddle/shared/admin';
import { defaultPhotoPath, displayNameFallback } from '@huddle/shared/limits';
import { unitForCountry, usCityCountry, type DistanceUnit } from '@huddle/shared/distance';
import type { CurrentUser } from '@huddle/shared/users';
import { APIError } from 'better-auth/api';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { passwordIsEmailCode, passwordTooCommonCode, type Auth, type SessionMethod } from '../../lib/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { verifyPassword } from '../../lib/password-hashing.ts';
import type { RealtimeHub } from '../../lib/realtime-hub.ts';
import { markSessionOffline } from '../presence/presence.service.ts';
import {
  claimPasswordSetupMail,
  deleteGuest,
  findGuestByEmail,
  findGuestById,
  findUserByEmail,
  findPasswordHash,
  findUserById,
  hasPassword,
  insertGuest,
  moveGuestToUser,
  type GuestRow,
  type UserRow,
} from './accounts.repository.ts';

export interface AccountsDeps {
  db: Database;
  auth: Auth;
  realtime: RealtimeHub;
  clock: Clock;
}

/** What a sign-in or sign-out hands back to the route: cookies to set, and who is now signed in. */
export interface SessionChange {
  setCookies: string[];
  user: CurrentUser | null;
}

/**
 * The person's choice, else their city's country's default. Cities are US cities only (spec §5:
 * the picker is restricted to them), so a city means the US; no city and no choice is null.
 */
function distanceUnitOf(row: UserRow): DistanceUnit | null {
  if (row.distanceUnit === 'mi' || row.distanceUnit === 'km') return row.distanceUnit;
  return row.defaultCityName ? unitForCountry(usCityCountry) : null;
}

export function toCurrentUser(row: UserRow): CurrentUser {
  const name = row.name.trim();
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerified,
    displayName: name || displayNameFallback,
    displayNameFallback: !name,
    photoURL: row.image || defaultPhotoPath,
    hasAdditionalInfo: row.hasAdditionalInfo,
    fullName: row.fullName,
    bio: row.bio,
    pronouns: row.pronouns as CurrentUser['pronouns'],
    gender: row.gender as CurrentUser['gender'],
    joinReason: row.joinReason as CurrentUser['joinReason'],
    selfRatedLevel: row.selfRatedLevel,
    games: row.games,
    defaultCity:
      row.defaultCityName && row.defaultCityLat !== null && row.defaultCityLng !== null
        ? { name: row.defaultCityName, lat: row.defaultCityLat, lng: row.defaultCityLng }
        : null,
    feedbackSubmitted: row.feedbackSubmitted,
    subscription: row.subscription,
    notificationSettings: row.notificationSettings,
    notificationSettingsSaved: row.notificationSettingsSavedAt !== null,
    privacy: {
      messagesFromAnyone: row.messagesFromAnyone,
      publicBadges: row.publicBadges,
      publicOnlineStatus: row.publicOnlineStatus,
      publicUpcomingGames: row.publicUpcomingGames,
    },
    distanceUnit: distanceUnitOf(row),
    usageAnalytics: row.usageAnalytics,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The raw user row, for features that apply their own visibility rules (profiles). */
export async function findUserRecord(db: Database, userId: string): Promise<UserRow | undefined> {
  return findUserById(db, userId);
}

/** The account holding this email, for features that must not tell anyone whether one exists. */
export async function findUserRecordByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return findUserByEmail(db, email);
}

export async function getCurrentUser(db: Database, userId: string): Promise<CurrentUser> {
  const row = await findUserById(db, userId);
  // Spec §5: a session whose user record is gone reads as 'User not found'.
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return toCurrentUser(row);
}

async function currentUserByEmail(db: Database, email: string): Promise<CurrentUser> {
  const row = await findUserByEmail(db, email);
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return toCurrentUser(row);
}

const refusedPasswordMessages: Record<string, string> = {
  [passwordTooCommonCode]: accountFieldMessages.passwordTooCommon,
  [passwordIsEmailCode]: accountFieldMessages.passwordIsEmail,
};

/** Better Auth refused the new password (lib/auth.ts): the refusal to show beside the field, else undefined. */
function refusedPassword(error: unknown): AppError | undefined {
  const code = error instanceof APIError ? error.body?.code : undefined;
  const message = code === undefined ? undefined : refusedPasswordMessages[code];
  return message === undefined ? undefined : new AppError('VALIDATION_FAILED', message, { password: [message] });
}

const emailTaken = () =>
  new AppError('CONFLICT', 'An account with this email already exists. Sign in instead.', {
    email: ['An account with this email already exists.'],
  });

export async function signUp(
  { db, auth }: AccountsDeps,
  { body, headers }: { body: SignUpBody; headers: Headers },
): Promise<SessionChange> {
  if (await findUserByEmail(db, body.email)) throw emailTaken();
  try {
    const result = await auth.api.signUpEmail({ body, headers, returnHeaders: true });
    return { setCookies: result.headers.getSetCookie(), user: await currentUserByEmail(db, body.email) };
  } catch (error) {
    const refused = refusedPassword(error);
    if (refused) throw refused;
    // Simultaneous sign-ups with one email pass the check above together; the unique
    // index lets one insert win, and the others fail here.
    if (await findUserByEmail(db, body.email)) throw emailTaken();
    throw error;
  }
}

/** How often a password sign-in to an account without a password may mail a link to set one. */
export const passwordSetupMailIntervalMs = 60 * 60 * 1000;

/**
 * Whether a new session may start for this account (lib/auth.ts asks for every sign-in method):
 * never for a disabled one (issue 17); by password only once the email is verified (spec §8,
 * "unverified email gives NoPasswordSet"; decision 062). The session sign-up makes passes: the
 * person is in the app at once and confirms from there (spec §5, verify-email).
 */
export async function maySignIn(db: Database, { userId, method }: { userId: string; method: SessionMethod }) {
  const row = await findUserById(db, userId);
  if (!row || row.disabledAt !== null) return false;
  return method !== 'password' || row.emailVerified;
}

const emailNotVerified = () => new AppError('EMAIL_NOT_VERIFIED', unverifiedSignInMessage.title);

export async function signIn(
  { db, auth, clock }: AccountsDeps,
  { body, headers }: { body: SignInBody; headers: Headers },
): Promise<SessionChange> {
  const user = await findUserByEmail(db, body.email);
  if (!user) throw new AppError('EMAIL_NOT_FOUND', signInErrorMessages.EmailNotFound);
  // Spec §5: an account without a password gets a reset mail to set one, and an error. The
  // error every time; the mail at most hourly, or every wrong guess would mail the owner.
  if (!(await hasPassword(db, user.id))) {
    const now = clock.now();
    const notAfter = new Date(now.getTime() - passwordSetupMailIntervalMs);
    if (await claimPasswordSetupMail(db, { userId: user.id, now, notAfter })) {
      await auth.api.requestPasswordReset({ body: { email: user.email } });
    }
    throw new AppError('NO_PASSWORD_SET', signInErrorMessages.NoPasswordSet);
  }
  try {
    const result = await auth.api.signInEmail({ body, headers, returnHeaders: true });
    return { setCookies: result.headers.getSetCookie(), user: toCurrentUser(user) };
  } catch (error) {
    // The password was right and lib/auth.ts's session hook (maySignIn) refused: an admin disabled
    // the account, or its email waits for verification. Said only after the password check, so
    // the message tells no stranger the account's state.
    if (error instanceof APIError && error.body?.code === 'FAILED_TO_CREATE_SESSION') {
      if (user.disabledAt) throw new AppError('FORBIDDEN', adminMessages.disabledSignIn);
      if (!user.emailVerified) throw emailNotVerified();
    }
    if (error instanceof APIError && error.statusCode === 401) {
      throw new AppError('INVALID_CREDENTIALS', signInErrorMessages.InvalidUser);
    }
    throw error;
  }
}

/** Ends the session; spec §4: offline on logout (that session's tabs; other devices stay signed in). */
export async function signOut(
  { db, auth, realtime }: Pick<AccountsDeps, 'db' | 'auth' | 'realtime'>,
  headers: Headers,
): Promise<SessionChange> {
  const session = await auth.api.getSession({ headers });
  const result = await auth.api.signOut({ headers, returnHeaders: true });
  if (session) {
    await markSessionOffline(db, session.session.id);
    realtime.closeSession(session.session.id, 'signed out');
  }
  return { setCookies: result.headers.getSetCookie(), user: null };
}

/** Always answers the same way, whether or not the email has an account. */
export async function requestPasswordReset({ auth }: Pick<AccountsDeps, 'auth'>, body: ForgotPasswordBody) {
  await auth.api.requestPasswordReset({ body: { email: body.email } });
}

export async function resetPassword({ auth }: Pick<AccountsDeps, 'auth'>, body: ResetPasswordBody) {
  try {
    await auth.api.resetPassword({ body: { token: body.token, newPassword: body.password } });
  } catch (error) {
    // Checked before the token is used: the person keeps the link and picks another password.
    const refused = refusedPassword(error);
    if (refused) throw refused;
    if (error instanceof APIError && error.statusCode === 400) {
      throw new AppError('INVALID_TOKEN', 'This reset link has expired or was already used. Ask for a new one.');
    }
    throw error;
  }
}

/** Confirms the email from the mailed link; the page then reloads the user (spec §4). */
export async function verifyEmail({ auth }: Pick<AccountsDeps, 'auth'>, token: string): Promise<void> {
  try {
    await auth.api.verifyEmail({ query: { token } });
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) {
      throw new AppError('INVALID_TOKEN', 'This verification link has expired or is not valid. Ask for a new one.');
    }
    throw error;
  }
}

export async function resendVerification({ db, auth }: AccountsDeps, { actorId }: { actorId: string }) {
  const user = await getCurrentUser(db, actorId);
  if (user.emailVerified) throw new AppError('CONFLICT', 'Your email is already verified.');
  await auth.api.sendVerificationEmail({ body: { email: user.email } });
}

/**
 * The sign-in form's "Resend verification email" after an unverified email's refusal (decision
 * 062). It takes the same email and password, so only the account's holder can have links
 * mailed to its address, and it answers nothing sign-in would not. Rate limited like sign-in.
 */
export async function resendVerificationAtSignIn({ db, auth }: Pick<AccountsDeps, 'db' | 'auth'>, body: SignInBody) {
  const user = await findUserByEmail(db, body.email);
  if (!user) throw new AppError('EMAIL_NOT_FOUND', signInErrorMessages.EmailNotFound);
  const hash = await findPasswordHash(db, user.id);
  if (!hash || !(await verifyPassword({ hash, password: body.password }))) {
    throw new AppError('INVALID_CREDENTIALS', signInErrorMessages.InvalidUser);
  }
  if (user.emailVerified) throw new AppError('CONFLICT', 'Your email is already verified. Sign in.');
  await auth.api.sendVerificationEmail({ body: { email: user.email } });
}

/** Guests (spec §1): kept by email so a later sign-up can claim them. */
export async function createGuest(db: Database, { name, email }: { name: string; email: string }): Promise<GuestRow> {
  const account = await findUserByEmail(db, email);
  if (account) throw new AppError('CONFLICT', 'An account with this email already exists. Sign in instead.');
  return insertGuest(db, { id: randomUUID(), name, email });
}

export async function getGuest(db: Database, guestId: string): Promise<GuestRow> {
  const guest = await findGuestById(db, guestId);
  if (!guest) throw new AppError('NOT_FOUND', 'User not found');
  return guest;
}

export async function removeGuest(db: Database, guestId: string): Promise<void> {
  await deleteGuest(db, guestId);
}

/**
 * Spec §5: an account takes over the guest with its email (see moveGuestToUser), but only once
 * the email is proven: anyone can sign up with someone else's address, and the guest's spots
 * and registrations must not go to them. Runs when the email is verified; idempotent.
 */
export async function claimGuestForVerifiedUser(
  db: Database,
  { email, userId }: { email: string; userId: string },
): Promise<void> {
  const guest = await findGuestByEmail(db, email);
  if (guest) await moveGuestToUser(db, guest.id, userId);
}

/**
 * Starts a social sign-in: Better Auth sets a state cookie and returns the provider's
 * address. The provider sends the person back to /api/auth/callback/:provider.
 */
export async function startSocialSignIn(
  { auth }: Pick<AccountsDeps, 'auth'>,
  {
    provider,
    returnTo,
    publicOrigin,
    enabledProviders,
    headers,
  }: {
    provider: string;
    returnTo: string | undefined;
    publicOrigin: string;
    enabledProviders: string[];
    headers: Headers;
  },
): Promise<{ url: string; setCookies: string[] }> {
  if (!enabledProviders.includes(provider)) throw new AppError('NOT_FOUND', 'This sign-in method is not available.');
  const result = await auth.api.signInSocial({
    body: {
      provider,
      callbackURL: `${publicOrigin}${returnTo ?? '/home'}`,
      errorCallbackURL: `${publicOrigin}/auth/login`,
    },
    headers,
    returnHeaders: true,
  });
  if (!result.response.url) throw new AppError('INTERNAL');
  return { url: result.response.url, setCookies: result.headers.getSetCookie() };
}
