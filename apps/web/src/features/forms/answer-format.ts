import type { CheckedAnswer, FormField, SubmittedFile } from '@huddle/shared/forms';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const moment = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A stored answer as a person reads it: option labels, not ids; dates in words; who signed, and when. */
export function formatAnswer(
  field: FormField,
  answer: CheckedAnswer | undefined,
  files?: Record<string, SubmittedFile>,
): string {
  if (answer === undefined) return '—';
  if ('options' in field) {
    const labelOf = (id: string) => field.options.find((item) => item.id === id)?.label ?? id;
    return Array.isArray(answer) ? answer.map(labelOf).join(', ') : labelOf(String(answer));
  }
  if (field.type === 'checkbox') return answer === true ? 'Yes' : 'No';
  if (field.type === 'date' && typeof answer === 'string') {
    const parsed = new Date(`${answer}T00:00:00Z`);
    return Number.isNaN(parsed.getTime()) ? answer : day.format(parsed);
  }
  if (typeof answer === 'object' && answer !== null && 'name' in answer) {
    return `Signed by ${answer.name} on ${moment.format(new Date(answer.signedAt))}`;
  }
  if (typeof answer === 'object' && answer !== null && 'uploadIds' in answer) {
    // The names come with the submission (its files); an id without one is shown as a count.
    const names = answer.uploadIds.map((id) => files?.[id]?.name).filter(Boolean);
    return names.length === answer.uploadIds.length
      ? names.join(', ')
      : `${answer.uploadIds.length} file${answer.uploadIds.length === 1 ? '' : 's'}`;
  }
  return Array.isArray(answer) ? answer.join(', ') : String(answer);
}

/** "Shirt size: M", but "Where do you play? Attack": a label that ends in its own mark keeps it. */
export function withColon(label: string): string {
  return /[?:!.]$/.test(label.trim()) ? label : `${label}:`;
}
