/** Business constants and limits, spec §9. */
export const productName = 'Huddle';

export const displayNameLength = { min: 2, max: 25 } as const;
export const fullNameLength = { min: 2, max: 300 } as const;
export const emailMaxLength = 100;
/** OWASP ASVS 2.1: at least 8 characters, allow long passphrases. */
export const passwordLength = { min: 8, max: 128 } as const;

export const displayNameFallback = 'Unnamed Player';
export const defaultPhotoPath = '/images/default-avatar.svg';

export const snackbarMs = { default: 5000, short: 3000, notification: 3500 } as const;
export const redirectDelayMs = 250;
export const homeListLimit = 7;
/** Spec §9, "effect retry limit 10": a failed read is tried again at most this many times. */
export const readRetryLimit = 10;
