/** Every failure the API returns carries one of these codes (STYLE: one error type). */
export const errorCodes = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'EMAIL_NOT_FOUND',
  'INVALID_CREDENTIALS',
  'NO_PASSWORD_SET',
  'EMAIL_NOT_VERIFIED',
  'INVALID_TOKEN',
  'INTERNAL',
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const statusByErrorCode: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  INVALID_TOKEN: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  NO_PASSWORD_SET: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  EMAIL_NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** Field path ("defaultCity.name") to the messages for that field. */
export type FieldErrors = Record<string, string[]>;

/** The one JSON shape of every failed reply (its zod schema, for the server and the OpenAPI document: error-reply.ts). */
export interface ErrorReply {
  error: { code: ErrorCode; message: string; fields?: FieldErrors };
}

/** Reads a failed reply's body by hand, so the browser's sign-in pages need no zod (decision 023). */
export function isErrorReply(value: unknown): value is ErrorReply {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, fields } = error as { code?: unknown; message?: unknown; fields?: unknown };
  if (typeof code !== 'string' || !(errorCodes as readonly string[]).includes(code)) return false;
  if (typeof message !== 'string') return false;
  if (fields === undefined) return true;
  return (
    typeof fields === 'object' &&
    fields !== null &&
    Object.values(fields).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'))
  );
}

export const genericErrorMessages = {
  VALIDATION_FAILED: 'Some fields need your attention.',
  UNAUTHENTICATED: 'Please sign in to continue.',
  FORBIDDEN: 'You are not allowed to do that.',
  NOT_FOUND: 'We could not find what you were looking for.',
  CONFLICT: 'That conflicts with something that already exists.',
  PAYLOAD_TOO_LARGE: 'That request is too large.',
  RATE_LIMITED: 'Too many attempts. Please wait a minute and try again.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
  UNAVAILABLE: 'Huddle is restarting. Please try again in a moment.',
  NETWORK: 'We could not reach Huddle. Check your connection and try again.',
} as const;
