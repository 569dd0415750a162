/** Spec §2 verify-email: open to everyone, signed in or not (the mailed link lands here). */
export const verifyEmailPath = '/verify-email';
