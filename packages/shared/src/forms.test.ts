import { describe, expect, it } from 'vitest';
import {
  amountDueAtSubmission,
  availableFieldTypes,
  checkAnswer,
  checkAnswers,
  formAnswerMessages,
  formField,
  formFields,
  formPages,
  formSettings,
  paymentLines,
  splitDeposit,
  submissionPaymentState,
  visibleFields,
  type FormField,
  type FormFieldInput,
} from './forms.ts';

const field = (input: FormFieldInput): FormField => formField.parse(input);
const fields = (input: FormFieldInput[]): FormField[] => formFields.parse(input);
const now = new Date('2026-11-26T10:00:00Z');
const rejects = (definition: FormField, answer: unknown) => {
  const result = checkAnswer(definition, answer, now);
  return result.ok ? null : result.message;
};
const keeps = (definition: FormField, answer: unknown) => {
  const result = checkAnswer(definition, answer, now);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.value;
};

describe('form fields: every type and rule', () => {
  it('short text: trimmed, length and pattern checked', () => {
    const name = field({ type: 'short_text', id: 'name', label: 'Name', required: true, minLength: 2, maxLength: 5 });
    expect(keeps(name, '  Ana ')).toBe('Ana');
    expect(rejects(name, '   ')).toBe(formAnswerMessages.required);
    expect(rejects(name, 'A')).toBe(formAnswerMessages.tooShort(2));
    expect(rejects(name, 'Alexandra')).toBe(formAnswerMessages.tooLong(5));
    expect(rejects(name, 42)).toBe(formAnswerMessages.required);
    const jersey = field({
      type: 'short_text',
      id: 'jersey',
      label: 'Jersey',
      pattern: { regex: '^[A-Z]{2}[0-9]{2}$', message: 'Two letters, two digits.' },
    });
    expect(keeps(jersey, 'AB12')).toBe('AB12');
    expect(rejects(jersey, 'ab12')).toBe('Two letters, two digits.');
    expect(keeps(jersey, '')).toBeUndefined();
  });

  it('refuses a pattern that does not compile or could hang the server', () => {
    const withPattern = (regex: string) =>
      formField.safeParse({ type: 'short_text', id: 'x', label: 'X', pattern: { regex } }).success;
    expect(withPattern('^[0-9]+$')).toBe(true);
    expect(withPattern('(')).toBe(false);
    expect(withPattern('(a+)+$')).toBe(false);
  });

  it('long text has its own ceiling', () => {
    const notes = field({ type: 'long_text', id: 'notes', label: 'Notes' });
    expect(keeps(notes, 'x'.repeat(5000))).toHaveLength(5000);
    expect(rejects(notes, 'x'.repeat(5001))).toBe(formAnswerMessages.tooLong(5000));
  });

  it('email and phone', () => {
    const email = field({ type: 'email', id: 'email', label: 'Email', required: true });
    expect(keeps(email, ' Ana@Example.COM ')).toBe('ana@example.com');
    expect(rejects(email, 'ana@')).toBe(formAnswerMessages.email);
    const phone = field({ type: 'phone', id: 'phone', label: 'Phone' });
    expect(keeps(phone, '+1 (512) 555-0100')).toBe('+1 (512) 555-0100');
    expect(rejects(phone, '555')).toBe(formAnswerMessages.phone);
    expect(rejects(phone, 'call me')).toBe(formAnswerMessages.phone);
  });

  it('number: range and whole numbers, from a number or its text', () => {
    const age = field({ type: 'number', id: 'age', label: 'Age', min: 5, max: 99, wholeNumber: true });
    expect(keeps(age, 12)).toBe(12);
    expect(keeps(age, ' 40 ')).toBe(40);
    expect(rejects(age, 4)).toBe(formAnswerMessages.atLeast(5));
    expect(rejects(age, 100)).toBe(formAnswerMessages.atMost(99));
    expect(rejects(age, 12.5)).toBe(formAnswerMessages.wholeNumber);
    expect(rejects(age, 'twelve')).toBe(formAnswerMessages.number);
    expect(rejects(age, Number.POSITIVE_INFINITY)).toBe(formAnswerMessages.number);
  });

  it('date: a real calendar day within the range', () => {
    const born = field({ type: 'date', id: 'born', label: 'Born', minDate: '1920-01-01', maxDate: '2020-12-31' });
    expect(keeps(born, '2001-02-03')).toBe('2001-02-03');
    expect(rejects(born, '2001-02-30')).toBe(formAnswerMessages.date);
    expect(rejects(born, '1900-01-01')).toBe(formAnswerMessages.notBefore('1920-01-01'));
    expect(rejects(born, '2021-01-01')).toBe(formAnswerMessages.notAfter('2020-12-31'));
  });

  it('single choice, dropdown and multiple choice take only their options', () => {
    const options = [
      { id: 's', label: 'Small' },
      { id: 'm', label: 'Medium' },
      { id: 'l', label: 'Large' },
    ];
    const size = field({ type: 'single_choice', id: 'size', label: 'Size', options, required: true });
    expect(keeps(size, 'm')).toBe('m');
    expect(rejects(size, 'xl')).toBe(formAnswerMessages.choice);
    const level = field({ type: 'dropdown', id: 'level', label: 'Level', options });
    expect(rejects(level, ['s'])).toBe(formAnswerMessages.choice);
    const days = field({ type: 'multiple_choice', id: 'days', label: 'Days', options, minSelected: 1, maxSelected: 2 });
    expect(keeps(days, ['l', 's', 's'])).toEqual(['s', 'l']);
    expect(rejects(days, ['s', 'm', 'l'])).toBe(formAnswerMessages.atMostChoices(2));
    expect(rejects(days, ['xl'])).toBe(formAnswerMessages.choices);
    expect(rejects(days, 's')).toBe(formAnswerMessages.choices);
  });

  it('checkbox: required means ticked', () => {
    const agree = field({ type: 'checkbox', id: 'agree', label: 'I agree', required: true });
    expect(keeps(agree, true)).toBe(true);
    expect(rejects(agree, false)).toBe(formAnswerMessages.mustCheck);
    expect(rejects(agree, 'yes')).toBe(formAnswerMessages.mustCheck);
  });

  it('file: upload ids, nothing else, at most the field allows', () => {
    const photo = field({ type: 'file', id: 'photo', label: 'Photo', required: true, maxFiles: 2 });
    const [a, b, c] = [
      '0b7f5c1e-2a4d-4f8e-9c3b-1d2e3f4a5b6c',
      '1b7f5c1e-2a4d-4f8e-9c3b-1d2e3f4a5b6c',
      '2b7f5c1e-2a4d-4f8e-9c3b-1d2e3f4a5b6c',
    ];
    expect(keeps(photo, { uploadIds: [a, b, a] })).toEqual({ uploadIds: [a, b] });
    expect(rejects(photo, { uploadIds: [a, b, c] })).toBe(formAnswerMessages.tooManyFiles(2));
    expect(rejects(photo, { uploadIds: [] })).toBe(formAnswerMessages.file);
    expect(rejects(photo, { uploadIds: ['../../etc/passwd'] })).toBe(formAnswerMessages.file);
    expect(rejects(photo, 'https://elsewhere.example/x.png')).toBe(formAnswerMessages.file);
  });

  it('signature: a typed name, stamped with the server’s time, not the client’s', () => {
    const waiver = field({
      type: 'signature',
      id: 'waiver',
      label: 'Waiver',
      waiverText: 'I play at my own risk.',
      required: true,
    });
    expect(keeps(waiver, { name: ' Ana Diaz ', signedAt: '1999-01-01T00:00:00Z' })).toEqual({
      name: 'Ana Diaz',
      signedAt: now.toISOString(),
    });
    expect(rejects(waiver, { name: 'A' })).toBe(formAnswerMessages.signature);
  });

  it('payment: a fixed item is bought when required or ticked; a quantity stays in its range', () => {
    const fee = field({ type: 'payment', id: 'fee', label: 'Season fee', priceCents: 5000, required: true });
    expect(keeps(fee, undefined)).toBe(1);
    const shirt = field({
      type: 'payment',
      id: 'shirt',
      label: 'Shirt',
      priceCents: 2000,
      quantity: { min: 1, max: 3 },
    });
    expect(keeps(shirt, undefined)).toBe(0);
    expect(keeps(shirt, '2')).toBe(2);
    expect(rejects(shirt, 4)).toBe(formAnswerMessages.quantity(1, 3));
    expect(rejects(shirt, 1.5)).toBe(formAnswerMessages.quantity(1, 3));
    expect(formField.safeParse({ type: 'payment', id: 'p', label: 'P', priceCents: 10 }).success).toBe(false);
  });
});

describe('a form’s fields together', () => {
  it('refuses duplicate ids, conditions on later or layout fields, unknown options, and a leading page break', () => {
    const issues = (input: FormFieldInput[]) =>
      formFields.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];
    expect(
      issues([
        { type: 'email', id: 'a', label: 'A' },
        { type: 'phone', id: 'a', label: 'B' },
      ]),
    ).toEqual(['1.id: Two fields share an id.']);
    expect(
      issues([
        { type: 'short_text', id: 'a', label: 'A', showWhen: { fieldId: 'b', equals: 'x' } },
        { type: 'short_text', id: 'b', label: 'B' },
      ]),
    ).toEqual(['0.showWhen.fieldId: A field can only depend on an earlier question.']);
    expect(
      issues([
        { type: 'heading', id: 'h', label: 'About you' },
        { type: 'short_text', id: 'a', label: 'A', showWhen: { fieldId: 'h', equals: 'x' } },
      ]),
    ).toEqual(['1.showWhen.fieldId: A field can only depend on an earlier question.']);
    expect(
      issues([
        { type: 'dropdown', id: 'd', label: 'D', options: [{ id: 'yes', label: 'Yes' }] },
        { type: 'short_text', id: 'a', label: 'A', showWhen: { fieldId: 'd', equals: 'maybe' } },
      ]),
    ).toEqual(['1.showWhen.equals: Pick one of that question’s options.']);
    expect(issues([{ type: 'page_break', id: 'p', label: 'Page 2' }])).toEqual([
      '0.type: A form cannot start with a page break.',
    ]);
    expect(issues([{ type: 'number', id: 'n', label: 'N', min: 5, max: 1 }])).toEqual([
      '0.max: The maximum is below the minimum.',
    ]);
  });

  const tryout = fields([
    { type: 'short_text', id: 'name', label: 'Name', required: true },
    {
      type: 'single_choice',
      id: 'role',
      label: 'Role',
      required: true,
      options: [
        { id: 'player', label: 'Player' },
        { id: 'parent', label: 'Parent' },
      ],
    },
    {
      type: 'short_text',
      id: 'child',
      label: 'Child’s name',
      required: true,
      showWhen: { fieldId: 'role', equals: 'parent' },
    },
    { type: 'page_break', id: 'gear', label: 'Gear', showWhen: { fieldId: 'role', equals: 'player' } },
    { type: 'payment', id: 'shirt', label: 'Shirt', priceCents: 2500, quantity: { min: 1, max: 2 } },
    { type: 'page_break', id: 'fees', label: 'Fees' },
    { type: 'payment', id: 'fee', label: 'Tryout fee', priceCents: 1000, required: true },
  ]);

  it('shows a field only when the earlier answer matches, and a page only when its break’s condition holds', () => {
    const ids = (answers: Record<string, unknown>) => visibleFields(tryout, answers).map((item) => item.id);
    expect(ids({ role: 'parent' })).toEqual(['name', 'role', 'child', 'fees', 'fee']);
    expect(ids({ role: 'player' })).toEqual(['name', 'role', 'gear', 'shirt', 'fees', 'fee']);
    expect(formPages(tryout).map((page) => page.fields.map((item) => item.id))).toEqual([
      ['name', 'role', 'child'],
      ['shirt'],
      ['fee'],
    ]);
  });

  it('checks only visible fields, drops hidden and unknown answers, and totals the payment items', () => {
    const parent = checkAnswers(tryout, { name: 'Ana', role: 'parent', child: 'Leo', shirt: 2, extra: 'x' }, now);
    expect(parent).toEqual({ ok: true, answers: { name: 'Ana', role: 'parent', child: 'Leo', fee: 1 } });
    if (!parent.ok) throw new Error('refused');
    expect(paymentLines(tryout, parent.answers).total).toBe(1000);

    const player = checkAnswers(tryout, { name: 'Bo', role: 'player', shirt: 2 }, now);
    if (!player.ok) throw new Error('refused');
    expect(paymentLines(tryout, player.answers)).toEqual({
      total: 6000,
      lines: [
        { fieldId: 'shirt', label: 'Shirt', quantity: 2, unitCents: 2500 },
        { fieldId: 'fee', label: 'Tryout fee', quantity: 1, unitCents: 1000 },
      ],
    });

    expect(checkAnswers(tryout, { role: 'parent' }, now)).toEqual({
      ok: false,
      fieldErrors: { name: formAnswerMessages.required, child: formAnswerMessages.required },
    });
  });
});

describe('form payments: totals, deposits and states (decision 036)', () => {
  const items = fields([
    { type: 'payment', id: 'fee', label: 'Entry', priceCents: 4000, required: true },
    { type: 'payment', id: 'meal', label: 'Meal', priceCents: 1250, quantity: { min: 0, max: 3 } },
    { type: 'payment', id: 'cap', label: 'Cap', priceCents: 900 },
  ]);

  it('totals from the definition and the checked answers, with the season fee as one more line', () => {
    const checked = checkAnswers(items, { meal: 2, cap: true }, now);
    if (!checked.ok) throw new Error('refused');
    expect(paymentLines(items, checked.answers).total).toBe(4000 + 2500 + 900);
    const withSeason = paymentLines(items, checked.answers, { label: 'Fall league season', feeCents: 6000 });
    expect(withSeason.total).toBe(13_400);
    expect(withSeason.lines.at(-1)).toEqual({
      fieldId: null,
      label: 'Fall league season',
      quantity: 1,
      unitCents: 6000,
    });
    // A free season adds no line.
    expect(paymentLines(items, checked.answers, { label: 'Free', feeCents: 0 }).lines).toHaveLength(3);
  });

  it('refuses quantities outside the range, whatever the client sends', () => {
    expect(checkAnswers(items, { meal: 4 }, now)).toEqual({
      ok: false,
      fieldErrors: { meal: formAnswerMessages.quantity(1, 3) },
    });
    expect(checkAnswers(items, { meal: 1.5 }, now).ok).toBe(false);
    expect(checkAnswers(items, { meal: -1 }, now).ok).toBe(false);
  });

  it('splits the deposit from the balance, never charging more than the total or a balance under $0.50', () => {
    expect(splitDeposit(10_000, null)).toEqual({ dueNow: 10_000, balance: 0 });
    expect(splitDeposit(10_000, 2500)).toEqual({ dueNow: 2500, balance: 7500 });
    expect(splitDeposit(2000, 2500)).toEqual({ dueNow: 2000, balance: 0 });
    expect(splitDeposit(2520, 2500)).toEqual({ dueNow: 2520, balance: 0 });
    expect(splitDeposit(0, 2500)).toEqual({ dueNow: 0, balance: 0 });
    expect(amountDueAtSubmission(3000, 1000)).toBe(1000);
  });

  it('names the payment state from what was charged and refunded', () => {
    const state = (paidCents: number, refundedCents = 0) =>
      submissionPaymentState({ totalCents: 10_000, paidCents, refundedCents });
    expect(state(0)).toEqual({ state: 'unpaid', balanceCents: 10_000 });
    expect(state(2500)).toEqual({ state: 'deposit_paid', balanceCents: 7500 });
    expect(state(10_000)).toEqual({ state: 'paid', balanceCents: 0 });
    expect(state(10_000, 4000).state).toBe('partially_refunded');
    expect(state(10_000, 10_000)).toEqual({ state: 'refunded', balanceCents: 0 });
  });

  it('a deposit is a price: at least $0.50, whole cents', () => {
    expect(formSettings.safeParse({ depositCents: 49 }).success).toBe(false);
    expect(formSettings.safeParse({ depositCents: 12.5 }).success).toBe(false);
    expect(formSettings.parse({}).depositCents).toBeNull();
  });

  it('payment items are offered in the builder', () => {
    expect(availableFieldTypes).toContain('payment');
  });
});
