import type { FormField, FormFieldType, PublicForm } from '@huddle/shared/forms';

/**
 * A published form drawn inline on a website page (decision 049): plain HTML controls, one page,
 * no Mantine. What needs more than that (paying, uploading, signing, pages, questions that
 * appear on earlier answers) is filled on the form's own page, form/{id}, instead.
 */

/** What keeps a form off a site page, in the order a visitor would meet them. */
export type InlineBlocker = 'payment' | 'files' | 'signature' | 'pages' | 'conditions';

/** How one field is drawn: a native control, a group of them, or a heading between questions. */
export type InlineControl =
  | 'text'
  | 'textarea'
  | 'email'
  | 'tel'
  | 'number'
  | 'date'
  | 'radios'
  | 'checkboxes'
  | 'select'
  | 'checkbox'
  | 'heading';

/** The attributes of an <input> or <textarea> that help people and keyboards; the checker has the rules. */
export type InlineInputAttributes = {
  type?: 'text' | 'email' | 'tel' | 'date';
  autoComplete?: string;
  inputMode?: 'decimal' | 'numeric' | 'email' | 'tel';
  maxLength?: number;
  min?: string;
  max?: string;
};

export type InlineField = {
  /** The form's field: the shared checker runs on it before sending (decision 031). */
  field: FormField;
  control: InlineControl;
  attributes: InlineInputAttributes;
  options: { id: string; label: string }[];
};

export type InlineForm = { kind: 'inline'; fields: InlineField[] } | { kind: 'link'; blockers: InlineBlocker[] };

const blockerOfType: Partial<Record<FormFieldType, InlineBlocker>> = {
  payment: 'payment',
  file: 'files',
  signature: 'signature',
  page_break: 'pages',
};
const blockerOrder: InlineBlocker[] = ['payment', 'files', 'signature', 'pages', 'conditions'];

/** Said after "This form opens on its own page because it…". */
const blockerPhrases: Record<InlineBlocker, string> = {
  payment: 'takes a payment',
  files: 'asks for files',
  signature: 'asks for a signature',
  pages: 'has several pages',
  conditions: 'shows questions depending on earlier answers',
};

function controlFor(field: FormField): Pick<InlineField, 'control' | 'attributes'> | null {
  switch (field.type) {
    case 'short_text':
      return { control: 'text', attributes: { type: 'text', maxLength: field.maxLength } };
    case 'long_text':
      return { control: 'textarea', attributes: { maxLength: field.maxLength } };
    case 'email':
      return { control: 'email', attributes: { type: 'email', autoComplete: 'email', inputMode: 'email' } };
    case 'phone':
      return { control: 'tel', attributes: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' } };
    case 'number':
      // A text box, not type=number: the browser empties a number box holding "12a", and the
      // checker's "Enter a number." is clearer than a silently blank answer.
      return {
        control: 'number',
        attributes: { type: 'text', inputMode: field.wholeNumber && (field.min ?? 0) >= 0 ? 'numeric' : 'decimal' },
      };
    case 'date':
      return { control: 'date', attributes: { type: 'date', min: field.minDate, max: field.maxDate } };
    case 'single_choice':
      return { control: 'radios', attributes: {} };
    case 'multiple_choice':
      return { control: 'checkboxes', attributes: {} };
    case 'dropdown':
      return { control: 'select', attributes: {} };
    case 'checkbox':
      return { control: 'checkbox', attributes: {} };
    case 'heading':
      return { control: 'heading', attributes: {} };
    case 'file':
    case 'signature':
    case 'payment':
    case 'page_break':
      return null;
  }
}

/**
 * The form as inline controls, or why it opens on its own page instead. A linked season with a
 * fee is a payment too (decision 036): every submission owes it.
 */
export function inlineForm(form: Pick<PublicForm, 'fields' | 'seasonFee'>): InlineForm {
  const blockers = new Set<InlineBlocker>();
  if (form.seasonFee && form.seasonFee.feeCents > 0) blockers.add('payment');
  const fields: InlineField[] = [];
  for (const field of form.fields) {
    const blocker = blockerOfType[field.type];
    if (blocker) blockers.add(blocker);
    if (field.showWhen) blockers.add('conditions');
    const drawn = controlFor(field);
    if (drawn) fields.push({ field, ...drawn, options: 'options' in field ? field.options : [] });
  }
  if (blockers.size > 0) return { kind: 'link', blockers: blockerOrder.filter((blocker) => blockers.has(blocker)) };
  return { kind: 'inline', fields };
}

/** "This form opens on its own page because it takes a payment and asks for a signature." */
export function blockersSentence(blockers: readonly InlineBlocker[]): string {
  const phrases = blockers.map((blocker) => blockerPhrases[blocker]);
  const last = phrases.pop();
  if (!last) return 'This form opens on its own page.';
  const list = phrases.length > 0 ? `${phrases.join(', ')} and ${last}` : last;
  return `This form opens on its own page because it ${list}.`;
}
