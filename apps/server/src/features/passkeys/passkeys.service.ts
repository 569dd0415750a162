import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { adminMessages } from '@huddle/shared/admin';
import { passkeyChallengeSeconds, passkeyMessages, passkeysPerAccount } from '@huddle/shared/passkey-messages';
import type { AddPasskeyBody, PasskeyReply, PasskeySignInBody } from '@huddle/shared/passkeys';
import { displayNameFallback } from '@huddle/shared/limits';
import { APIError } from 'better-auth/api';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { passkeySignInRefusedCode, type Auth } from '../../lib/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { findUserRecord, toCurrentUser, type SessionChange } from '../accounts/accounts.service.ts';
import {
  deletePasskey,
  findPasskeyByCredentialId,
  insertChallenge,
  insertPasskey,
  listPasskeysOfUser,
  recordPasskeyUse,
  renamePasskey as renamePasskeyRow,
  takeChallenge,
} from './passkeys.repository.ts';
import type { PasskeyRow } from './passkeys.schema.ts';

/**
 * Who passkeys are made for (WebAuthn's relying party): Huddle's own host, from PUBLIC_ORIGIN.
 * A passkey is bound by the browser to this RP ID, so a custom domain (decision 038) can neither
 * make one nor use one; its sign-in hops to Huddle's origin as before. The origins an answer may
 * come from are PUBLIC_ORIGIN's and those of CORS_ORIGINS on the same host (the Vite dev server
 * on another port of localhost).
 */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

export function relyingPartyFor(config: Pick<Config, 'publicOrigin' | 'corsOrigins'>): RelyingParty {
  const id = new URL(config.publicOrigin).hostname;
  const sameHost = config.corsOrigins.map((origin) => new URL(origin)).filter((url) => url.hostname === id);
  return { id, name: 'Huddle', origins: [config.publicOrigin, ...sameHost.map((url) => url.origin)] };
}

/** The ceremonies answer on Huddle's own host only: anywhere else the browser would refuse them anyway. */
export function requireOwnHost(rp: RelyingParty, hostname: string): void {
  if (hostname !== rp.id) throw new AppError('NOT_FOUND', passkeyMessages.ownHostOnly);
}

export interface PasskeyDeps {
  db: Database;
  auth: Auth;
  clock: Clock;
  rp: RelyingParty;
}

const hashOf = (challengeId: string) => createHash('sha256').update(challengeId).digest('hex');

/** A new ceremony's id (what the browser holds) and its expiry; only the id's hash is stored. */
function newChallengeId(now: Date) {
  const id = randomBytes(32).toString('base64url');
  return { id, idHash: hashOf(id), expiresAt: new Date(now.getTime() + passkeyChallengeSeconds * 1000) };
}

/** The WebAuthn user handle: the account's id, which names nobody (a UUID). */
const userHandleOf = (userId: string) => new TextEncoder().encode(userId);

export function toPasskeyReply(row: PasskeyRow): PasskeyReply {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
  };
}

export async function listPasskeys(db: Database, { actorId }: { actorId: string }): Promise<PasskeyReply[]> {
  return (await listPasskeysOfUser(db, actorId)).map(toPasskeyReply);
}

/**
 * Starts adding a passkey. Only for a verified email (else whoever signed up with a stranger's
 * address would keep a way in after its owner resets the password) and a recent sign-in (Better
 * Auth's freshAge: a stolen session cookie must not become a lasting key).
 */
export async function startPasskeyRegistration(
  { db, auth, clock, rp }: PasskeyDeps,
  { actorId, sessionCreatedAt }: { actorId: string; sessionCreatedAt: Date },
) {
  const user = await findUserRecord(db, actorId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  if (!user.emailVerified) throw new AppError('FORBIDDEN', passkeyMessages.emailNotVerified);
  const now = clock.now();
  const { freshAge } = (await auth.$context).sessionConfig;
  if (freshAge !== 0 && now.getTime() - sessionCreatedAt.getTime() >= freshAge * 1000)
    throw new AppError('FORBIDDEN', passkeyMessages.signInAgain);
  const existing = await listPasskeysOfUser(db, actorId);
  if (existing.length >= passkeysPerAccount) throw new AppError('CONFLICT', passkeyMessages.tooMany);

  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: userHandleOf(user.id),
    userName: user.email,
    userDisplayName: user.name.trim() || displayNameFallback,
    timeout: passkeyChallengeSeconds * 1000,
    attestationType: 'none',
    // The authenticator says when it already holds one of the account's passkeys.
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.transports as AuthenticatorTransportFuture[],
    })),
    // Discoverable, so it signs in without an email typed first (and offers itself in autofill);
    // verified by the person (PIN, fingerprint, face): the passkey is the whole sign-in.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const challenge = newChallengeId(now);
  await insertChallenge(
    db,
    {
      idHash: challenge.idHash,
      kind: 'registration',
      challenge: options.challenge,
      userId: actorId,
      expiresAt: challenge.expiresAt,
    },
    now,
  );
  return { challengeId: challenge.id, options };
}

/** Finishes adding a passkey: the answer must be to this person's own challenge, once. */
export async function addPasskey(
  { db, clock, rp }: Pick<PasskeyDeps, 'db' | 'clock' | 'rp'>,
  { actorId, body }: { actorId: string; body: AddPasskeyBody },
): Promise<PasskeyReply> {
  const row = await takeChallenge(db, { idHash: hashOf(body.challengeId), kind: 'registration', now: clock.now() });
  if (!row || row.userId !== actorId) throw new AppError('INVALID_TOKEN', passkeyMessages.challengeExpired);

  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: body.response as RegistrationResponseJSON,
      expectedChallenge: row.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    throw new AppError('VALIDATION_FAILED', passkeyMessages.notVerified);
  }
  if (!verification.verified) throw new AppError('VALIDATION_FAILED', passkeyMessages.notVerified);
  const { credential, credentialDeviceType, credentialBackedUp, aaguid } = verification.registrationInfo;

  const added = await insertPasskey(
    db,
    {
      id: randomUUID(),
      userId: actorId,
      name: body.name,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: body.response.response.transports ?? credential.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      aaguid,
    },
    passkeysPerAccount,
  );
  if (added === 'taken') throw new AppError('CONFLICT', passkeyMessages.alreadyAdded);
  if (added === 'too-many') throw new AppError('CONFLICT', passkeyMessages.tooMany);
  return toPasskeyReply(added);
}

export async function renamePasskey(
  db: Database,
  { actorId, passkeyId, name }: { actorId: string; passkeyId: string; name: string },
): Promise<PasskeyReply> {
  // Another person's passkey reads as none: its id tells nobody anything.
  const row = await renamePasskeyRow(db, { id: passkeyId, userId: actorId, name });
  if (!row) throw new AppError('NOT_FOUND', passkeyMessages.notFound);
  return toPasskeyReply(row);
}

/** Removes the row, which is what stops the passkey signing in (the authenticator keeps its half). */
export async function removePasskey(db: Database, { actorId, passkeyId }: { actorId: string; passkeyId: string }) {
  if (!(await deletePasskey(db, { id: passkeyId, userId: actorId })))
    throw new AppError('NOT_FOUND', passkeyMessages.notFound);
}

/**
 * Starts signing in with a passkey. No email first: the browser offers the person's passkeys for
 * Huddle (a list, or autofill in the email field), so the challenge names no account.
 */
export async function startPasskeySignIn({ db, clock, rp }: Pick<PasskeyDeps, 'db' | 'clock' | 'rp'>) {
  const now = clock.now();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: passkeyChallengeSeconds * 1000,
  });
  const challenge = newChallengeId(now);
  await insertChallenge(
    db,
    {
      idHash: challenge.idHash,
      kind: 'authentication',
      challenge: options.challenge,
      userId: null,
      expiresAt: challenge.expiresAt,
    },
    now,
  );
  return { challengeId: challenge.id, options };
}

const unknownPasskey = () => new AppError('INVALID_CREDENTIALS', passkeyMessages.unknownPasskey);

/**
 * Signs in with the browser's answer: the challenge is taken out once, the passkey must still be
 * Huddle's (a removed one is not), the signature must hold for its public key, and Better Auth
 * makes the session (its hook refuses a disabled account).
 */
export async function signInWithPasskey(
  { db, auth, clock, rp }: PasskeyDeps,
  { body, headers }: { body: PasskeySignInBody; headers: Headers },
): Promise<SessionChange> {
  const now = clock.now();
  const challenge = await takeChallenge(db, { idHash: hashOf(body.challengeId), kind: 'authentication', now });
  if (!challenge) throw new AppError('INVALID_TOKEN', passkeyMessages.challengeExpired);
  const passkey = await findPasskeyByCredentialId(db, body.response.id);
  if (!passkey) throw unknownPasskey();
  // The authenticator names the account it made the passkey for; it must be the passkey's.
  const userHandle = body.response.response.userHandle;
  if (userHandle !== undefined && Buffer.from(userHandle, 'base64url').toString('utf8') !== passkey.userId)
    throw unknownPasskey();

  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: body.response as AuthenticationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransportFuture[],
      },
      requireUserVerification: true,
    });
  } catch {
    throw new AppError('INVALID_CREDENTIALS', passkeyMessages.notVerified);
  }
  if (!verification.verified) throw new AppError('INVALID_CREDENTIALS', passkeyMessages.notVerified);

  const user = await findUserRecord(db, passkey.userId);
  if (!user) throw unknownPasskey();
  // Said only after the signature held, so only the passkey's holder learns the account's state.
  if (user.disabledAt) throw new AppError('FORBIDDEN', adminMessages.disabledSignIn);
  // Removed meanwhile, or another sign-in moved its counter past this one: no session.
  if (!(await recordPasskeyUse(db, { id: passkey.id, counter: verification.authenticationInfo.newCounter, at: now })))
    throw unknownPasskey();
  try {
    const result = await auth.api.createPasskeySession({ body: { userId: user.id }, headers, returnHeaders: true });
    return { setCookies: result.headers.getSetCookie(), user: toCurrentUser(user) };
  } catch (error) {
    if (error instanceof APIError && error.body?.code === passkeySignInRefusedCode)
      throw new AppError('FORBIDDEN', adminMessages.disabledSignIn);
    throw error;
  }
}
