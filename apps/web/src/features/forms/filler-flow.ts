import { checkAnswer, formPages, visibleFields } from '@huddle/contracts/forms';
import type { FormAnswers, FormField } from '@huddle/shared/forms';

/** A page to fill: its index among all pages, its page break (null for the first), its visible fields. */
export type FillerPage = { index: number; pageBreak: FormField | null; fields: FormField[] };

/**
 * The pages a filler goes through for these answers: a page whose page break's condition does
 * not hold is skipped, and so is a page left with nothing to show. The first page always counts
 * (a visitor's name and email are asked there).
 */
export function shownPages(fields: readonly FormField[], answers: FormAnswers): FillerPage[] {
  const visible = new Set(visibleFields(fields, answers).map((field) => field.id));
  return formPages(fields)
    .map((page, index) => ({
      index,
      pageBreak: page.pageBreak,
      fields: page.fields.filter((field) => visible.has(field.id)),
    }))
    .filter((page) => page.index === 0 || (visible.has(page.pageBreak?.id ?? '') && page.fields.length > 0));
}

/** The page to show for a wanted page index: itself if shown, else the next shown one (or the last). */
export function pageAt(pages: FillerPage[], wanted: number): FillerPage {
  return pages.find((page) => page.index >= wanted) ?? pages.at(-1) ?? { index: 0, pageBreak: null, fields: [] };
}

export function nextPageIndex(pages: FillerPage[], current: number): number | null {
  return pages.find((page) => page.index > current)?.index ?? null;
}

export function previousPageIndex(pages: FillerPage[], current: number): number | null {
  return pages.filter((page) => page.index < current).at(-1)?.index ?? null;
}

/** The messages for one page's fields (the same checker the server runs), by field id. */
export function checkPage(page: FillerPage, answers: FormAnswers): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of page.fields) {
    const result = checkAnswer(field, answers[field.id]);
    if (!result.ok) errors[field.id] = result.message;
  }
  return errors;
}

/** The page that holds the first field (in form order) with an error; 0 for the visitor's details. */
export function pageOfFirstError(
  fields: readonly FormField[],
  answers: FormAnswers,
  errors: Record<string, string>,
): number {
  if (errors['guest.name'] || errors['guest.email']) return 0;
  for (const page of shownPages(fields, answers)) {
    if (page.fields.some((field) => errors[field.id])) return page.index;
  }
  return 0;
}

/** The server's paths (`answers.<fieldId>`, `guest.email`) as the filler keys its errors. */
export function submitErrors(fieldErrors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([path, message]) => [path.replace(/^answers\./, ''), message]),
  );
}

/** A visitor's name and email, checked as the server will (submitFormBody's guest rules). */
export function checkGuest(guest: { name: string; email: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = guest.name.trim();
  if (name.length < 2) errors['guest.name'] = 'At least 2 characters.';
  else if (name.length > 300) errors['guest.name'] = 'At most 300 characters.';
  const email = checkAnswer({ type: 'email', id: 'guest-email', label: 'Email', required: true }, guest.email);
  if (!email.ok) errors['guest.email'] = email.message;
  return errors;
}

/** Only the answers to fields shown now are sent (hidden ones are dropped by the server anyway). */
export function answersToSend(fields: readonly FormField[], answers: FormAnswers): FormAnswers {
  const shown = new Set(visibleFields(fields, answers).map((field) => field.id));
  return Object.fromEntries(Object.entries(answers).filter(([id]) => shown.has(id)));
}
