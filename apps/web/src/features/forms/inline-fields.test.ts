import { formFields, type FormFieldInput } from '@huddle/shared/forms';
import { describe, expect, it } from 'vitest';
import { blockersSentence, inlineForm } from './inline-fields.ts';

/** Fields as the builder saves them: parsed by the shared schema, defaults filled in. */
const parse = (fields: FormFieldInput[]) => formFields.parse(fields);

const everyInlineType = parse([
  { type: 'heading', id: 'about', label: 'About you', help: 'A few words' },
  { type: 'short_text', id: 'nickname', label: 'Nickname', maxLength: 40 },
  { type: 'long_text', id: 'bio', label: 'Bio', maxLength: 800 },
  { type: 'email', id: 'work', label: 'Work email', required: true },
  { type: 'phone', id: 'phone', label: 'Phone' },
  { type: 'number', id: 'age', label: 'Age', min: 5, max: 99, wholeNumber: true },
  { type: 'number', id: 'handicap', label: 'Handicap', min: -5 },
  { type: 'date', id: 'born', label: 'Born', minDate: '1920-01-01', maxDate: '2026-12-31' },
  {
    type: 'single_choice',
    id: 'position',
    label: 'Position',
    required: true,
    options: [
      { id: 'keeper', label: 'Keeper' },
      { id: 'field', label: 'Field player' },
    ],
  },
  { type: 'multiple_choice', id: 'days', label: 'Days', options: [{ id: 'sat', label: 'Saturday' }] },
  { type: 'dropdown', id: 'shirt', label: 'Shirt size', options: [{ id: 'm', label: 'M' }] },
  { type: 'checkbox', id: 'rules', label: 'I follow the rules', required: true },
]);

describe('inlineForm: a published form as a website draws it inline', () => {
  it('maps every inline type to its native control, in the form’s order, with its input hints', () => {
    const shape = inlineForm({ fields: everyInlineType, seasonFee: null });
    if (shape.kind !== 'inline') throw new Error(`expected inline, got ${JSON.stringify(shape)}`);
    expect(shape.fields.map(({ field, control }) => [field.id, control])).toEqual([
      ['about', 'heading'],
      ['nickname', 'text'],
      ['bio', 'textarea'],
      ['work', 'email'],
      ['phone', 'tel'],
      ['age', 'number'],
      ['handicap', 'number'],
      ['born', 'date'],
      ['position', 'radios'],
      ['days', 'checkboxes'],
      ['shirt', 'select'],
      ['rules', 'checkbox'],
    ]);
    const byId = Object.fromEntries(shape.fields.map((item) => [item.field.id, item]));
    expect(byId.nickname?.attributes).toEqual({ type: 'text', maxLength: 40 });
    expect(byId.bio?.attributes).toEqual({ maxLength: 800 });
    expect(byId.work?.attributes).toEqual({ type: 'email', autoComplete: 'email', inputMode: 'email' });
    expect(byId.phone?.attributes).toEqual({ type: 'tel', autoComplete: 'tel', inputMode: 'tel' });
    // A text box with a number keyboard: whole and never negative gets digits only.
    expect(byId.age?.attributes).toEqual({ type: 'text', inputMode: 'numeric' });
    expect(byId.handicap?.attributes).toEqual({ type: 'text', inputMode: 'decimal' });
    expect(byId.born?.attributes).toEqual({ type: 'date', min: '1920-01-01', max: '2026-12-31' });
    expect(byId.position?.options).toEqual([
      { id: 'keeper', label: 'Keeper' },
      { id: 'field', label: 'Field player' },
    ]);
    expect(byId.nickname?.options).toEqual([]);
    // The field itself travels along: the shared checker runs on it before sending.
    expect(byId.rules?.field).toMatchObject({ type: 'checkbox', required: true });
  });

  it('sends a form with a payment item, a file, a signature, pages or conditions to its own page, saying why', () => {
    const withExtras = parse([
      { type: 'short_text', id: 'name2', label: 'Name' },
      { type: 'payment', id: 'fee', label: 'Fee', priceCents: 2500 },
      { type: 'file', id: 'id-scan', label: 'ID' },
      { type: 'signature', id: 'waiver', label: 'Waiver', waiverText: 'I play at my own risk.' },
      { type: 'page_break', id: 'p2', label: 'More' },
      { type: 'checkbox', id: 'kid', label: 'Under 18' },
      { type: 'short_text', id: 'parent', label: 'Parent', showWhen: { fieldId: 'kid', equals: 'true' } },
    ]);
    const shape = inlineForm({ fields: withExtras, seasonFee: null });
    expect(shape).toEqual({ kind: 'link', blockers: ['payment', 'files', 'signature', 'pages', 'conditions'] });
    if (shape.kind === 'link') {
      expect(blockersSentence(shape.blockers)).toBe(
        'This form opens on its own page because it takes a payment, asks for files, asks for a signature, has several pages and shows questions depending on earlier answers.',
      );
    }
  });

  it('treats each of them alone as enough to link, and a linked season’s fee as a payment', () => {
    const one = (field: FormFieldInput) => inlineForm({ fields: parse([field]), seasonFee: null });
    expect(one({ type: 'payment', id: 'fee', label: 'Fee', priceCents: 1000 })).toEqual({
      kind: 'link',
      blockers: ['payment'],
    });
    expect(one({ type: 'file', id: 'scan', label: 'Scan' })).toEqual({ kind: 'link', blockers: ['files'] });
    expect(one({ type: 'signature', id: 'sign', label: 'Sign', waiverText: 'Waiver' })).toEqual({
      kind: 'link',
      blockers: ['signature'],
    });
    const conditional = parse([
      { type: 'checkbox', id: 'kid', label: 'Under 18' },
      { type: 'heading', id: 'parents', label: 'Parents', showWhen: { fieldId: 'kid', equals: 'true' } },
    ]);
    expect(inlineForm({ fields: conditional, seasonFee: null })).toEqual({ kind: 'link', blockers: ['conditions'] });
    const paidSeason = inlineForm({ fields: everyInlineType, seasonFee: { label: 'Fall', feeCents: 4000 } });
    expect(paidSeason).toEqual({ kind: 'link', blockers: ['payment'] });
    expect(blockersSentence(['payment'])).toBe('This form opens on its own page because it takes a payment.');
  });

  it('draws a form with no questions, and a free season’s form, inline', () => {
    expect(inlineForm({ fields: [], seasonFee: null })).toEqual({ kind: 'inline', fields: [] });
    expect(inlineForm({ fields: everyInlineType, seasonFee: { label: 'Free', feeCents: 0 } }).kind).toBe('inline');
  });
});
