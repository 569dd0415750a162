/**
 * Spec §9: the visit count is stored locally. A visit is a browser session of the app: counted
 * once per tab session (sessionStorage), kept in localStorage. Storage that is blocked counts nothing.
 */
const countKey = 'huddle-visit-count';
const countedKey = 'huddle-visit-counted';

export function countVisit(
  local: Pick<Storage, 'getItem' | 'setItem'> = window.localStorage,
  session: Pick<Storage, 'getItem' | 'setItem'> = window.sessionStorage,
): number {
  try {
    const stored = Number(local.getItem(countKey));
    const count = Number.isInteger(stored) && stored > 0 ? stored : 0;
    if (session.getItem(countedKey)) return count;
    session.setItem(countedKey, '1');
    local.setItem(countKey, String(count + 1));
    return count + 1;
  } catch {
    return 0;
  }
}

/** How many visits this browser has made (0 when none is stored or storage is blocked). */
export function readVisitCount(local: Pick<Storage, 'getItem'> = window.localStorage): number {
  try {
    const count = Number(local.getItem(countKey));
    return Number.isInteger(count) && count > 0 ? count : 0;
  } catch {
    return 0;
  }
}
