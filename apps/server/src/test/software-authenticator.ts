import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/*
 * A passkey authenticator in software, for the server's tests of the WebAuthn ceremonies
 * (decision 078): it answers navigator.credentials.create() and get() as a platform
 * authenticator would, with a real P-256 key, "none" attestation and the person verified, so
 * the server checks real signatures. Browser journeys use Chromium's virtual authenticator.
 */

type Cbor = number | string | Uint8Array | Map<number | string, Cbor> | { [key: string]: Cbor };

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

/** The little of CBOR (RFC 8949) an attestation needs: integers, byte and text strings, maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([cborHead(5, entries.length), ...entries.flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const flags = { userPresent: 0x01, userVerified: 0x04, backupEligible: 0x08, backedUp: 0x10, attested: 0x40 };

export interface SoftwarePasskey {
  /** base64url, as the browser reports it. */
  credentialId: string;
  /** The user handle the server gave at registration (base64url). */
  userHandle: string;
  rpId: string;
  privateKey: KeyObject;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
}

/** A new passkey for these options, and the browser's JSON answer to send to the server. */
export function createPasskey(
  options: CreationOptions,
  { origin, counter = 0, synced = true }: { origin: string; counter?: number; synced?: boolean },
) {
  const rpId = options.rp.id ?? new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = new Map<number, Cbor>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x!, 'base64url')],
    [-3, Buffer.from(jwk.y!, 'base64url')],
  ]);
  const credentialId = randomBytes(32);
  const counterBytes = Buffer.alloc(4);
  counterBytes.writeUInt32BE(counter);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(credentialId.length);
  const authenticatorFlags =
    flags.userPresent | flags.userVerified | flags.attested | (synced ? flags.backupEligible | flags.backedUp : 0);
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([authenticatorFlags]),
    counterBytes,
    Buffer.alloc(16), // aaguid: none said
    length,
    credentialId,
    cbor(coseKey),
  ]);
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }),
  );
  const passkey: SoftwarePasskey = {
    credentialId: credentialId.toString('base64url'),
    userHandle: options.user.id,
    rpId,
    privateKey,
    counter,
  };
  const response = {
    id: passkey.credentialId,
    rawId: passkey.credentialId,
    type: 'public-key' as const,
    response: {
      clientDataJSON: clientDataJSON.toString('base64url'),
      attestationObject: cbor({ fmt: 'none', attStmt: {}, authData }).toString('base64url'),
      transports: ['internal'],
    },
    authenticatorAttachment: 'platform' as const,
    clientExtensionResults: {},
  };
  return { passkey, response };
}

/** The browser's JSON answer to a sign-in challenge, signed by this passkey (its counter moves on unless told). */
export function signWithPasskey(
  passkey: SoftwarePasskey,
  options: RequestOptions,
  { origin, counter }: { origin: string; counter?: number },
) {
  passkey.counter = counter ?? (passkey.counter === 0 ? 0 : passkey.counter + 1);
  const counterBytes = Buffer.alloc(4);
  counterBytes.writeUInt32BE(passkey.counter);
  const authData = Buffer.concat([
    sha256(options.rpId ?? passkey.rpId),
    Buffer.from([flags.userPresent | flags.userVerified]),
    counterBytes,
  ]);
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }),
  );
  const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey);
  return {
    id: passkey.credentialId,
    rawId: passkey.credentialId,
    type: 'public-key' as const,
    response: {
      clientDataJSON: clientDataJSON.toString('base64url'),
      authenticatorData: authData.toString('base64url'),
      signature: signature.toString('base64url'),
      userHandle: passkey.userHandle,
    },
    authenticatorAttachment: 'platform' as const,
    clientExtensionResults: {},
  };
}
