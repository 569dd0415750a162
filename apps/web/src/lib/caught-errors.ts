/**
 * Errors Huddle catches and shows instead of a page ("Something went wrong"), handed to error
 * reporting (decision 052). Their screen is what a person sees, so nothing reaches the window's
 * error handler the reporting SDK listens on: without this, a page that fails is never reported.
 * The SDK loads after the page has (lib/error-reporting.ts); errors from before wait for it, a
 * few at most, and stay here for good when reporting is off.
 */
type Capture = (error: unknown) => void;

const waitingLimit = 10;
const waiting: unknown[] = [];
let capture: Capture | undefined;

export function reportCaughtError(error: unknown): void {
  if (capture) capture(error);
  else if (waiting.length < waitingLimit) waiting.push(error);
}

/** Called once error reporting has started: what was caught before is sent now. */
export function sendCaughtErrorsTo(next: Capture): void {
  capture = next;
  for (const error of waiting.splice(0)) next(error);
}
