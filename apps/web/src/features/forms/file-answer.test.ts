import type { FormField } from '@huddle/shared/forms';
import { uploadMessages } from '@huddle/shared/uploads';
import { describe, expect, it } from 'vitest';
import { formatAnswer } from './answer-format.ts';
import { acceptAttribute, fileAnswerOf, fileProblem, fileRules, withFile, withoutFile } from './file-answer.ts';

const field: Extract<FormField, { type: 'file' }> = {
  type: 'file',
  id: 'scan',
  label: 'ID document',
  required: true,
  accept: ['pdf', 'jpeg'],
  maxSizeMb: 2,
  maxFiles: 2,
};
const pdf = { id: '0b7f5c1e-2a4d-4f8e-9c3b-1d2e3f4a5b6c', name: 'passport.pdf', sizeBytes: 1200 };
const photo = { id: '1b7f5c1e-2a4d-4f8e-9c3b-1d2e3f4a5b6c', name: 'licence.jpg', sizeBytes: 3400 };

describe('a file question while filling', () => {
  it('keeps the ids the server reads in step with the files listed', () => {
    const empty = fileAnswerOf(undefined);
    expect(empty).toEqual({ uploadIds: [], files: [] });
    const two = withFile(withFile(empty, pdf), photo);
    expect(two.uploadIds).toEqual([pdf.id, photo.id]);
    expect(withoutFile(two, pdf.id)).toEqual({ uploadIds: [photo.id], files: [photo] });
    // What the tab kept (sessionStorage) reads back the same.
    expect(fileAnswerOf(JSON.parse(JSON.stringify(two)))).toEqual(two);
  });

  it('says the rules, offers only the allowed kinds, and refuses too large or too many before sending', () => {
    expect(fileRules(field)).toBe('PDF or JPEG, up to 2 MB, 2 files at most.');
    expect(acceptAttribute(field)).toBe('application/pdf,.pdf,image/jpeg,.jpg,.jpeg');
    const big = new File([new Uint8Array(3 * 1024 * 1024)], 'big.pdf');
    const small = new File(['%PDF-'], 'small.pdf');
    expect(fileProblem(field, big, fileAnswerOf(undefined))).toBe(uploadMessages.tooLarge(2));
    expect(fileProblem(field, small, withFile(withFile(fileAnswerOf(undefined), pdf), photo))).toBe('At most 2 files.');
    expect(fileProblem(field, small, fileAnswerOf(undefined))).toBeNull();
  });

  it('shows a submitted file answer by the files’ names', () => {
    const files = { [pdf.id]: { ...pdf, contentType: 'application/pdf' } };
    expect(formatAnswer(field, { uploadIds: [pdf.id] }, files)).toBe('passport.pdf');
    expect(formatAnswer(field, { uploadIds: [pdf.id, photo.id] }, files)).toBe('2 files');
  });
});
