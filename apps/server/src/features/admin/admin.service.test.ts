import { adminMessages } from '@huddle/shared/admin';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../accounts/accounts.schema.ts';
import { signUpUser, verifyEmailOf } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { postReports, posts } from '../posts/posts.schema.ts';
import { adminAuditLog } from './admin.schema.ts';
import { promoteByEmail, setRole } from './admin.service.ts';

const firstAdminEmail = 'first.admin@example.test';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: `  ${firstAdminEmail.toUpperCase()} ` });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (cookie: string | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });

const auditRowsFor = (targetId: string) =>
  t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId)).orderBy(adminAuditLog.createdAt);

/** A fresh admin, made one by the same path as `npm run admin:create`. */
async function newAdmin() {
  const person = await signUpUser(t.app);
  await promoteByEmail(t.db, person.user.email);
  return person;
}

describe('who is an admin', () => {
  it('makes an account in ADMIN_EMAILS an admin at sign-up, and logs it with no actor', async () => {
    const admin = await signUpUser(t.app, { email: firstAdminEmail });
    expect((await call(admin.cookie, 'GET', '/api/admin/access')).statusCode).toBe(200);
    const [row] = await auditRowsFor(admin.user.id);
    expect(row).toMatchObject({ actorId: null, action: 'user.role', after: { role: 'admin', by: 'ADMIN_EMAILS' } });

    const someoneElse = await signUpUser(t.app);
    expect((await call(someoneElse.cookie, 'GET', '/api/admin/access')).statusCode).toBe(403);
  });

  it('promotes an existing account by email (admin:create), and refuses an unknown email', async () => {
    const person = await signUpUser(t.app);
    await promoteByEmail(t.db, person.user.email);
    expect((await call(person.cookie, 'GET', '/api/admin/access')).statusCode).toBe(200);
    await expect(promoteByEmail(t.db, 'nobody@example.test')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lets an admin grant and revoke the role, each change in the audit log', async () => {
    const admin = await newAdmin();
    const person = await signUpUser(t.app);
    const granted = await call(admin.cookie, 'PUT', `/api/admin/users/${person.user.id}/role`, { role: 'admin' });
    expect(granted.json()).toMatchObject({ role: 'admin' });
    const revoked = await call(admin.cookie, 'PUT', `/api/admin/users/${person.user.id}/role`, { role: 'user' });
    expect(revoked.json()).toMatchObject({ role: 'user' });
    expect((await call(person.cookie, 'GET', '/api/admin/access')).statusCode).toBe(403);
    const rows = await auditRowsFor(person.user.id);
    expect(rows.map((row) => [row.actorId, row.before, row.after])).toEqual([
      [admin.user.id, { role: 'user' }, { role: 'admin' }],
      [admin.user.id, { role: 'admin' }, { role: 'user' }],
    ]);
  });
});

describe('the last admin', () => {
  it('cannot be revoked, and of two admins revoking each other at once, one stays', async () => {
    // Alone: every other admin of this file's database is revoked first.
    const [a, b] = [await newAdmin(), await newAdmin()];
    await t.db
      .update(users)
      .set({ role: 'user' })
      .where(sql`${users.id} not in (${a.user.id}, ${b.user.id})`);

    const results = await Promise.allSettled([
      setRole(t.db, { actor: { id: a.user.id, email: a.user.email }, userId: b.user.id, role: 'user' }),
      setRole(t.db, { actor: { id: b.user.id, email: b.user.email }, userId: a.user.id, role: 'user' }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [refused] = results.filter((result) => result.status === 'rejected');
    expect(refused?.reason).toMatchObject({ code: 'CONFLICT', message: adminMessages.lastAdmin });
    const admins = await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);

    const last = admins[0]!.id === a.user.id ? a : b;
    const selfRevoke = await call(last.cookie, 'PUT', `/api/admin/users/${last.user.id}/role`, { role: 'user' });
    expect(selfRevoke.statusCode).toBe(409);
    expect(selfRevoke.json().error.message).toBe(adminMessages.lastAdmin);
  });
});

describe('disabling an account', () => {
  it('ends its sessions and refuses its sign-in until it is enabled again', async () => {
    const admin = await newAdmin();
    const person = await signUpUser(t.app);
    expect((await call(person.cookie, 'GET', '/api/me')).statusCode).toBe(200);

    const disabled = await call(admin.cookie, 'POST', `/api/admin/users/${person.user.id}/disable`);
    expect(disabled.json().disabledAt).toEqual(expect.any(String));
    expect((await call(person.cookie, 'GET', '/api/me')).statusCode).toBe(401);

    const credentials = { email: person.body.email, password: person.body.password };
    const refused = await call(null, 'POST', '/api/auth/sign-in', credentials);
    expect(refused.statusCode).toBe(403);
    // Disabled comes first: the unverified email (decision 062) is not the reason to give.
    expect(refused.json().error.message).toBe(adminMessages.disabledSignIn);
    // A wrong password says only that, whatever the account's state.
    const wrong = await call(null, 'POST', '/api/auth/sign-in', { ...credentials, password: 'not the password 1' });
    expect(wrong.statusCode).toBe(401);

    await call(admin.cookie, 'POST', `/api/admin/users/${person.user.id}/enable`);
    await verifyEmailOf(t.app, t.db, person.body.email);
    expect((await call(null, 'POST', '/api/auth/sign-in', credentials)).statusCode).toBe(200);
    expect((await auditRowsFor(person.user.id)).map((row) => row.action)).toEqual(['user.disable', 'user.enable']);
  });

  it("is refused on one's own account", async () => {
    const admin = await newAdmin();
    const response = await call(admin.cookie, 'POST', `/api/admin/users/${admin.user.id}/disable`);
    expect(response.statusCode).toBe(409);
  });
});

describe('the audit log', () => {
  it('is written in the same transaction as the action: when its row cannot be written, nothing changes', async () => {
    const admin = await newAdmin();
    const person = await signUpUser(t.app);
    await t.db.execute(sql`alter table admin_audit_log add constraint refuse_rows check (false) not valid`);
    try {
      const response = await call(admin.cookie, 'POST', `/api/admin/users/${person.user.id}/disable`);
      expect(response.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`alter table admin_audit_log drop constraint refuse_rows`);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, person.user.id));
    expect(row?.disabledAt).toBeNull();
    expect((await call(person.cookie, 'GET', '/api/me')).statusCode).toBe(200);
  });

  it('lists actions newest first with who, what, target and before and after', async () => {
    const admin = await newAdmin();
    await call(admin.cookie, 'PUT', '/api/admin/flags/badges', { enabled: false });
    const person = await signUpUser(t.app);
    await call(admin.cookie, 'POST', `/api/admin/users/${person.user.id}/verify-email`);
    const { entries } = (await call(admin.cookie, 'GET', '/api/admin/audit-log')).json();
    expect(entries.slice(0, 2)).toMatchObject([
      { actorEmail: admin.user.email, action: 'user.verify-email', targetId: person.user.id },
      { actorEmail: admin.user.email, action: 'flag.set', targetId: 'badges', before: { enabled: true } },
    ]);
    const config = (await call(null, 'GET', '/api/config')).json();
    expect(config.flags.badges).toBe(false);
  });
});

describe('the users section', () => {
  it('finds accounts by name or email, and deletes one by the account-deletion rules', async () => {
    const admin = await newAdmin();
    const person = await signUpUser(t.app, { name: 'Zebulon Quist' });
    const found = (await call(admin.cookie, 'GET', '/api/admin/users?q=zebulon')).json();
    expect(found.users.map((user: { id: string }) => user.id)).toEqual([person.user.id]);
    const byEmail = (
      await call(admin.cookie, 'GET', `/api/admin/users?q=${encodeURIComponent(person.user.email)}`)
    ).json();
    expect(byEmail.users).toHaveLength(1);

    expect((await call(admin.cookie, 'DELETE', `/api/admin/users/${person.user.id}`)).statusCode).toBe(200);
    expect((await call(admin.cookie, 'GET', `/api/admin/users/${person.user.id}`)).statusCode).toBe(404);
    expect((await call(person.cookie, 'GET', '/api/me')).statusCode).toBe(401);
    const [row] = await auditRowsFor(person.user.id);
    expect(row).toMatchObject({ action: 'user.delete', after: null, before: { email: person.user.email } });
  });
});

describe('post reports', () => {
  it('lists open reports; dismissing closes one and leaves the post, removing takes the post off and closes the rest', async () => {
    const admin = await newAdmin();
    const [author, reporter, other] = [await signUpUser(t.app), await signUpUser(t.app), await signUpUser(t.app)];
    const newPost = async (title: string) => {
      const [row] = await t.db
        .insert(posts)
        .values({
          category: 'play-competition',
          subcategory: 'sub-needed',
          title,
          text: 'Text.',
          authorId: author.user.id,
        })
        .returning({ id: posts.id });
      return row!.id;
    };
    const [kept, removed] = [await newPost('Kept post'), await newPost('Removed post')];
    const reportOf = async (postId: string, reporterId: string) => {
      const [row] = await t.db.insert(postReports).values({ postId, reporterId, reason: 'spam' }).returning();
      return row!.id;
    };
    const keptReport = await reportOf(kept, reporter.user.id);
    await reportOf(removed, reporter.user.id);
    await reportOf(removed, other.user.id);

    const queue = (await call(admin.cookie, 'GET', '/api/admin/post-reports')).json();
    expect(queue.reports.map((report: { postTitle: string }) => report.postTitle)).toEqual([
      'Kept post',
      'Removed post',
      'Removed post',
    ]);

    expect((await call(admin.cookie, 'POST', `/api/admin/post-reports/${keptReport}/dismiss`)).statusCode).toBe(200);
    expect((await call(admin.cookie, 'POST', `/api/admin/post-reports/${keptReport}/dismiss`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/posts/${kept}`)).statusCode).toBe(200);

    expect((await call(admin.cookie, 'POST', `/api/admin/posts/${removed}/remove`)).statusCode).toBe(200);
    expect((await call(null, 'GET', `/api/posts/${removed}`)).statusCode).toBe(404);
    expect((await call(admin.cookie, 'GET', '/api/admin/post-reports')).json().reports).toEqual([]);
    const [removal] = await auditRowsFor(removed);
    expect(removal).toMatchObject({ action: 'post.remove', after: { onBoard: false, closedReports: 2 } });
  });
});
