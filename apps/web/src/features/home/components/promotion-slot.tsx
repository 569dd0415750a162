import type { PublicPromotion } from '@huddle/shared/promotions';
import { lazy, Suspense, useState } from 'react';

// Its own chunk: loaded only when a promotion is running and not dismissed (issue 11: home's first load).
const PromotionBanner = lazy(() => import('./promotion-banner.tsx'));

const storageKey = 'huddle.dismissed-promotions';
/** Enough to cover every promotion a person meets; older ids fall off. */
const remembered = 20;

function readDismissed(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function rememberDismissed(ids: string[]): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify(ids.slice(-remembered)));
  } catch {
    // Private mode or a full storage: dismissed for this visit only.
  }
}

/**
 * Spec §2 home, the community sale banner: the running promotion (it comes with the public
 * config), until this browser dismisses it. A dismissal is kept per promotion: the next one shows.
 */
export function PromotionSlot({ promotion }: { promotion: PublicPromotion | null }) {
  const [dismissed, setDismissed] = useState(readDismissed);
  if (!promotion || dismissed.includes(promotion.id)) return null;
  const dismiss = () => {
    const next = [...dismissed, promotion.id];
    rememberDismissed(next);
    setDismissed(next);
  };
  return (
    <Suspense fallback={null}>
      <PromotionBanner promotion={promotion} onDismiss={dismiss} />
    </Suspense>
  );
}
