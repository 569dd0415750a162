import { authFormStateElementId, type AuthFormState } from '@huddle/shared/auth-pages';
import type { ErrorCode } from '@huddle/shared/errors';
import { useLayoutEffect, type RefObject } from 'react';
import { ApiError } from '../../lib/api-client.ts';

/**
 * A failed no-JavaScript sign-in or sign-up (issue 33): the server rendered the form again with what
 * the person typed and what went wrong, and wrote the same into the page as a data block, so the
 * browser's form starts from it and hydrates without a mismatch. Read once and removed; null on a
 * page the server did not write it into.
 */
export function takeAuthFormState(): AuthFormState | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(authFormStateElementId);
  if (!element) return null;
  element.remove();
  try {
    const state = JSON.parse(element.textContent ?? '') as AuthFormState | null;
    return state && typeof state === 'object' && typeof state.values?.email === 'string' ? state : null;
  } catch {
    return null;
  }
}

/** The outcome's error as the form shows an API's refusal (its code picks the message, as after a JSON call). */
export function apiErrorOf(state: AuthFormState | null): ApiError | null {
  if (!state?.error) return null;
  return new ApiError(state.error.code as ErrorCode, state.error.message, 0);
}

/**
 * What the person typed into the server's markup before the scripts ran (issue 33). React keeps an
 * input's text while it hydrates, but not in the form's state, and the next render of the field would
 * put the state's value back: the typed values are taken into the form in the hydration's own commit
 * (a layout effect). An effect runs in a later task, and a Sign in pressed in between was checked
 * against the empty state ("Enter your email" over a filled field; the custom-domain journey in CI).
 */
export function useValuesTypedBeforeHydration<Name extends string>(
  formElement: RefObject<HTMLFormElement | null>,
  names: readonly Name[],
  take: (typed: Partial<Record<Name, string>>) => void,
): void {
  useLayoutEffect(() => {
    const element = formElement.current;
    if (!element) return;
    const typed: Partial<Record<Name, string>> = {};
    for (const name of names) {
      const input = element.elements.namedItem(name);
      if (input instanceof HTMLInputElement && input.value !== '') typed[name] = input.value;
    }
    if (Object.keys(typed).length > 0) take(typed);
    // Once, right after the first commit (hydration): later values are the form's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * The field a form the server rendered again with field problems starts in: the first in error, in
 * the form's order. Given as `autoFocus`, the server writes it as the HTML's `autofocus`, so the
 * browser puts the caret there as the page loads, with or without the scripts; hydrating does not
 * move focus again (React focuses only elements it creates), so a field the person has already gone
 * to keeps it.
 */
export function firstFieldInError<Name extends string>(
  state: AuthFormState | null,
  order: readonly Name[],
): Name | undefined {
  return order.find((name) => Boolean(state?.fieldErrors[name]));
}
