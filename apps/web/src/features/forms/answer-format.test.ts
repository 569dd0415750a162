import type { FormField } from '@huddle/shared/forms';
import { describe, expect, it } from 'vitest';
import { formatAnswer, withColon } from './answer-format.ts';
import { filtersQuery } from './submission-filters.ts';

const options = [
  { id: 'keeper', label: 'Keeper' },
  { id: 'field', label: 'Field player' },
];

describe('a submission’s answers as people read them', () => {
  it('names options by their labels, in order', () => {
    const single: FormField = { id: 'p', type: 'single_choice', label: 'Position', required: false, options };
    const multiple: FormField = { id: 'm', type: 'multiple_choice', label: 'Positions', required: false, options };
    expect(formatAnswer(single, 'field')).toBe('Field player');
    expect(formatAnswer(multiple, ['keeper', 'field'])).toBe('Keeper, Field player');
  });

  it('says who signed and when, yes or no for a box, and a dash for no answer', () => {
    const waiver: FormField = { id: 'w', type: 'signature', label: 'Waiver', required: true, waiverText: 'Ok' };
    expect(formatAnswer(waiver, { name: 'Ana Lima', signedAt: '2026-11-26T03:00:00.000Z' })).toMatch(
      /^Signed by Ana Lima on .*2026/,
    );
    expect(formatAnswer({ id: 'c', type: 'checkbox', label: 'Agree', required: true }, true)).toBe('Yes');
    expect(formatAnswer({ id: 'n', type: 'short_text', label: 'Name', required: false }, undefined)).toBe('—');
  });

  it('writes a date answer as the day it names, whatever the zone', () => {
    const date: FormField = { id: 'd', type: 'date', label: 'Born', required: false };
    expect(formatAnswer(date, '2010-03-01')).toMatch(/2010/);
    expect(formatAnswer(date, '2010-03-01')).toMatch(/Mar|3/);
  });
});

describe('the CSV link carries the list’s filters', () => {
  it('leaves out what is not set', () => {
    expect(filtersQuery({ search: 'wall', sort: 'newest', marked: 'true', fieldId: undefined })).toBe(
      'search=wall&sort=newest&marked=true',
    );
    expect(filtersQuery({ search: '', sort: 'name' })).toBe('sort=name');
  });
});

describe('a question before its answer in a card', () => {
  it('takes a colon unless it ends in its own mark', () => {
    expect(withColon('Shirt size')).toBe('Shirt size:');
    expect(withColon('Where do you like to play?')).toBe('Where do you like to play?');
    expect(withColon('Phone:')).toBe('Phone:');
  });
});
