import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signUpBodyFor, signUpUser } from '../test/factories.ts';
import { redactForLog, redactRequestUrl, serializeErrorForLog } from './log-redaction.ts';

/** A failed insert as Drizzle and node-postgres report it: the values are in three places. */
function duplicateEmailError() {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
    code: '23505',
    constraint: 'users_email_unique',
    table: 'users',
    detail: 'Key (email)=(kim.lee@example.com) already exists.',
  });
  return new DrizzleQueryError(
    'insert into "users" ("id", "name", "email") values ($1, $2, $3)',
    ['b7e3', 'Kim\n    at Lee', 'kim.lee@example.com'],
    cause,
  );
}

describe('errors as logged', () => {
  it('keep the SQL, codes and constraint, and drop the values (params, detail, the message and stack)', () => {
    const logged = JSON.stringify(serializeErrorForLog(duplicateEmailError()));
    expect(logged).not.toContain('kim.lee');
    expect(logged).not.toContain('Kim');
    expect(logged).not.toContain('Lee');
    expect(logged).toContain('insert into \\"users\\" (\\"id\\", \\"name\\", \\"email\\") values ($1, $2, $3)');
    expect(logged).toContain('"constraint":"users_email_unique"');
    expect(logged).toContain('"code":"23505"');
    expect(logged).toContain('log-redaction.test.ts');
  });

  it('scrub addresses from library messages and data from library objects', () => {
    const smtp = new Error("Can't send mail - all recipients were rejected: 550 <kim.lee@example.com>: no such user");
    expect(JSON.stringify(serializeErrorForLog(smtp))).not.toContain('kim.lee');
    const logged = JSON.stringify(
      redactForLog([
        { user: { email: 'kim.lee@example.com', name: 'Kim Lee' }, provider: 'google' },
        'for kim.lee@example.com',
      ]),
    );
    expect(logged).not.toContain('kim.lee');
    expect(logged).not.toContain('Kim Lee');
    expect(logged).toContain('google');
  });

  it('leave tokens and query values out of request URLs', () => {
    expect(redactRequestUrl('/api/calendar/s3cr3tT0ken.ics')).toBe('/api/calendar/[token].ics');
    expect(redactRequestUrl('/api/invitations/s3cr3tT0ken/accept')).toBe('/api/invitations/[token]/accept');
    expect(redactRequestUrl('/api/users?search=Kim%20Lee&limit=5')).toBe('/api/users?search=…&limit=…');
    expect(redactRequestUrl('/api/teams/abc')).toBe('/api/teams/abc');
  });
});

describe('the server log', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { logStream: { write: (line) => lines.push(line) } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('holds no email or name after a lost sign-up race, and the outbox line only the recipient and links', async () => {
    const body = signUpBodyFor({ name: 'Zoltan Quibble', email: 'zoltan.quibble@example.com' });
    // Twelve at once, not four: with four, a loaded machine sometimes served them one after the
    // other, every loser stopped at the "email taken" check, and no race was lost to log.
    const attempts = await Promise.all(
      Array.from({ length: 12 }, () => t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: body })),
    );
    expect(attempts.map((attempt) => attempt.statusCode).sort()).toEqual([201, ...Array<number>(11).fill(409)]);
    const withoutMail = lines.filter((line) => !line.includes('mail stored in the outbox'));
    expect(withoutMail.some((line) => line.includes('"level":50'))).toBe(true);
    expect(withoutMail.filter((line) => /zoltan|quibble/i.test(line))).toEqual([]);

    const [mailLine, ...more] = lines.filter((line) => line.includes('mail stored in the outbox'));
    expect(more).toEqual([]);
    const { mail } = JSON.parse(mailLine ?? '{}');
    expect(mail.to).toBe('zoltan.quibble@example.com');
    expect(mail.subject).toBe('Confirm your email for Huddle');
    expect(mail.links).toEqual([expect.stringMatching(/^http:\/\/localhost:3000\/verify-email\?token=/)]);
    expect(mailLine).not.toContain('Zoltan');
  });

  it('logs request URLs without feed tokens or search words', async () => {
    const { cookie } = await signUpUser(t.app);
    await t.app.inject({ url: '/api/users?search=Quibble', headers: { cookie } });
    await t.app.inject({ url: '/api/calendar/s3cr3tT0ken.ics' });
    const logged = lines.join('\n');
    expect(logged).toContain('/api/users?search=…');
    expect(logged).toContain('/api/calendar/[token].ics');
    expect(logged).not.toContain('s3cr3tT0ken');
    expect(logged).not.toContain('search=Quibble');
  });
});
