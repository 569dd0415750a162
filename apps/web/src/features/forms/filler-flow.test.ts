import type { FormField } from '@huddle/shared/forms';
import { describe, expect, it } from 'vitest';
import {
  answersToSend,
  checkGuest,
  checkPage,
  nextPageIndex,
  pageAt,
  pageOfFirstError,
  previousPageIndex,
  shownPages,
  submitErrors,
} from './filler-flow.ts';

// Page 1: position (+ gloves for keepers); page 2 (keepers only): waiver; page 3: consent.
const fields: FormField[] = [
  {
    id: 'position',
    type: 'single_choice',
    label: 'Position',
    required: true,
    options: [
      { id: 'keeper', label: 'Keeper' },
      { id: 'field', label: 'Field player' },
    ],
  },
  {
    id: 'gloves',
    type: 'short_text',
    label: 'Glove size',
    required: true,
    showWhen: { fieldId: 'position', equals: 'keeper' },
  },
  {
    id: 'p2',
    type: 'page_break',
    label: 'Keepers',
    required: false,
    showWhen: { fieldId: 'position', equals: 'keeper' },
  },
  { id: 'waiver', type: 'signature', label: 'Waiver', required: true, waiverText: 'Keepers get hit.' },
  { id: 'p3', type: 'page_break', label: 'Last', required: false },
  { id: 'consent', type: 'checkbox', label: 'Photos are fine', required: true },
];

describe('the filler’s pages', () => {
  it('skips a page whose condition does not hold, and a field whose condition does not hold', () => {
    const fieldPlayer = shownPages(fields, { position: 'field' });
    expect(fieldPlayer.map((page) => page.index)).toEqual([0, 2]);
    expect(fieldPlayer[0]?.fields.map((field) => field.id)).toEqual(['position']);
    expect(nextPageIndex(fieldPlayer, 0)).toBe(2);
    expect(previousPageIndex(fieldPlayer, 2)).toBe(0);
    const keeper = shownPages(fields, { position: 'keeper' });
    expect(keeper.map((page) => page.index)).toEqual([0, 1, 2]);
    expect(keeper[0]?.fields.map((field) => field.id)).toEqual(['position', 'gloves']);
  });

  it('shows the next shown page when the wanted one became hidden (an answer changed on going back)', () => {
    const pages = shownPages(fields, { position: 'field' });
    expect(pageAt(pages, 1).index).toBe(2);
    expect(pageAt(pages, 0).index).toBe(0);
  });

  it('checks only the current page’s visible fields with the shared checker', () => {
    const [first] = shownPages(fields, { position: 'keeper' });
    if (!first) throw new Error('no first page');
    expect(checkPage(first, { position: 'keeper' })).toEqual({ gloves: 'This field is required.' });
    expect(checkPage(first, { position: 'keeper', gloves: 'M' })).toEqual({});
    const last = pageAt(shownPages(fields, { position: 'field' }), 2);
    expect(checkPage(last, {})).toEqual({ consent: 'Tick the box to go on.' });
  });

  it('goes back to the page of the first server error, in form order', () => {
    const answers = { position: 'keeper', gloves: 'M', waiver: 'Al Keeper' };
    expect(
      pageOfFirstError(fields, answers, { consent: 'Tick the box to go on.', waiver: 'Type your full name to sign.' }),
    ).toBe(1);
    expect(pageOfFirstError(fields, answers, { consent: 'Tick the box to go on.' })).toBe(2);
    expect(pageOfFirstError(fields, answers, { 'guest.email': 'Enter a valid email address.', consent: 'x' })).toBe(0);
    expect(submitErrors({ 'answers.consent': 'Tick the box to go on.', 'guest.email': 'Bad' })).toEqual({
      consent: 'Tick the box to go on.',
      'guest.email': 'Bad',
    });
  });

  it('keeps answers to hidden fields in state but sends only the visible ones', () => {
    const answers = { position: 'field', gloves: 'M', waiver: 'Al', consent: true };
    expect(answersToSend(fields, answers)).toEqual({ position: 'field', consent: true });
    // Going back and picking keeper again brings the kept glove size back.
    expect(answersToSend(fields, { ...answers, position: 'keeper' })).toEqual({ ...answers, position: 'keeper' });
  });

  it('asks a visitor for a name and a valid email', () => {
    expect(checkGuest({ name: ' A ', email: 'nope' })).toEqual({
      'guest.name': 'At least 2 characters.',
      'guest.email': 'Enter a valid email address.',
    });
    expect(checkGuest({ name: 'Ana', email: 'ana@example.com' })).toEqual({});
  });
});
