import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  accountFieldMessages,
  emailPattern,
  forgotPasswordProblems,
  resetPasswordProblems,
  signInProblems,
  signUpProblems,
} from './account-fields.ts';
import { forgotPasswordBody, resetPasswordBody, signInBody, signUpBody } from './accounts.ts';

/** The first message per field of a zod parse, in the shape the *Problems functions return. */
function zodProblems(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    problems[field] ??= issue.message;
  }
  return problems;
}

const samples = {
  email: [
    '',
    ' ',
    'a',
    'a@b',
    'a@b.c',
    'sam@example.com',
    ' Sam@Example.COM ',
    'sam@@example.com',
    '.sam@example.com',
    `${'a'.repeat(95)}@x.com`,
    'sam@exa_mple.com',
    "o'neil@example.ie",
  ],
  name: [
    '',
    ' ',
    'A',
    'Al',
    'Sam Rivera',
    '  Jo  ',
    'x'.repeat(25),
    'x'.repeat(26),
    'www.sam.com',
    'sam.dev',
    '!!',
    '--',
    'Ana María',
  ],
  password: [
    '',
    'short',
    'aaaaaaaa',
    '12345678',
    'abcabcabc',
    'qwertyuiop',
    'correct horse',
    'Tr1cky-Pass',
    'x'.repeat(129),
    '        ',
    // The sample emails as passwords (issue 30), one of them invalid as an email.
    'sam@example.com',
    ' SAM@example.COM ',
    'sam@exa_mple.com',
  ],
};

/*
 * The sign-in pages check with account-fields.ts and the server with the zod schemas: for the
 * same input both must name the same fields with the same first message (decision 023).
 */
describe('the auth forms check what the server checks', () => {
  it('sign-in', () => {
    for (const email of samples.email)
      for (const password of samples.password) {
        const values = { email, password };
        expect(signInProblems(values), JSON.stringify(values)).toEqual(zodProblems(signInBody, values));
      }
  });

  it('sign-up', () => {
    for (const name of samples.name)
      for (const email of samples.email)
        for (const password of samples.password) {
          const values = { name, email, password };
          expect(signUpProblems(values), JSON.stringify(values)).toEqual(zodProblems(signUpBody, values));
        }
  });

  it('forgot password', () => {
    for (const email of samples.email) {
      expect(forgotPasswordProblems({ email }), email).toEqual(zodProblems(forgotPasswordBody, { email }));
    }
  });

  it('reset password: the password rules, and the two entries must match', () => {
    for (const password of samples.password) {
      const { confirmPassword: _none, ...own } = resetPasswordProblems({ password, confirmPassword: password });
      expect(own, password).toEqual(zodProblems(resetPasswordBody, { token: 't', password }));
    }
    expect(resetPasswordProblems({ password: 'correct horse', confirmPassword: 'correct hors' })).toEqual({
      confirmPassword: accountFieldMessages.passwordsDiffer,
    });
  });

  it('accepts exactly the email addresses zod accepts', () => {
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), fc.string()), (value) => {
        expect(emailPattern.test(value)).toBe(z.regexes.email.test(value));
      }),
    );
  });
});
