/**
 * Set while an action that ends the session itself leaves the app for another document (account
 * deletion): the server closes the realtime socket before its reply arrives, and reading the
 * session again then would send the person to sign-in first, racing the action's own
 * navigation and its confirmation.
 */
let leaving = false;

export function setLeavingApp(value: boolean): void {
  leaving = value;
}

export function isLeavingApp(): boolean {
  return leaving;
}
