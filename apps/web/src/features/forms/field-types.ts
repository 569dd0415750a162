import {
  formFileKinds,
  formLimits,
  type availableFieldTypes,
  type FormField,
  type FormFieldType,
} from '@huddle/shared/forms';

export type BuilderFieldType = (typeof availableFieldTypes)[number];

/** The palette's plain names (issue 14's brief), in the order the builder offers them. */
export const fieldTypeNames: Record<FormFieldType, string> = {
  short_text: 'Short answer',
  long_text: 'Paragraph',
  email: 'Email',
  phone: 'Phone',
  number: 'Number',
  date: 'Date',
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  dropdown: 'Dropdown',
  checkbox: 'Checkbox',
  file: 'File upload',
  signature: 'Signature / waiver',
  payment: 'Payment item',
  heading: 'Heading',
  page_break: 'Page break',
};

const choiceTypes: readonly FormFieldType[] = ['single_choice', 'multiple_choice', 'dropdown'];
export const isChoiceField = (
  field: FormField,
): field is Extract<FormField, { type: 'single_choice' | 'multiple_choice' | 'dropdown' }> =>
  choiceTypes.includes(field.type);
export const takesAnswer = (field: FormField) => field.type !== 'heading' && field.type !== 'page_break';

/** A short random id in the contract's alphabet (lowercase letters and digits). */
export function newId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return prefix + Array.from(bytes, (byte) => (byte % 36).toString(36)).join('');
}

/** A new field of a type, with what the contract needs for it to save (labels, an option, waiver text). */
export function newField(type: BuilderFieldType): FormField {
  const base = { id: newId('f'), label: fieldTypeNames[type], required: false };
  switch (type) {
    case 'single_choice':
    case 'multiple_choice':
    case 'dropdown':
      return {
        ...base,
        type,
        options: [
          { id: newId('o'), label: 'Option 1' },
          { id: newId('o'), label: 'Option 2' },
        ],
      } as FormField;
    case 'number':
      return { ...base, type, wholeNumber: false };
    case 'signature':
      return { ...base, label: 'Waiver', type, waiverText: 'I accept the terms of this activity.' };
    case 'heading':
      return { ...base, label: 'Section', type, required: false };
    case 'page_break':
      return { ...base, label: 'Next page', type, required: false };
    case 'checkbox':
      return { ...base, label: 'I agree', type };
    case 'file':
      return {
        ...base,
        label: 'Upload a document',
        type,
        accept: [...formFileKinds],
        maxSizeMb: formLimits.fileSizeMb,
        maxFiles: 1,
      };
    case 'payment':
      // A fixed-price item, bought by everyone who sends the form, until the organizer says otherwise.
      return { ...base, label: 'Entry fee', type, required: true, priceCents: 1000 };
    default:
      return { ...base, type } as FormField;
  }
}
