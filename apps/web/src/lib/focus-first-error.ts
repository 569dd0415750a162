import type { SyntheticEvent } from 'react';

/**
 * Custom fields that are not one input (a group of chips, a picker) set this attribute on
 * their container while they show an error; the first control inside then takes focus.
 */
export const invalidFieldAttribute = 'data-invalid-field';

const invalidSelector = [
  '[aria-invalid="true"]',
  // Mantine marks some inputs (the password field) with data-invalid only.
  ':is(input, textarea, select)[data-invalid="true"]',
  `[${invalidFieldAttribute}] :is(input, button, textarea, select, [tabindex]):not([disabled], [tabindex="-1"])`,
].join(', ');

/**
 * Moves focus to the first field, in the order the person reads the form, that shows an
 * error, and brings it into view. Runs after React has drawn the errors.
 */
export function focusFirstInvalidField(form: HTMLFormElement | null | undefined): void {
  if (!form) return;
  requestAnimationFrame(() => {
    const field = form.querySelector<HTMLElement>(invalidSelector);
    if (!field) return;
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: 'center', behavior: 'auto' });
  });
}

/**
 * The one failed-submit handler of every form: `form.onSubmit(save, focusFirstError)`.
 * Mantine calls it with the errors, the values and the submit event.
 */
export function focusFirstError(_errors: unknown, _values: unknown, event?: SyntheticEvent<HTMLFormElement>): void {
  focusFirstInvalidField(event?.currentTarget);
}
