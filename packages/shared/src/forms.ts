import isSafeRegex from 'safe-regex2';
import { z } from 'zod';
import { okReply } from './accounts.ts';
import { calendarDate, instant, isCalendarDay } from './dates.ts';
import { defineEndpoint } from './endpoint.ts';
import { emailMaxLength } from './limits.ts';
import { atLeastOneChange } from './partial-update.ts';
import { isSafeWebsiteUrl, websiteMessages } from './websites.ts';
import { paymentStatuses } from './payments.ts';

/**
 * Issue 14: an organizer's form as data. The builder edits a FormDefinition; the filler's page
 * renders it; the server checks every submission against it with `checkAnswers`, whatever the
 * client sent. One definition, one set of rules, on both sides.
 */

export const formFieldTypes = [
  'short_text',
  'long_text',
  'email',
  'phone',
  'number',
  'date',
  'single_choice',
  'multiple_choice',
  'dropdown',
  'checkbox',
  'file',
  'signature',
  'payment',
  'heading',
  'page_break',
] as const;
export type FormFieldType = (typeof formFieldTypes)[number];

/** Types that show something but take no answer. */
export const layoutFieldTypes = ['heading', 'page_break'] as const satisfies readonly FormFieldType[];

export const formLimits = {
  fields: 200,
  options: 50,
  label: 200,
  help: 500,
  shortText: 500,
  longText: 5000,
  waiverText: 20_000,
  pattern: 200,
  /** Cents per item: $0.50 (Stripe's smallest charge) to $10,000. */
  price: { min: 50, max: 1_000_000 },
  quantity: 100,
  fileSizeMb: 10,
  /** Files one file question takes. */
  files: 5,
} as const;

/**
 * The kinds of file a file question may accept (issue 14): documents and photos people carry
 * (ID scans, waivers, medical forms). The server tells the kind from the bytes, never the name.
 */
export const formFileKinds = ['pdf', 'jpeg', 'png', 'webp', 'heic'] as const;
export type FormFileKind = (typeof formFileKinds)[number];
export const formFileKindLabels: Record<FormFileKind, string> = {
  pdf: 'PDF',
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  heic: 'HEIC',
};
export const formFileContentTypes: Record<FormFileKind, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
};

export const formAnswerMessages = {
  required: 'This field is required.',
  tooShort: (min: number) => `At least ${min} characters.`,
  tooLong: (max: number) => `At most ${max} characters.`,
  pattern: 'This answer is not in the expected format.',
  email: 'Enter a valid email address.',
  phone: 'Enter a valid phone number.',
  number: 'Enter a number.',
  wholeNumber: 'Enter a whole number.',
  atLeast: (min: number) => `At least ${min}.`,
  atMost: (max: number) => `At most ${max}.`,
  date: 'Pick a date.',
  notBefore: (day: string) => `Pick ${day} or later.`,
  notAfter: (day: string) => `Pick ${day} or earlier.`,
  choice: 'Pick one of the options.',
  choices: 'Pick from the options.',
  atLeastChoices: (min: number) => `Pick at least ${min}.`,
  atMostChoices: (max: number) => `Pick at most ${max}.`,
  mustCheck: 'Tick the box to go on.',
  file: 'Upload a file.',
  tooManyFiles: (max: number) => `At most ${max} file${max === 1 ? '' : 's'}.`,
  signature: 'Type your full name to sign.',
  quantity: (min: number, max: number) => `Choose a quantity from ${min} to ${max}.`,
} as const;

export const fieldId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'A field id is 1 to 40 lowercase letters, digits, - or _.');
const isoDay = calendarDate('Pick a date.');

/** "Show this field (or this page) only when an earlier answer matches" (issue 14). */
export const fieldCondition = z.strictObject({
  fieldId,
  /** An option id for choice fields, 'true'/'false' for a checkbox, else the answer's text. */
  equals: z.string().trim().min(1, 'Say which answer shows this field.').max(formLimits.label),
});
export type FieldCondition = z.infer<typeof fieldCondition>;

const fieldBase = {
  id: fieldId,
  label: z
    .string({ error: 'Give the field a label.' })
    .trim()
    .min(1, 'Give the field a label.')
    .max(formLimits.label, `At most ${formLimits.label} characters.`),
  help: z.string().trim().max(formLimits.help, `At most ${formLimits.help} characters.`).optional(),
  required: z.boolean().default(false),
  showWhen: fieldCondition.optional(),
};

const option = z.strictObject({
  id: fieldId,
  label: z.string().trim().min(1, 'Give the option a label.').max(formLimits.label),
});
const options = z
  .array(option)
  .min(1, 'Add at least one option.')
  .max(formLimits.options, `At most ${formLimits.options} options.`)
  .refine((list) => new Set(list.map((item) => item.id)).size === list.length, 'Two options share an id.');

/** A pattern the filler's answer must match: compiled once here, and refused if it could hang. */
const answerPattern = z.strictObject({
  regex: z
    .string()
    .min(1)
    .max(formLimits.pattern, `At most ${formLimits.pattern} characters.`)
    .refine((source) => {
      try {
        new RegExp(source, 'u');
      } catch {
        return false;
      }
      return isSafeRegex(source);
    }, 'This pattern is not valid, or could take too long to check.'),
  /** What the filler reads when the answer does not match. */
  message: z.string().trim().max(formLimits.label).optional(),
});

const lengthRule = (max: number) =>
  z.strictObject({
    minLength: z.number().int().min(0).max(max).optional(),
    maxLength: z.number().int().min(1).max(max).optional(),
  }).shape;

export const formField = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('short_text'),
    ...fieldBase,
    ...lengthRule(formLimits.shortText),
    pattern: answerPattern.optional(),
  }),
  z.strictObject({ type: z.literal('long_text'), ...fieldBase, ...lengthRule(formLimits.longText) }),
  z.strictObject({ type: z.literal('email'), ...fieldBase }),
  z.strictObject({ type: z.literal('phone'), ...fieldBase }),
  z.strictObject({
    type: z.literal('number'),
    ...fieldBase,
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    wholeNumber: z.boolean().default(false),
  }),
  z.strictObject({ type: z.literal('date'), ...fieldBase, minDate: isoDay.optional(), maxDate: isoDay.optional() }),
  z.strictObject({ type: z.literal('single_choice'), ...fieldBase, options }),
  z.strictObject({
    type: z.literal('multiple_choice'),
    ...fieldBase,
    options,
    minSelected: z.number().int().min(0).max(formLimits.options).optional(),
    maxSelected: z.number().int().min(1).max(formLimits.options).optional(),
  }),
  z.strictObject({ type: z.literal('dropdown'), ...fieldBase, options }),
  /** One box to tick ("I agree to…"); required means it must be ticked. */
  z.strictObject({ type: z.literal('checkbox'), ...fieldBase }),
  z.strictObject({
    type: z.literal('file'),
    ...fieldBase,
    accept: z
      .array(z.enum(formFileKinds))
      .min(1, 'Accept at least one kind of file.')
      .default([...formFileKinds]),
    maxSizeMb: z
      .number()
      .int('Whole megabytes.')
      .min(1, 'At least 1 MB.')
      .max(formLimits.fileSizeMb, `At most ${formLimits.fileSizeMb} MB.`)
      .default(formLimits.fileSizeMb),
    maxFiles: z.number().int().min(1, 'At least 1.').max(formLimits.files, `At most ${formLimits.files}.`).default(1),
  }),
  /** A waiver: the text to accept, signed with a typed name; the server stamps the time. */
  z.strictObject({
    type: z.literal('signature'),
    ...fieldBase,
    waiverText: z.string().trim().min(1, 'Write the text to accept.').max(formLimits.waiverText),
  }),
  /** A payment item: a fixed price, or a price per item with a quantity range. */
  z.strictObject({
    type: z.literal('payment'),
    ...fieldBase,
    priceCents: z
      .number()
      .int('Whole cents.')
      .min(formLimits.price.min, 'At least $0.50.')
      .max(formLimits.price.max, 'At most $10,000.'),
    quantity: z
      .strictObject({
        min: z.number().int().min(0).max(formLimits.quantity),
        max: z.number().int().min(1).max(formLimits.quantity),
      })
      .optional(),
  }),
  z.strictObject({ type: z.literal('heading'), ...fieldBase, required: z.literal(false).default(false) }),
  /** Starts a new page; its showWhen shows or skips the whole page. */
  z.strictObject({ type: z.literal('page_break'), ...fieldBase, required: z.literal(false).default(false) }),
]);
export type FormField = z.infer<typeof formField>;
export type FormFieldInput = z.input<typeof formField>;

const choiceTypes = new Set<FormFieldType>(['single_choice', 'multiple_choice', 'dropdown']);
const takesAnswer = (field: FormField) => !(layoutFieldTypes as readonly FormFieldType[]).includes(field.type);

/** The fields of a form, in order, with the rules that tie them together. */
export const formFields = z
  .array(formField)
  .max(formLimits.fields, `At most ${formLimits.fields} fields.`)
  .superRefine((fields, context) => {
    const seen = new Map<string, FormField>();
    fields.forEach((field, index) => {
      const at = (path: (string | number)[], message: string) =>
        context.addIssue({ code: 'custom', message, path: [index, ...path] });
      if (seen.has(field.id)) at(['id'], 'Two fields share an id.');
      const condition = field.showWhen;
      if (condition) {
        const source = seen.get(condition.fieldId);
        if (!source || !takesAnswer(source)) {
          at(['showWhen', 'fieldId'], 'A field can only depend on an earlier question.');
        } else if (
          'options' in source &&
          choiceTypes.has(source.type) &&
          !source.options.some((item) => item.id === condition.equals)
        ) {
          at(['showWhen', 'equals'], 'Pick one of that question’s options.');
        } else if (source.type === 'checkbox' && condition.equals !== 'true' && condition.equals !== 'false') {
          at(['showWhen', 'equals'], 'A checkbox is either ticked (true) or not (false).');
        }
      }
      if ('minLength' in field && field.minLength !== undefined && field.maxLength !== undefined) {
        if (field.minLength > field.maxLength) at(['maxLength'], 'The maximum is below the minimum.');
      }
      if (field.type === 'number' && field.min !== undefined && field.max !== undefined && field.min > field.max) {
        at(['max'], 'The maximum is below the minimum.');
      }
      if (field.type === 'date' && field.minDate && field.maxDate && field.minDate > field.maxDate) {
        at(['maxDate'], 'The last date is before the first.');
      }
      if (field.type === 'multiple_choice') {
        if (field.minSelected !== undefined && field.minSelected > field.options.length) {
          at(['minSelected'], 'More than there are options.');
        }
        if (
          field.minSelected !== undefined &&
          field.maxSelected !== undefined &&
          field.minSelected > field.maxSelected
        ) {
          at(['maxSelected'], 'The maximum is below the minimum.');
        }
      }
      if (field.type === 'payment' && field.quantity && field.quantity.min > field.quantity.max) {
        at(['quantity', 'max'], 'The maximum is below the minimum.');
      }
      seen.set(field.id, field);
    });
    if (fields[0]?.type === 'page_break') {
      context.addIssue({ code: 'custom', message: 'A form cannot start with a page break.', path: [0, 'type'] });
    }
  });

/** The answers a filler sends: one entry per answered field id; the shape of each is checked per field. */
export const formAnswers = z
  .record(fieldId, z.unknown())
  .refine((answers) => Object.keys(answers).length <= formLimits.fields);
export type FormAnswers = Record<string, unknown>;

/** A checked answer, as stored with the submission. */
export type CheckedAnswer =
  string | number | boolean | string[] | { uploadIds: string[] } | { name: string; signedAt: string };

/** An upload id as the upload route hands it out (a UUID); the server checks whose it is on submit. */
const uploadIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether an answer matches a condition: the option picked (or among those picked), the box's state, or the same text. */
function conditionHolds(source: FormField, answer: unknown, condition: FieldCondition): boolean {
  if (answer === undefined || answer === null) return source.type === 'checkbox' && condition.equals === 'false';
  if (Array.isArray(answer)) return answer.includes(condition.equals);
  if (typeof answer === 'boolean') return String(answer) === condition.equals;
  return String(answer).trim().toLowerCase() === condition.equals.trim().toLowerCase();
}

/**
 * The fields a filler sees for these answers, in order: a field whose condition does not hold
 * is skipped, so is every field on a page whose page break's condition does not hold, and so is
 * a field that depends on a skipped one. Hidden answers are neither checked nor kept.
 */
export function visibleFields(fields: readonly FormField[], answers: FormAnswers): FormField[] {
  const shown = new Map<string, FormField>();
  let pageShown = true;
  for (const field of fields) {
    const condition = field.showWhen;
    const source = condition ? shown.get(condition.fieldId) : undefined;
    const holds = !condition || (source !== undefined && conditionHolds(source, answers[source.id], condition));
    if (field.type === 'page_break') {
      pageShown = holds;
      if (pageShown) shown.set(field.id, field);
      continue;
    }
    if (pageShown && holds) shown.set(field.id, field);
  }
  return [...shown.values()];
}

/** The pages of a form (split at page breaks), each with its page break (null for the first). */
export function formPages(fields: readonly FormField[]): { pageBreak: FormField | null; fields: FormField[] }[] {
  const pages: { pageBreak: FormField | null; fields: FormField[] }[] = [{ pageBreak: null, fields: [] }];
  for (const field of fields) {
    if (field.type === 'page_break') pages.push({ pageBreak: field, fields: [] });
    else pages.at(-1)?.fields.push(field);
  }
  return pages;
}

const phonePattern = /^\+?[0-9 ()\-.]{7,20}$/;
const emailCheck = z.email();

function isBlank(answer: unknown): boolean {
  return (
    answer === undefined ||
    answer === null ||
    answer === false ||
    (typeof answer === 'string' && answer.trim() === '') ||
    (Array.isArray(answer) && answer.length === 0)
  );
}

/** One answer against its field's rules: the value to keep, or the message to show beside the field. */
export function checkAnswer(
  field: FormField,
  answer: unknown,
  now: Date = new Date(),
): { ok: true; value: CheckedAnswer | undefined } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message });
  if (field.type === 'heading' || field.type === 'page_break') return { ok: true, value: undefined };
  if (field.type === 'payment') {
    // A fixed-price item has nothing to answer: required means it is always bought.
    if (!field.quantity) return { ok: true, value: field.required || answer === true || answer === 1 ? 1 : 0 };
    const quantity = answer === undefined || answer === null || answer === '' ? 0 : Number(answer);
    // None at all is an answer only when the item is optional; otherwise within the range, at least 1.
    const min = Math.max(1, field.quantity.min);
    const allowed = quantity === 0 ? !field.required : quantity >= min && quantity <= field.quantity.max;
    if (!Number.isInteger(quantity) || !allowed) return fail(formAnswerMessages.quantity(min, field.quantity.max));
    return { ok: true, value: quantity };
  }
  if (isBlank(answer)) {
    if (field.required) {
      return fail(field.type === 'checkbox' ? formAnswerMessages.mustCheck : formAnswerMessages.required);
    }
    return { ok: true, value: undefined };
  }
  switch (field.type) {
    case 'short_text':
    case 'long_text': {
      if (typeof answer !== 'string') return fail(formAnswerMessages.required);
      const text = answer.trim();
      const max = field.maxLength ?? (field.type === 'short_text' ? formLimits.shortText : formLimits.longText);
      if (field.minLength !== undefined && text.length < field.minLength)
        return fail(formAnswerMessages.tooShort(field.minLength));
      if (text.length > max) return fail(formAnswerMessages.tooLong(max));
      if (field.type === 'short_text' && field.pattern && !new RegExp(field.pattern.regex, 'u').test(text)) {
        return fail(field.pattern.message || formAnswerMessages.pattern);
      }
      return { ok: true, value: text };
    }
    case 'email': {
      const text = typeof answer === 'string' ? answer.trim().toLowerCase() : '';
      if (text.length > emailMaxLength || !emailCheck.safeParse(text).success) return fail(formAnswerMessages.email);
      return { ok: true, value: text };
    }
    case 'phone': {
      const text = typeof answer === 'string' ? answer.trim() : '';
      if (!phonePattern.test(text) || text.replace(/\D/g, '').length < 7) return fail(formAnswerMessages.phone);
      return { ok: true, value: text };
    }
    case 'number': {
      const value = typeof answer === 'number' ? answer : typeof answer === 'string' ? Number(answer.trim()) : NaN;
      if (!Number.isFinite(value)) return fail(formAnswerMessages.number);
      if (field.wholeNumber && !Number.isInteger(value)) return fail(formAnswerMessages.wholeNumber);
      if (field.min !== undefined && value < field.min) return fail(formAnswerMessages.atLeast(field.min));
      if (field.max !== undefined && value > field.max) return fail(formAnswerMessages.atMost(field.max));
      return { ok: true, value };
    }
    case 'date': {
      const day = typeof answer === 'string' ? answer.trim() : '';
      if (!isCalendarDay(day)) return fail(formAnswerMessages.date);
      if (field.minDate && day < field.minDate) return fail(formAnswerMessages.notBefore(field.minDate));
      if (field.maxDate && day > field.maxDate) return fail(formAnswerMessages.notAfter(field.maxDate));
      return { ok: true, value: day };
    }
    case 'single_choice':
    case 'dropdown':
      if (typeof answer !== 'string' || !field.options.some((item) => item.id === answer)) {
        return fail(formAnswerMessages.choice);
      }
      return { ok: true, value: answer };
    case 'multiple_choice': {
      if (!Array.isArray(answer) || answer.some((item) => typeof item !== 'string'))
        return fail(formAnswerMessages.choices);
      const picked = [...new Set(answer as string[])];
      if (picked.some((id) => !field.options.some((item) => item.id === id))) return fail(formAnswerMessages.choices);
      const min = field.minSelected ?? (field.required ? 1 : 0);
      if (picked.length < min) return fail(formAnswerMessages.atLeastChoices(min));
      if (field.maxSelected !== undefined && picked.length > field.maxSelected) {
        return fail(formAnswerMessages.atMostChoices(field.maxSelected));
      }
      // Kept in the form's order, whatever order they were sent in.
      return { ok: true, value: field.options.map((item) => item.id).filter((id) => picked.includes(id)) };
    }
    case 'checkbox':
      if (answer !== true && answer !== 'true') return fail(formAnswerMessages.mustCheck);
      return { ok: true, value: true };
    case 'file': {
      // The files are uploaded first; the answer names them: { uploadIds: [...] }.
      const ids = typeof answer === 'object' && answer !== null && 'uploadIds' in answer ? answer.uploadIds : undefined;
      if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string' || !uploadIdPattern.test(id)))
        return fail(formAnswerMessages.file);
      const uploadIds = [...new Set(ids as string[])];
      if (uploadIds.length === 0)
        return field.required ? fail(formAnswerMessages.file) : { ok: true, value: undefined };
      if (uploadIds.length > field.maxFiles) return fail(formAnswerMessages.tooManyFiles(field.maxFiles));
      return { ok: true, value: { uploadIds } };
    }
    case 'signature': {
      const name = typeof answer === 'object' && answer !== null && 'name' in answer ? answer.name : answer;
      if (typeof name !== 'string' || name.trim().length < 2 || name.trim().length > 300) {
        return fail(formAnswerMessages.signature);
      }
      // The time is the server's: what the filler's clock says proves nothing.
      return { ok: true, value: { name: name.trim(), signedAt: now.toISOString() } };
    }
  }
}

/**
 * A whole submission against its form: the visible fields' checked answers, or a message per
 * field id. Answers to hidden or unknown fields are dropped, never stored.
 */
export function checkAnswers(
  fields: readonly FormField[],
  answers: FormAnswers,
  now: Date = new Date(),
): { ok: true; answers: Record<string, CheckedAnswer> } | { ok: false; fieldErrors: Record<string, string> } {
  const kept: Record<string, CheckedAnswer> = {};
  const fieldErrors: Record<string, string> = {};
  for (const field of visibleFields(fields, answers)) {
    const result = checkAnswer(field, answers[field.id], now);
    if (!result.ok) fieldErrors[field.id] = result.message;
    else if (result.value !== undefined) kept[field.id] = result.value;
  }
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, answers: kept };
}

/** A line of what a submission costs: a payment item bought, or the linked season's fee. */
export interface PaymentLine {
  fieldId: string | null;
  label: string;
  quantity: number;
  unitCents: number;
}

/**
 * What the payment items of checked answers cost, in cents, with a line per item bought; a linked
 * season's fee (decision 036) is one more line. The server calls this with the form's saved
 * definition and the answers it checked, never with an amount the client sent.
 */
export function paymentLines(
  fields: readonly FormField[],
  answers: Record<string, CheckedAnswer>,
  seasonFee: { label: string; feeCents: number } | null = null,
): { total: number; lines: PaymentLine[] } {
  const lines: PaymentLine[] = visibleFields(fields, answers)
    .filter((field): field is Extract<FormField, { type: 'payment' }> => field.type === 'payment')
    .map((field) => ({
      fieldId: field.id,
      label: field.label,
      quantity: Number(answers[field.id] ?? 0),
      unitCents: field.priceCents,
    }))
    .filter((line) => line.quantity > 0);
  if (seasonFee && seasonFee.feeCents > 0) {
    lines.push({ fieldId: null, label: seasonFee.label, quantity: 1, unitCents: seasonFee.feeCents });
  }
  return { total: lines.reduce((sum, line) => sum + line.quantity * line.unitCents, 0), lines };
}

/**
 * What is due when the form is sent: the deposit the organizer set (never more than the total),
 * else the whole total. The rest is the balance, paid later from `pay-balance/…`.
 */
export function amountDueAtSubmission(totalCents: number, depositCents: number | null): number {
  if (totalCents <= 0) return 0;
  return depositCents === null ? totalCents : Math.min(depositCents, totalCents);
}

/** Stripe's smallest charge: a balance below it cannot be paid on its own, so the deposit takes it. */
export function splitDeposit(totalCents: number, depositCents: number | null): { dueNow: number; balance: number } {
  const dueNow = amountDueAtSubmission(totalCents, depositCents);
  const balance = totalCents - dueNow;
  return balance > 0 && balance < formLimits.price.min ? { dueNow: totalCents, balance: 0 } : { dueNow, balance };
}

/** A submission's money: unpaid, a deposit (part) paid, paid in full, or refunded (in part or whole). */
export const submissionPaymentStates = ['unpaid', 'deposit_paid', 'paid', 'partially_refunded', 'refunded'] as const;
export type SubmissionPaymentState = (typeof submissionPaymentStates)[number];
export const submissionPaymentStateLabels: Record<SubmissionPaymentState, string> = {
  unpaid: 'Unpaid',
  deposit_paid: 'Deposit paid',
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};

/**
 * The state of a submission's payments from its total and the settled payments' sums: `paid` is
 * what was charged, `refunded` what went back. A refund does not put the amount back on the
 * balance: the organizer gave it back, the filler does not owe it again.
 */
export function submissionPaymentState({
  totalCents,
  paidCents,
  refundedCents,
}: {
  totalCents: number;
  paidCents: number;
  refundedCents: number;
}): { state: SubmissionPaymentState; balanceCents: number } {
  const balanceCents = Math.max(0, totalCents - paidCents);
  if (refundedCents > 0) {
    return { state: refundedCents >= paidCents ? 'refunded' : 'partially_refunded', balanceCents };
  }
  if (paidCents <= 0) return { state: 'unpaid', balanceCents };
  return { state: balanceCents > 0 ? 'deposit_paid' : 'paid', balanceCents };
}

// ---------------------------------------------------------------------------------------------
// The forms API (issue 14): organizers build and manage forms; anyone fills a published one.

/** What the builder offers: every type. Payment items are offered when the form's payee can take
 * charges (the builder asks; the server refuses them otherwise). */
const fieldTypesComingLater = [] as const;
export type AvailableFieldType = Exclude<FormFieldType, (typeof fieldTypesComingLater)[number]>;
export const availableFieldTypes: readonly AvailableFieldType[] = formFieldTypes.filter(
  (type): type is AvailableFieldType => !(fieldTypesComingLater as readonly string[]).includes(type),
);
export const unavailableFieldTypeMessage = 'This kind of field is not available yet.';

export const formStatuses = ['draft', 'published', 'closed'] as const;
export type FormStatus = (typeof formStatuses)[number];
/** What a filler finds: open, or why not. */
export const formAvailabilities = ['open', 'not_open_yet', 'closed', 'full'] as const;
export type FormAvailability = (typeof formAvailabilities)[number];
/**
 * `awaiting_payment`: sent, its place held while the Checkout of what is due is open (decision
 * 036); `cancelled`: that Checkout expired or was cancelled, and the place went back.
 */
export const submissionStatuses = ['submitted', 'waitlisted', 'awaiting_payment', 'cancelled'] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

export const formMessages = {
  notOpenYet: 'This form is not open yet.',
  closed: 'This form is closed.',
  full: 'This form has reached its limit of submissions.',
  alreadySubmitted: 'You have already filled in this form.',
  defaultConfirmation: 'Thanks! Your answers were sent.',
  waitlisted: 'The form is full: you are on the waitlist, and the organizer will be in touch.',
  staleDraft: 'This form was changed in another tab or by another organizer. Reload to see the latest version.',
  notFound: 'This form does not exist or is not published.',
  seasonNotTeams: 'Pick a season of the form’s team.',
  paidSeason:
    'This season has a fee: connect Stripe (Settings › Payments) so the form can take it, or link a free season.',
  deleteConfirm: 'Delete this form and all its submissions? This cannot be undone.',
  leaveUnsaved: 'You have unsaved changes. Leave without saving?',
  /** A create naming an id that is another form's (not a repeat of the person's own create). */
  idTaken: 'This form was started elsewhere. Open the builder again.',
} as const;

/**
 * Beside the submission limit when a save sets it below the places taken: submissions sent, and
 * those holding a place while their payer is in Checkout (decision 059).
 */
export function limitBelowTakenMessage({ sent, paying }: { sent: number; paying: number }): string {
  const taken = sent + paying;
  if (paying === 0) {
    return `${sent} ${sent === 1 ? 'person has' : 'people have'} sent this form already; keep a limit of at least ${sent}.`;
  }
  const who =
    sent > 0
      ? `${sent} ${sent === 1 ? 'person has' : 'people have'} sent the form and ${paying} ${paying === 1 ? 'is' : 'are'} paying`
      : `${paying} ${paying === 1 ? 'person is' : 'people are'} paying`;
  return `${taken} ${taken === 1 ? 'place is' : 'places are'} taken: ${who} for theirs right now. Keep a limit of at least ${taken}.`;
}

/** The title a new form starts with in the builder (decision 063: it is created on its first edit). */
export const untitledFormTitle = 'Untitled form';

/** Decision 036: paying for a submission. */
/** Decision 044: withdrawing a submission (its filler) and deleting one (its readers). */
export const submissionEndMessages = {
  withdrawTitle: 'Withdraw your submission?',
  withdrawConfirm:
    'Your place is given up and anything you paid is refunded in full. A season registration made by this form ends too.',
  withdrawn: 'You withdrew this submission. Anything you paid is refunded in full.',
  deleteTitle: 'Delete this submission?',
  deleteConfirm:
    'Its answers and files are deleted, anything paid is refunded in full and a season registration it made ends. This cannot be undone.',
} as const;

export const formPaymentMessages = {
  connectStripe: 'Connect Stripe in Settings › Payments to take payments in this form.',
  ownerCannotTakePayments: 'The organizer of this form cannot take payments right now.',
  /** Spec: the payment return's message, verbatim. */
  success: 'Congratulations, Payment was successful!',
  processing: 'Your payment is being confirmed. This page updates when it is done.',
  nothingOwed: 'Nothing is owed on this submission.',
  cancelled: 'This payment was cancelled and the place released. Fill in the form again to take part.',
  waitlisted:
    'You are on the waitlist: nothing is due until a place opens. Then it is held for you and you are mailed a link to pay for it.',
  depositAboveTotal: 'The deposit is taken from the total: it cannot be charged without payment items.',
  notRefundable: 'This payment cannot be refunded.',
  notFound: 'This submission does not exist.',
} as const;

export const formTitleLength = { min: 2, max: 120 } as const;
export const formDescriptionMax = 2000;
export const confirmationMessageMax = 1000;

const formTitle = z
  .string({ error: 'Give the form a title.' })
  .trim()
  .min(formTitleLength.min, `At least ${formTitleLength.min} characters.`)
  .max(formTitleLength.max, `At most ${formTitleLength.max} characters.`);
const formMoment = instant('Pick a date and time.');

export const formSettings = z
  .strictObject({
    opensAt: formMoment.nullable().default(null),
    closesAt: formMoment.nullable().default(null),
    /** How many submissions count toward the limit; null = no limit. */
    submissionLimit: z.number().int().min(1, 'At least 1.').max(100_000).nullable().default(null),
    /** Past the limit: refuse ('closed') or take more as waitlisted ('waitlist'). */
    whenFull: z.enum(['closed', 'waitlist']).default('closed'),
    onePerPerson: z.boolean().default(true),
    confirmationMessage: z
      .string()
      .trim()
      .max(confirmationMessageMax, `At most ${confirmationMessageMax} characters.`)
      .default(''),
    /** Mail the filler a copy of their answers. */
    confirmationEmail: z.boolean().default(true),
    /** A team's form: a submission registers the filler for this season of the team (spec §7). */
    seasonId: z.uuid('Unknown season.').nullable().default(null),
    /** Who reads submissions besides the owner: the team's organizers too (team forms). */
    submissionsVisibleTo: z.enum(['owner', 'organizers']).default('organizers'),
    /** Decision 036: due when the form is sent (cents); the rest of the total is paid later. Null = all at once. */
    depositCents: z
      .number()
      .int('Whole cents.')
      .min(formLimits.price.min, 'At least $0.50.')
      .max(formLimits.price.max, 'At most $10,000.')
      .nullable()
      .default(null),
  })
  .superRefine((settings, context) => {
    if (settings.opensAt && settings.closesAt && settings.closesAt <= settings.opensAt) {
      context.addIssue({ code: 'custom', message: 'The form must close after it opens.', path: ['closesAt'] });
    }
  })
  .meta({ id: 'FormSettings' });
export type FormSettings = z.infer<typeof formSettings>;

export const formIdParams = z.object({ formId: z.uuid('Unknown form.') });
export const submissionParams = formIdParams.extend({ submissionId: z.uuid('Unknown submission.') });

/** What the builder edits and saves whole: the form less its id, owner and status. */
const formContent = {
  title: formTitle,
  description: z.string().trim().max(formDescriptionMax, `At most ${formDescriptionMax} characters.`).default(''),
  /** An uploaded picture (POST /api/images) or an http(s) address: never javascript: or data:. */
  coverImageUrl: z
    .string()
    .trim()
    .max(500, 'At most 500 characters.')
    .refine(isSafeWebsiteUrl, websiteMessages.badUrl)
    .nullable()
    .default(null),
  fields: formFields,
  settings: formSettings,
};

/**
 * A new form, for me or for a team I organize: a title (New form dialog), or everything the
 * builder holds at its first edit (decision 063: form/build creates nothing until then).
 */
export const createFormBody = z
  .strictObject({
    /**
     * Chosen by the builder (a random UUID), so a create sent again after a lost reply answers
     * with the form the first one made rather than making a second.
     */
    id: z.uuid('Unknown form.').optional(),
    teamId: z.uuid('Unknown team.').nullable().default(null),
    ...formContent,
    fields: formContent.fields.default([]),
    settings: formContent.settings.prefault({}),
  })
  .meta({ id: 'CreateForm' });

/** The builder's save (autosave and Save): the whole draft, with the version it was based on. */
export const saveFormBody = z
  .strictObject({ version: z.number().int().min(1), ...formContent })
  .meta({ id: 'SaveForm' });
export type SaveFormBody = z.input<typeof saveFormBody>;

export const formStatusBody = z.strictObject({ status: z.enum(formStatuses) }).meta({ id: 'FormStatusChange' });

export const formSummary = z
  .object({
    id: z.uuid(),
    title: z.string(),
    status: z.enum(formStatuses),
    team: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    submissionCount: z.number().int(),
    /** The viewer may edit (owner, or an organizer of the form's team). */
    canEdit: z.boolean(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'FormSummary' });
export const formListReply = z.object({ forms: z.array(formSummary) });

/** What the builder starts from: a form as its editors see it, saved or not yet. */
const formDraftFields = z.object({
  status: z.enum(formStatuses),
  title: z.string(),
  description: z.string(),
  coverImageUrl: z.string().nullable(),
  team: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  fields: z.array(formField),
  settings: formSettings,
  /** The form's payee (its maker, or the team's owner) can take charges: payment items are offered. */
  canTakePayments: z.boolean(),
});

/** The builder's view: everything, with the version to save against. */
export const formDraftReply = formDraftFields
  .extend({
    id: z.uuid(),
    version: z.number().int(),
    submissionCount: z.number().int(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'FormDraft' });
export type FormDraft = z.infer<typeof formDraftReply>;

/**
 * form/build's starting point (decision 063): an untitled draft that is not stored, so opening
 * the builder makes no form; the builder creates it (POST /api/forms) on the first edit.
 */
export const blankFormReply = formDraftFields.meta({ id: 'BlankForm' });
export type BlankForm = z.infer<typeof blankFormReply>;
export const blankFormQuery = z.object({ teamId: z.uuid('Unknown team.').optional() });

/** The filler's view (public): no settings a filler should not read. */
export const publicFormReply = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string(),
    coverImageUrl: z.string().nullable(),
    team: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    fields: z.array(formField),
    availability: z.enum(formAvailabilities),
    /** Past the limit with a waitlist: submissions are taken as waitlisted. */
    waitlistOnly: z.boolean(),
    opensAt: z.iso.datetime().nullable(),
    closesAt: z.iso.datetime().nullable(),
    /** Signed in: the viewer's name and email to prefill; null for a visitor (who types them). */
    prefill: z.object({ name: z.string(), email: z.string() }).nullable(),
    /** One submission per person and the viewer has one already. */
    alreadySubmitted: z.boolean(),
    /** The viewer may edit (shows a link to the builder). */
    canEdit: z.boolean(),
    /** A draft, shown to its editors as a preview only. */
    preview: z.boolean(),
    /** The linked season's fee, a line of every submission's total (decision 036). */
    seasonFee: z.object({ label: z.string(), feeCents: z.number().int() }).nullable(),
    /** Due at submission when the total is more; the rest is the balance. */
    depositCents: z.number().int().nullable(),
  })
  .meta({ id: 'PublicForm' });
export type PublicForm = z.infer<typeof publicFormReply>;

export const submitFormBody = z
  .strictObject({
    /** Made by the page once per filling: a repeated send (a retry, a double click) makes one submission. */
    clientId: z.uuid('Send the form again.'),
    answers: formAnswers,
    /** A visitor's name and email (ignored when signed in). */
    guest: z
      .strictObject({
        name: z.string().trim().min(2, 'At least 2 characters.').max(300, 'At most 300 characters.'),
        email: z.string().trim().toLowerCase().max(emailMaxLength).pipe(z.email('Enter a valid email address.')),
      })
      .nullable()
      .default(null),
  })
  .meta({ id: 'SubmitForm' });
export type SubmitFormBody = z.input<typeof submitFormBody>;

export const submitFormReply = z
  .object({
    submissionId: z.uuid(),
    status: z.enum(submissionStatuses),
    confirmationMessage: z.string(),
    /** Something is due: the page to pay it (with the submission's key for a visitor). */
    paymentPath: z.string().nullable(),
  })
  .meta({ id: 'FormSubmitted' });

const paymentLine = z.object({
  fieldId: z.string().nullable(),
  label: z.string(),
  quantity: z.number().int(),
  unitCents: z.number().int(),
});

/** One payment of a submission in the ledger (a deposit, the whole, or a balance). */
export const formPaymentEntry = z.object({
  id: z.uuid(),
  status: z.enum(paymentStatuses),
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
  receiptNumber: z.string().nullable(),
  paidAt: z.iso.datetime().nullable(),
});

/** What a submission costs and where its payments stand (decision 036). */
export const submissionPayment = z
  .object({
    state: z.enum(submissionPaymentStates),
    lines: z.array(paymentLine),
    totalCents: z.number().int(),
    paidCents: z.number().int(),
    refundedCents: z.number().int(),
    balanceCents: z.number().int(),
    payments: z.array(formPaymentEntry),
  })
  .meta({ id: 'FormSubmissionPayment' });
export type SubmissionPayment = z.infer<typeof submissionPayment>;

const checkedAnswer = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.string()),
  z.object({ uploadIds: z.array(z.string()) }),
  z.object({ name: z.string(), signedAt: z.string() }),
]);

/** A file sent with a submission, as its readers see it: the name given and where to download it. */
export const submittedFile = z
  .object({ id: z.uuid(), name: z.string(), sizeBytes: z.number().int(), contentType: z.string() })
  .meta({ id: 'SubmittedFile' });
export type SubmittedFile = z.infer<typeof submittedFile>;

export const submissionReply = z
  .object({
    id: z.uuid(),
    formId: z.uuid(),
    status: z.enum(submissionStatuses),
    name: z.string(),
    email: z.string(),
    /** The filler's account; null for a visitor. */
    userId: z.string().nullable(),
    answers: z.record(z.string(), checkedAnswer),
    /** The files the answers name, by upload id (names and sizes for the download links). */
    files: z.record(z.string(), submittedFile),
    /** Organizers' flag and note (the filler does not see them). */
    marked: z.boolean(),
    comment: z.string(),
    submittedAt: z.iso.datetime(),
    /** Null when the submission costs nothing. */
    payment: submissionPayment.nullable(),
  })
  .meta({ id: 'FormSubmission' });
export type Submission = z.infer<typeof submissionReply>;

export const submissionSorts = ['newest', 'oldest', 'name'] as const;
export const submissionListQuery = z.object({
  /** Name, email or any answer's text. */
  search: z.string().trim().max(200).default(''),
  /** Only submissions whose answer to `fieldId` is (or includes) `equals`. */
  fieldId: fieldId.optional(),
  equals: z.string().max(formLimits.label).optional(),
  status: z.enum(submissionStatuses).optional(),
  marked: z.enum(['true', 'false']).optional(),
  sort: z.enum(submissionSorts).default('newest'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const submissionListReply = z.object({
  form: z.object({ id: z.uuid(), title: z.string(), fields: z.array(formField), canEdit: z.boolean() }),
  submissions: z.array(submissionReply),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const submissionCsvQuery = submissionListQuery.omit({ page: true, pageSize: true });

export const updateSubmissionBody = atLeastOneChange(
  z.strictObject({
    marked: z.boolean().optional(),
    comment: z.string().trim().max(2000, 'At most 2000 characters.').optional(),
  }),
).meta({ id: 'UpdateSubmission' });

/**
 * `form/payment/{id}/{submissionId}` and `pay-balance/{id}/{submissionId}` (spec §2): the filler
 * (signed in, or a visitor with the key from the confirmation mail) or the form's organizers.
 */
export const submissionKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not valid.')
  .optional();
export const submissionPaymentQuery = z.object({ key: submissionKey });
export const submissionPaymentReply = z
  .object({
    form: z.object({ id: z.uuid(), title: z.string() }),
    submissionId: z.uuid(),
    name: z.string(),
    status: z.enum(submissionStatuses),
    /** What paying now would charge: the deposit (or whole) first, then the balance. */
    dueNowCents: z.number().int(),
    /** A Checkout is open or its completion is being confirmed. */
    pending: z.boolean(),
    payment: submissionPayment,
    /** The person who sent it is looking (signed in, or with the mailed key): they may withdraw it. */
    isFiller: z.boolean(),
  })
  .meta({ id: 'FormSubmissionPaymentView' });
export type SubmissionPaymentView = z.infer<typeof submissionPaymentReply>;
export const formCheckoutBody = z.strictObject({ key: submissionKey }).meta({ id: 'FormCheckout' });
export const formCheckoutReply = z.object({ url: z.url(), paymentId: z.uuid() }).meta({ id: 'FormCheckoutOpened' });
/** Decision 044: the filler withdraws; a visitor proves it is theirs with the mailed link's key. */
export const withdrawSubmissionBody = z.strictObject({ key: submissionKey }).meta({ id: 'WithdrawSubmission' });
export const formPaymentParams = submissionParams.extend({ paymentId: z.uuid('Unknown payment.') });
export const formRefundBody = z
  .strictObject({
    /** Cents; left out = all that is left of this payment. */
    amountCents: z
      .number()
      .int('Whole cents.')
      .min(1, 'At least $0.01.')
      .max(formLimits.price.max * 100)
      .optional(),
  })
  .meta({ id: 'FormRefund' });

/** `form/{formId}/team-form-add/{userId}` (spec §2): an organizer adds a filler to the form's team. */
export const teamFormAddParams = formIdParams.extend({ userId: z.string().min(1).max(64) });
export const teamFormAddReply = z
  .object({
    team: z.object({ id: z.uuid(), name: z.string() }),
    person: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    /** Their latest submission to the form. */
    submission: submissionReply,
    fields: z.array(formField),
    isMember: z.boolean(),
    /** The form's season, when it has one, and whether they are registered for it. */
    season: z.object({ id: z.uuid(), label: z.string(), registered: z.boolean() }).nullable(),
  })
  .meta({ id: 'TeamFormAdd' });
export type TeamFormAdd = z.infer<typeof teamFormAddReply>;
export const notATeamFormMessage = 'Only a team’s form can add people to a team.';

const formTags = ['forms'] as const;
export const formEndpoints = {
  listMine: defineEndpoint({
    method: 'GET',
    path: '/api/forms',
    summary: "My forms and my teams' forms (those I may edit or whose submissions I may read)",
    tags: formTags,
    reply: formListReply,
  }),
  blank: defineEndpoint({
    method: 'GET',
    path: '/api/forms/blank',
    summary: 'What a new form starts from in the builder (stores nothing; for me or for a team I organize)',
    tags: formTags,
    query: blankFormQuery,
    reply: blankFormReply,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/forms',
    summary: 'Start a form (a draft) for me or for a team I organize, with its content when given',
    tags: formTags,
    body: createFormBody,
    reply: formDraftReply,
    status: 201,
  }),
  getDraft: defineEndpoint({
    method: 'GET',
    path: '/api/forms/:formId/draft',
    summary: "A form as its editors build it (owner, or the team's organizers)",
    tags: formTags,
    params: formIdParams,
    reply: formDraftReply,
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/api/forms/:formId',
    summary: 'Save the whole form (autosave); refused with 409 when saved elsewhere since its version',
    tags: formTags,
    params: formIdParams,
    body: saveFormBody,
    reply: formDraftReply,
  }),
  setStatus: defineEndpoint({
    method: 'POST',
    path: '/api/forms/:formId/status',
    summary: 'Publish, close or take back to draft',
    tags: formTags,
    params: formIdParams,
    body: formStatusBody,
    reply: formDraftReply,
  }),
  duplicate: defineEndpoint({
    method: 'POST',
    path: '/api/forms/:formId/duplicate',
    summary: 'Copy a form (a new draft, no submissions)',
    tags: formTags,
    params: formIdParams,
    reply: formDraftReply,
    status: 201,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/forms/:formId',
    summary: 'Delete a form and its submissions',
    tags: formTags,
    params: formIdParams,
    reply: okReply,
  }),
  getPublic: defineEndpoint({
    method: 'GET',
    path: '/api/forms/:formId',
    summary: 'A form to fill (public when published; editors also see a draft as a preview)',
    tags: formTags,
    params: formIdParams,
    reply: publicFormReply,
  }),
  submit: defineEndpoint({
    method: 'POST',
    path: '/api/forms/:formId/submissions',
    summary: 'Fill a form (signed in, or as a visitor with a name and email)',
    tags: formTags,
    params: formIdParams,
    body: submitFormBody,
    reply: submitFormReply,
    status: 201,
  }),
  listSubmissions: defineEndpoint({
    method: 'GET',
    path: '/api/forms/:formId/submissions',
    summary: 'Submissions, searched, filtered, sorted and paged (owner and allowed organizers)',
    tags: formTags,
    params: formIdParams,
    query: submissionListQuery,
    reply: submissionListReply,
  }),
  getSubmission: defineEndpoint({
    method: 'GET',
    path: '/api/forms/:formId/submissions/:submissionId',
    summary: 'One submission (its readers, and the person who sent it)',
    tags: formTags,
    params: submissionParams,
    reply: submissionReply,
  }),
  updateSubmission: defineEndpoint({
    method: 'PATCH',
    path: '/api/forms/:formId/submissions/:submissionId',
    summary: 'Mark a submission or write a note on it (its readers)',
    tags: formTags,
    params: submissionParams,
    body: updateSubmissionBody,
    reply: submissionReply,
  }),
  removeSubmission: defineEndpoint({
    method: 'DELETE',
    path: '/api/forms/:formId/submissions/:submissionId',
    summary: 'Delete one submission: its payments refunded, its files and season registration gone (its readers)',
    tags: formTags,
    params: submissionParams,
    reply: okReply,
  }),
  withdrawSubmission: defineEndpoint({
    method: 'POST',
    path: '/api/forms/:formId/submissions/:submissionId/withdraw',
    summary: 'Withdraw your own submission: its payments refunded, its place freed (its filler, or the mailed key)',
    tags: formTags,
    params: submissionParams,
    body: withdrawSubmissionBody,
    reply: okReply,
  }),
  getTeamFormAdd: defineEndpoint({
    method: 'GET',
    path: '/api/forms/:formId/team-form-add/:userId',
    summary: "A filler of a team's form, their submission, and whether they are on the team and its season",
    tags: formTags,
    params: teamFormAddParams,
    reply: teamFormAddReply,
  }),
  teamFormAdd: defineEndpoint({
    method: 'POST',
    path: '/api/forms/:formId/team-form-add/:userId',
    summary: "Add a filler of a team's form to the team's roster, and to the form's season when it has one",
    tags: formTags,
    params: teamFormAddParams,
    reply: teamFormAddReply,
  }),
  getPayment: defineEndpoint({
    method: 'GET',
    path: '/api/forms/:formId/submissions/:submissionId/payment',
    summary: "A submission's payments and what is due (its filler, with the key for a visitor, and its readers)",
    tags: formTags,
    params: submissionParams,
    query: submissionPaymentQuery,
    reply: submissionPaymentReply,
  }),
  checkout: defineEndpoint({
    method: 'POST',
    path: '/api/forms/:formId/submissions/:submissionId/checkout',
    summary: 'Open a Checkout for what is due now: the deposit or whole at first, then the balance (the filler)',
    tags: formTags,
    params: submissionParams,
    body: formCheckoutBody,
    reply: formCheckoutReply,
  }),
  cancelPayment: defineEndpoint({
    method: 'POST',
    path: '/api/forms/:formId/submissions/:submissionId/payments/:paymentId/cancel',
    summary: "Back from Checkout's Cancel: end the session and release the held place (the filler)",
    tags: formTags,
    params: formPaymentParams,
    body: formCheckoutBody,
    reply: submissionPaymentReply,
  }),
  refund: defineEndpoint({
    method: 'POST',
    path: '/api/forms/:formId/submissions/:submissionId/payments/:paymentId/refund',
    summary: 'Refund a payment of a submission, in full or in part, never more than was paid (its readers)',
    tags: formTags,
    params: formPaymentParams,
    body: formRefundBody,
    reply: submissionReply,
  }),
} as const;

/** The CSV download of the same filter (a file, not JSON: registered on its own by the server). */
export const submissionsCsvPath = (formId: string) => `/api/forms/${formId}/submissions.csv`;
