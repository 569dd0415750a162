/** The signed-in dashboard: where signing in, "/" and the auth pages send a signed-in person. */
export const homePath = '/home';

/**
 * Where the not-found page's home link sends a signed-in person. Spec §2 says discover
 * events; that page comes with the events slice, which changes this to the discover path.
 * Until then it is Home (a link must never lead to a page that does not exist).
 */
export const signedInLandingPath: string = homePath;
