import type { FormAnswers } from '@huddle/shared/forms';
import { useEffect } from 'react';

/**
 * A filling kept in the tab (sessionStorage), so a reload or a crash does not lose what a person
 * typed: form/{id}'s filler and a website's inline form block (decision 049) keep the same entry
 * per form. Answers hold text, choices and an uploaded file's reference, never a file's bytes;
 * card details are typed on Stripe's Checkout page, never here. The tab's storage ends with the
 * tab, and a successful send forgets the entry.
 */
export type KeptFilling = {
  answers: FormAnswers;
  /** Kept too: a send repeated after a reload is still the same submission. */
  clientId: string;
  guest: { name: string; email: string };
  /** form/{id}'s page; the inline block has one page. */
  page?: number;
};

export const keptFillingKey = (formId: string) => `huddle.form.${formId}`;

export function readKeptFilling(key: string | null): KeptFilling | null {
  if (!key) return null;
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as KeptFilling) : null;
  } catch {
    return null;
  }
}

export function forgetKeptFilling(key: string | null): void {
  if (!key) return;
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Storage off: nothing was kept.
  }
}

/** Writes the filling to the tab whenever it changes, while `keeping` (not once it is sent). */
export function useKeptFilling(key: string | null, filling: KeptFilling, keeping: boolean): void {
  const serialized = JSON.stringify(filling);
  useEffect(() => {
    if (!key || !keeping) return;
    try {
      sessionStorage.setItem(key, serialized);
    } catch {
      // Storage full or off: the answers still live in state.
    }
  }, [key, serialized, keeping]);
}
