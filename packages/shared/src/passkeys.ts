import { z } from 'zod';
import { okReply, sessionReply } from './accounts.ts';
import { authApiPaths } from './auth-pages.ts';
import { defineEndpoint } from './endpoint.ts';
import { passkeyMessages, passkeyNameMaxLength } from './passkey-messages.ts';

/*
 * Passkeys (issue 34, part 3; decision 078): WebAuthn credentials that sign a person in without a
 * password. The options and the browser's answers are WebAuthn's own JSON forms (base64url
 * strings), as @simplewebauthn/browser and PublicKeyCredential.toJSON() write them.
 */

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Must be base64url.');

export const passkeyName = z
  .string({ error: passkeyMessages.nameMissing })
  .trim()
  .min(1, passkeyMessages.nameMissing)
  .max(passkeyNameMaxLength, passkeyMessages.nameTooLong);

const transports = z.array(z.string().max(20)).max(10);

/** What the client extensions answered (only these are read; others are dropped). */
const clientExtensionResults = z
  .object({
    appid: z.boolean().optional(),
    credProps: z.object({ rk: z.boolean().optional() }).optional(),
    hmacCreateSecret: z.boolean().optional(),
  })
  .default({});

/** A ceremony's id: the server keeps its challenge under it, for one use, a few minutes. */
const challengeId = z.string().min(1).max(100);

/** What navigator.credentials.create() answered, as JSON (RegistrationResponseJSON). */
export const registrationResponse = z.object({
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(65536),
    authenticatorData: base64url(65536).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().optional(),
    publicKey: base64url(8192).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});

/** What navigator.credentials.get() answered, as JSON (AuthenticationResponseJSON). */
export const authenticationResponse = z.object({
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(8192),
    signature: base64url(2048),
    userHandle: base64url(1024).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});

const credentialDescriptor = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).optional(),
});

/** The client extensions asked for (simplewebauthn asks for credProps at registration). */
const extensions = z
  .object({
    appid: z.string().optional(),
    credProps: z.boolean().optional(),
    hmacCreateSecret: z.boolean().optional(),
    minPinLength: z.boolean().optional(),
  })
  .optional();
const hints = z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional();
const userVerification = z.enum(['discouraged', 'preferred', 'required']).optional();

/** PublicKeyCredentialCreationOptionsJSON: what the browser's create() is given. */
export const registrationOptions = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification,
    })
    .optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions,
  hints,
});

/** PublicKeyCredentialRequestOptionsJSON: what the browser's get() is given. */
export const authenticationOptions = z.object({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification,
  extensions,
  hints,
});

export const passkeyRegistrationOptionsReply = z
  .object({ challengeId, options: registrationOptions })
  .meta({ id: 'PasskeyRegistrationOptions' });
export const passkeyAuthenticationOptionsReply = z
  .object({ challengeId, options: authenticationOptions })
  .meta({ id: 'PasskeyAuthenticationOptions' });

export const addPasskeyBody = z.strictObject({ challengeId, name: passkeyName, response: registrationResponse });
export type AddPasskeyBody = z.infer<typeof addPasskeyBody>;
export const passkeySignInBody = z.strictObject({ challengeId, response: authenticationResponse });
export type PasskeySignInBody = z.infer<typeof passkeySignInBody>;
export const renamePasskeyBody = z.strictObject({ name: passkeyName });

export const passkeyReply = z
  .object({
    id: z.string(),
    name: z.string(),
    createdAt: z.iso.datetime(),
    /** Null until it first signs in. */
    lastUsedAt: z.iso.datetime().nullable(),
    /** Synced by its provider (iCloud Keychain, Google Password Manager): it follows the person to new devices. */
    backedUp: z.boolean(),
  })
  .meta({ id: 'Passkey' });
export type PasskeyReply = z.infer<typeof passkeyReply>;
export const passkeyListReply = z.object({ passkeys: z.array(passkeyReply) }).meta({ id: 'PasskeyList' });

export const passkeyParams = z.object({ passkeyId: z.string().min(1).max(100) });

const tags = ['passkeys'] as const;

export const passkeyEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/me/passkeys',
    summary: "The signed-in person's passkeys, newest first",
    tags,
    reply: passkeyListReply,
  }),
  registrationOptions: defineEndpoint({
    method: 'POST',
    path: '/api/me/passkeys/options',
    summary: 'Start adding a passkey: the options for navigator.credentials.create() (needs a recent sign-in)',
    tags,
    reply: passkeyRegistrationOptionsReply,
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/api/me/passkeys',
    summary: "Finish adding a passkey with the browser's answer",
    tags,
    body: addPasskeyBody,
    reply: passkeyReply,
    status: 201,
  }),
  rename: defineEndpoint({
    method: 'PATCH',
    path: '/api/me/passkeys/:passkeyId',
    summary: 'Rename one of your passkeys',
    tags,
    params: passkeyParams,
    body: renamePasskeyBody,
    reply: passkeyReply,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/me/passkeys/:passkeyId',
    summary: 'Remove one of your passkeys: it can no longer sign in',
    tags,
    params: passkeyParams,
    reply: okReply,
  }),
  authenticationOptions: defineEndpoint({
    method: 'POST',
    path: authApiPaths.passkeyOptions,
    summary: 'Start signing in with a passkey: the options for navigator.credentials.get()',
    tags,
    reply: passkeyAuthenticationOptionsReply,
  }),
  signIn: defineEndpoint({
    method: 'POST',
    path: authApiPaths.passkeySignIn,
    summary: "Sign in with the browser's answer to a passkey challenge",
    tags,
    body: passkeySignInBody,
    reply: sessionReply,
  }),
} as const;
