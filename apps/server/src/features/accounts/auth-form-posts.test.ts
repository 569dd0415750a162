import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { signInErrorMessages } from '@huddle/shared/account-messages';
import { genericErrorMessages } from '@huddle/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverEntryPath } from '../../lib/server-render.ts';
import { cookieHeaderFrom, signUpBodyFor, signUpVerifiedUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { authFormStateCookie } from './auth-form-state.ts';

/**
 * Sign-in and sign-up without JavaScript (issue 33): the forms arrive rendered by the server as
 * real HTML forms, their posts do what the JSON endpoints do (same services, same rate limit
 * counters, same origin check), and a failure comes back to the form with what was typed.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const webDist = path.join(repoRoot, 'apps/web/dist');
const rateLimit = 4;

let t: TestApp;
let person: TestUser;
/** Each test posts from an address of its own: the rate limit counts per address. */
let lastAddress = 0;
const nextAddress = () => `10.0.0.${++lastAddress}`;

const formPost = (url: string, fields: Record<string, string>, extra: { address: string; origin?: string }) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: extra.address,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(extra.origin ? { origin: extra.origin } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });

const setCookies = (header: string | string[] | undefined) => (Array.isArray(header) ? header : header ? [header] : []);
const sessionCookieIn = (header: string | string[] | undefined) =>
  setCookies(header).some((cookie) => cookie.startsWith('huddle.session_token='));
const flashIn = (header: string | string[] | undefined) =>
  setCookies(header).find((cookie) => cookie.startsWith(`${authFormStateCookie}=`));

/** The names of the inputs the markup autofocuses. */
const autofocused = (markup: string) =>
  [...markup.matchAll(/<input\b[^>]*>/g)]
    .map(([input]) => input)
    .filter((input) => /\sautofocus(=""|\s|>|\/)/.test(input))
    .map((input) => /\sname="([^"]*)"/.exec(input)?.[1]);

/** #root's markup and the form-state data block of an auth page. */
function authPageParts(html: string) {
  const root =
    /<div id="root">([\s\S]*)<\/div>\s*<script/.exec(html)?.[1] ??
    /<div id="root">([\s\S]*)<\/div>/.exec(html)?.[1] ??
    '';
  const block = /<script type="application\/json" id="huddle-auth-form">(.*?)<\/script>/.exec(html)?.[1];
  return { root, state: block ? (JSON.parse(block) as Record<string, unknown>) : undefined };
}

beforeAll(async () => {
  if (!existsSync(serverEntryPath(webDist)) || !existsSync(path.join(webDist, 'auth.html'))) {
    execFileSync('npm', ['run', 'build', '-w', '@huddle/web'], { cwd: repoRoot, stdio: 'inherit' });
  }
  t = await createTestApp({ WEB_DIST_DIR: webDist, AUTH_RATE_LIMIT_MAX: String(rateLimit) }, { serveWebApp: true });
  person = await signUpVerifiedUser(t);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('the sign-in and sign-up pages, rendered on the server', () => {
  it('arrive as forms the browser can post without JavaScript, titled as the app titles them', async () => {
    for (const [url, title, fields, action] of [
      ['/auth/login?returnTo=%2Fteams', 'Login | Huddle', ['email', 'password'], '/auth/login?returnTo=%2Fteams'],
      ['/auth/sign-up', 'Sign Up | Huddle', ['name', 'email', 'password'], '/auth/sign-up'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
      // Under the app's no-referrer a browser posts the form with `Origin: null`, which the origin check refuses.
      expect(response.headers['referrer-policy'], url).toBe('same-origin');
      expect(response.body, url).toContain(`<title>${title}</title>`);
      const { root, state } = authPageParts(response.body);
      const form = /<form[^>]*>/.exec(root)?.[0] ?? '';
      expect(form, url).toContain('method="post"');
      expect(form, url).toContain(`action="${action}"`);
      for (const field of fields) expect(root, `${url} ${field}`).toMatch(new RegExp(`<input[^>]*name="${field}"`));
      expect(state, url).toBeUndefined();
      // Its scripts are fetched once the form is painted (app-start.js imports the entry then).
      expect(response.body, url).not.toMatch(/<script type="module" crossorigin src="\/assets\//);
      const afterPaint = /<template id="huddle-after-paint">([\s\S]*?)<\/template>/.exec(response.body)?.[1] ?? '';
      expect(afterPaint, url).toMatch(/<link rel="modulepreload"[^>]*id="app-entry">/);
      expect(response.body.replace(afterPaint, ''), url).not.toContain('rel="modulepreload"');
      expect(response.body, url).toContain('<script type="module" async src="/app-start.js"></script>');
    }
  });

  it('leaves the forgot-password page to the browser', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/forgot-password' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
  });
});

describe('signing in with the HTML form', () => {
  it('signs in and goes to the returnTo with the session, as the JSON endpoint does', async () => {
    const response = await formPost(
      '/auth/login?returnTo=%2Fteams',
      { email: person.body.email, password: person.body.password },
      { address: nextAddress(), origin: 'http://localhost:3000' },
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/teams');
    expect(sessionCookieIn(response.headers['set-cookie'])).toBe(true);
    const session = await t.app.inject({
      url: '/api/auth/session',
      headers: { cookie: cookieHeaderFrom(response.headers['set-cookie']) },
    });
    expect(session.json()).toMatchObject({ user: { id: person.user.id } });
  });

  it('goes home without a returnTo, and never to another site', async () => {
    for (const url of ['/auth/login', '/auth/login?returnTo=%2F%2Fevil.example']) {
      const response = await formPost(
        url,
        { email: person.body.email, password: person.body.password },
        { address: nextAddress() },
      );
      expect(response.statusCode, url).toBe(303);
      expect(response.headers.location, url).toBe('/home');
    }
  });

  it('comes back to the form with the email kept, never the password, and the reason, once', async () => {
    const wrong = await formPost(
      '/auth/login?returnTo=%2Fteams',
      { email: person.body.email, password: 'not the password at all' },
      { address: nextAddress() },
    );
    expect(wrong.statusCode).toBe(303);
    expect(wrong.headers.location).toBe('/auth/login?returnTo=%2Fteams');
    expect(sessionCookieIn(wrong.headers['set-cookie'])).toBe(false);
    const flash = flashIn(wrong.headers['set-cookie']) ?? '';
    expect(flash).toMatch(/Path=\/auth; HttpOnly; SameSite=Lax/);
    expect(Buffer.from(flash.split('=')[1]?.split('.')[0] ?? '', 'base64url').toString()).not.toContain(
      'not the password',
    );

    const page = await t.app.inject({
      url: '/auth/login?returnTo=%2Fteams',
      headers: { cookie: cookieHeaderFrom(wrong.headers['set-cookie']) },
    });
    const { root, state } = authPageParts(page.body);
    expect(root).toContain(`value="${person.body.email}"`);
    expect(root).toContain(signInErrorMessages.InvalidUser);
    expect(page.body).not.toContain('not the password at all');
    expect(state).toEqual({
      form: 'sign-in',
      values: { email: person.body.email },
      fieldErrors: {},
      error: { code: 'INVALID_CREDENTIALS', message: signInErrorMessages.InvalidUser },
    });
    // No field in error, no field autofocused: the message is above the form.
    expect(autofocused(root)).toEqual([]);
    // Read once: the page clears it, so a reload shows a clean form.
    expect(flashIn(page.headers['set-cookie'])).toMatch(/^huddle-auth-form=; Max-Age=0/);
    // Not shown on the other form.
    const signUpPage = await t.app.inject({
      url: '/auth/sign-up',
      headers: { cookie: cookieHeaderFrom(wrong.headers['set-cookie']) },
    });
    expect(authPageParts(signUpPage.body).state).toBeUndefined();
  });

  it('puts field problems beside their field, as the JSON endpoint words them', async () => {
    const response = await formPost('/auth/login', { email: 'not-an-email', password: '' }, { address: nextAddress() });
    const page = await t.app.inject({
      url: '/auth/login',
      headers: { cookie: cookieHeaderFrom(response.headers['set-cookie']) },
    });
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: nextAddress(),
      payload: { email: 'not-an-email', password: '' },
    });
    const apiFields = (api.json() as { error: { fields: Record<string, string[]> } }).error.fields;
    const { state, root } = authPageParts(page.body);
    expect(state?.fieldErrors).toEqual({ email: apiFields.email?.[0], password: apiFields.password?.[0] });
    expect(root).toContain('value="not-an-email"');
    // The caret starts in the first field in error, scripts or not: the HTML's own autofocus.
    expect(autofocused(root)).toEqual(['email']);
  });

  it('ignores an outcome cookie this server did not sign', async () => {
    const forged = Buffer.from(
      JSON.stringify({
        form: 'sign-in',
        values: { email: 'x@example.com' },
        fieldErrors: {},
        error: { code: 'FORBIDDEN', message: 'Call 555-0100 to unlock your account.' },
      }),
    ).toString('base64url');
    const page = await t.app.inject({
      url: '/auth/login',
      headers: { cookie: `${authFormStateCookie}=${forged}.AAAA` },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('555-0100');
    expect(authPageParts(page.body).state).toBeUndefined();
  });

  it('refuses a post from another site, as every write is refused, and signs no one in', async () => {
    const response = await formPost(
      '/auth/login',
      { email: person.body.email, password: person.body.password },
      { address: nextAddress(), origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
    expect(sessionCookieIn(response.headers['set-cookie'])).toBe(false);
  });

  it('counts toward the same rate limit as POST /api/auth/sign-in, and says so on the form', async () => {
    const address = nextAddress();
    const wrongBody = { email: person.body.email, password: 'wrong password here' };
    // Half the limit through the API, the rest through the form.
    for (let attempt = 0; attempt < rateLimit / 2; attempt++) {
      const api = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: address,
        payload: wrongBody,
      });
      expect(api.statusCode).toBe(401);
    }
    for (let attempt = 0; attempt < rateLimit / 2; attempt++) {
      const form = await formPost('/auth/login', wrongBody, { address });
      expect(flashIn(form.headers['set-cookie'])).toBeDefined();
    }
    // Over the limit: the form is told, even with the right password; and so is the API.
    const limited = await formPost(
      '/auth/login',
      { email: person.body.email, password: person.body.password },
      { address },
    );
    expect(limited.statusCode).toBe(303);
    expect(sessionCookieIn(limited.headers['set-cookie'])).toBe(false);
    const page = await t.app.inject({
      url: '/auth/login',
      headers: { cookie: cookieHeaderFrom(limited.headers['set-cookie']) },
    });
    expect(authPageParts(page.body).state).toMatchObject({
      error: { code: 'RATE_LIMITED', message: genericErrorMessages.RATE_LIMITED },
      values: { email: person.body.email },
    });
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: address,
      payload: { email: person.body.email, password: person.body.password },
    });
    expect(api.statusCode).toBe(429);
    // Sign-up counts apart, as before: the same address may still create an account.
    const signUp = await formPost('/auth/sign-up', { ...signUpBodyFor() }, { address });
    expect(signUp.headers.location).toBe('/home');
  });

  it('shares the limit the other way too: form posts first, then the API is refused', async () => {
    const address = nextAddress();
    for (let attempt = 0; attempt < rateLimit; attempt++) {
      await formPost('/auth/login', { email: person.body.email, password: 'wrong password here' }, { address });
    }
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: address,
      payload: { email: person.body.email, password: person.body.password },
    });
    expect(api.statusCode).toBe(429);
  });
});

describe('signing up with the HTML form', () => {
  it('creates the account and signs in, as the JSON endpoint does', async () => {
    const body = signUpBodyFor();
    const response = await formPost('/auth/sign-up', { ...body }, { address: nextAddress() });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/home');
    const session = await t.app.inject({
      url: '/api/auth/session',
      headers: { cookie: cookieHeaderFrom(response.headers['set-cookie']) },
    });
    expect(session.json()).toMatchObject({ user: { email: body.email, displayName: body.name } });
  });

  it('keeps the name and email of a taken email, with the problem beside the email', async () => {
    const body = signUpBodyFor({ email: person.body.email });
    const response = await formPost('/auth/sign-up?returnTo=%2Fteams', { ...body }, { address: nextAddress() });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/auth/sign-up?returnTo=%2Fteams');
    expect(sessionCookieIn(response.headers['set-cookie'])).toBe(false);
    const page = await t.app.inject({
      url: '/auth/sign-up?returnTo=%2Fteams',
      headers: { cookie: cookieHeaderFrom(response.headers['set-cookie']) },
    });
    const { root, state } = authPageParts(page.body);
    expect(state).toEqual({
      form: 'sign-up',
      values: { email: person.body.email, name: body.name },
      fieldErrors: { email: 'An account with this email already exists.' },
      error: null,
    });
    expect(root).toContain(`value="${body.name}"`);
    expect(root).toContain('An account with this email already exists.');
    expect(autofocused(root)).toEqual(['email']);
    expect(page.body).not.toContain(body.password);
  });

  it('lets 20 simultaneous posts of one new email make one account', async () => {
    const body = signUpBodyFor();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => formPost('/auth/sign-up', { ...body }, { address: nextAddress() })),
    );
    const signedIn = responses.filter((response) => sessionCookieIn(response.headers['set-cookie']));
    expect(signedIn).toHaveLength(1);
    expect(responses.every((response) => response.statusCode === 303)).toBe(true);
  });
});
