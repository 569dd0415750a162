import { describe, expect, it } from 'vitest';
import { password, signUpBody } from './accounts.ts';
import { isTrivialPassword } from './account-fields.ts';
import { signInErrorKindFor } from './account-messages.ts';

describe('isTrivialPassword', () => {
  it.each([
    '        ',
    '\t\t\t\t\t\t\t\t',
    'aaaaaaaa',
    '12121212',
    'abcabcabc',
    'passpass',
    '12345678',
    '87654321',
    'abcdefgh',
    'QWERTYUI',
    'lkjhgfds',
    '0987654321',
  ])('calls %j trivial', (value) => {
    expect(isTrivialPassword(value)).toBe(true);
  });

  it.each(['huddle-demo-2026', 'correct horse battery', 'pickup game 2026', 'a fresh start 2026', 'Tr0ub4dor&3'])(
    'accepts %j',
    (value) => {
      expect(isTrivialPassword(value)).toBe(false);
    },
  );
});

describe('the password rule', () => {
  it('says the length first, then the triviality, beside the field', () => {
    expect(password.safeParse('aaa').error?.issues.map((issue) => issue.message)).toEqual([
      'Password must be at least 8 characters.',
    ]);
    expect(password.safeParse('        ').error?.issues).toHaveLength(1);
    expect(password.safeParse('pickup game 2026').success).toBe(true);
  });
});

describe('the sign-up body', () => {
  // A JSON `null` body reached the email-as-password check's `when` raw and threw: a 500, not a 400.
  it.each([null, [], 'text', 7])('refuses %j as a body instead of throwing', (value) => {
    const result = signUpBody.safeParse(value);
    expect(result.success).toBe(false);
  });
});

describe('the login mapping (spec §8)', () => {
  it.each([
    ['EMAIL_NOT_FOUND', 'EmailNotFound'],
    ['INVALID_CREDENTIALS', 'InvalidUser'],
    ['VALIDATION_FAILED', 'InvalidUser'],
    ['RATE_LIMITED', 'NetworkError'],
    ['NETWORK', 'NetworkError'],
    ['CANCELLED', 'CancelledByUser'],
    ['NO_PASSWORD_SET', 'NoPasswordSet'],
    // "unverified email gives NoPasswordSet" (decision 062).
    ['EMAIL_NOT_VERIFIED', 'NoPasswordSet'],
    ['INTERNAL', 'Unknown'],
  ] as const)('gives %s the kind %s', (code, kind) => {
    expect(signInErrorKindFor(code)).toBe(kind);
  });
});
