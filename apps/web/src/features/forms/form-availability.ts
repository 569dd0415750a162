import { formMessages, type PublicForm } from '@huddle/shared/forms';

const moment = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Why a form cannot be filled now, in the spec's words; null when it can. The same on form/{id}
 * and on a website's form block (decision 049).
 */
export function unavailableMessage(
  form: Pick<PublicForm, 'alreadySubmitted' | 'availability' | 'opensAt'>,
): string | null {
  if (form.alreadySubmitted) return formMessages.alreadySubmitted;
  if (form.availability === 'not_open_yet') {
    return form.opensAt
      ? `${formMessages.notOpenYet} It opens ${moment.format(new Date(form.opensAt))}.`
      : formMessages.notOpenYet;
  }
  if (form.availability === 'closed') return formMessages.closed;
  if (form.availability === 'full') return formMessages.full;
  return null;
}
