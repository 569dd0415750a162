/**
 * A notification that must survive loading another document: the auth pages are their own
 * entry (decision 023), so "Account deleted successfully." (spec §8), shown after leaving the
 * app for the sign-up page, is handed over through this tab's sessionStorage.
 */
export interface CarriedNotice {
  color: 'huddle' | 'red';
  message: string;
}

const storageKey = 'huddle-carried-notice';

export function carryNotice(notice: CarriedNotice): void {
  try {
    window.sessionStorage.setItem(storageKey, JSON.stringify(notice));
  } catch {
    // Storage off (private mode, quota): the next page shows no notice; nothing else depends on it.
  }
}

/** The notice handed over by the last page, once: reading it removes it. */
export function takeCarriedNotice(): CarriedNotice | null {
  let stored: string | null = null;
  try {
    stored = window.sessionStorage.getItem(storageKey);
    window.sessionStorage.removeItem(storageKey);
  } catch {
    return null;
  }
  if (!stored) return null;
  try {
    const notice = JSON.parse(stored) as Partial<CarriedNotice>;
    if ((notice.color === 'huddle' || notice.color === 'red') && typeof notice.message === 'string') {
      return { color: notice.color, message: notice.message };
    }
  } catch {
    // Not ours, or damaged: nothing to show.
  }
  return null;
}
