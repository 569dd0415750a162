import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { formLevelMessage } from './form-level-error.tsx';

describe('formLevelMessage', () => {
  it('says nothing before a save fails', () => {
    expect(formLevelMessage(null)).toBeNull();
    expect(formLevelMessage(undefined)).toBeNull();
  });

  it('leaves field messages to the fields', () => {
    const invalid = new ApiError('VALIDATION_FAILED', 'Check the highlighted fields.', 400, {
      name: ['Enter a name.'],
    });
    expect(formLevelMessage(invalid)).toBeNull();
  });

  it('says a failure no field can show', () => {
    expect(formLevelMessage(new ApiError('CONFLICT', 'This season is full.', 409))).toBe('This season is full.');
    expect(formLevelMessage(new ApiError('NETWORK', 'Huddle could not be reached.', 0))).toBe(
      'Huddle could not be reached.',
    );
    expect(formLevelMessage(new Error('Something broke'))).toBe('Something broke');
  });
});
