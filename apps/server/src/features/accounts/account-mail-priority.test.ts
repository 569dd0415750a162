import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../../lib/mail/mailer.ts';
import type { OutboxMail } from '../../lib/mail/outbox.repository.ts';
import { createTeamAs, signUpUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Decision 060: the mails someone waits on to get into their account are queued as account
// mail, which pg-boss hands out before every waiting notice (lib/mail/mail-delivery.test.ts).
const mails: OutboxMail[] = [];
const mailer: Mailer = { send: async (mail) => void mails.push(mail) };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { mailer });
});
afterAll(async () => {
  await t.close();
});

const priorityOf = (to: string, subject: string) =>
  mails.find((mail) => mail.to === to && mail.subject === subject)?.priority ?? 'notice';

describe('account mail', () => {
  it('queues the email confirmation and the password reset ahead of notices', async () => {
    const { body } = await signUpUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: body.email } });

    expect(priorityOf(body.email, 'Confirm your email for Huddle')).toBe('account');
    expect(priorityOf(body.email, 'Reset your Huddle password')).toBe('account');
  });

  it('leaves a team invitation among the notices', async () => {
    const owner = await signUpUser(t.app);
    const team = await createTeamAs(t.app, owner.cookie, { name: 'Priority FC' });
    await t.app.inject({
      method: 'POST',
      url: `/api/teams/${team.id}/invitations`,
      headers: { cookie: owner.cookie },
      payload: { email: 'newcomer@example.com' },
    });

    expect(mails.some((mail) => mail.to === 'newcomer@example.com')).toBe(true);
    expect(priorityOf('newcomer@example.com', 'Invitation to join “Priority FC” on Huddle')).toBe('notice');
  });
});
