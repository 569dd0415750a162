import type { SocialProviderId } from '@huddle/shared/account-messages';
import { authPaths, type AuthPath } from '@huddle/shared/auth-pages';
import { StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AuthApp } from './app/auth-app.tsx';
import { replayEarlyClicks } from './app/early-use-replay.ts';
import { InteractiveMark } from './app/interactive-mark.tsx';
import { setHydratingServerMarkup } from './lib/use-hydrated.ts';
import { pageTitle } from './app/page-title.ts';
import { getSocialProviders, takeInlineSocialProviders } from './features/accounts/api/get-social-providers.ts';
import { takeAuthFormState } from './features/accounts/form-state-from-server.ts';

// The entry of auth.html, which the server sends for the auth pages only (decision 023).
const container = document.getElementById('root');
if (!container) throw new Error('auth.html has no #root element');

const pathname = window.location.pathname.replace(/\/+$/, '');
const page = (Object.values(authPaths) as string[]).includes(pathname) ? (pathname as AuthPath) : authPaths.login;
document.title = pageTitle(page, 0);

const search = window.location.search;
// A failed sign-in or sign-up sent without JavaScript, rendered back on its form (issue 33).
const formState = takeAuthFormState();
const app = (socialProviders: readonly SocialProviderId[]): ReactNode => (
  <StrictMode>
    <AuthApp page={page} search={search} socialProviders={socialProviders} formState={formState} />
    <InteractiveMark />
  </StrictMode>
);

// The form renders at once, never after an API call (issue 30: on a slow phone the page stayed
// blank until the config came). The server writes the social providers into auth.html
// (decision 063), so their buttons render with the form; without them (the dev server) the
// page asks, and renders the same tree again when told: React keeps the form, and what was typed.
const inlineProviders = takeInlineSocialProviders();
// Sign-in and sign-up arrive rendered by the server (issue 33): that markup is made live, with
// what was typed into it before the scripts ran; the other pages are rendered here.
const serverRendered = container.firstElementChild !== null;
setHydratingServerMarkup(serverRendered);
const root = serverRendered ? hydrateRoot(container, app(inlineProviders ?? [])) : createRoot(container);
if (!serverRendered) root.render(app(inlineProviders ?? []));
// A tap on the rendered form before then (the show-password button, a social sign-in) is kept by
// public/app-start.js and made once the form is live; the form itself posts without JavaScript.
else replayEarlyClicks();
const render = (socialProviders: readonly SocialProviderId[]) => root.render(app(socialProviders));
if (!inlineProviders && (page === authPaths.login || page === authPaths.signUp)) {
  void getSocialProviders().then((providers) => {
    if (providers.length > 0) render(providers);
  });
}
