/** The signed-in dashboard: where signing in, "/" and the auth pages send a signed-in person. */
export const homePath = '/home';

/** Spec §2, error page: its home link sends a signed-in person to discover events. */
export const signedInLandingPath = '/discover/events';
