import { authPaths, type AuthPath } from '@huddle/shared/auth-pages';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthApp } from './app/auth-app.tsx';
import { pageTitle } from './app/page-title.ts';
import { getSocialProviders } from './features/accounts/api/get-social-providers.ts';

// The entry of auth.html, which the server sends for the auth pages only (decision 023).
const container = document.getElementById('root');
if (!container) throw new Error('auth.html has no #root element');

const pathname = window.location.pathname.replace(/\/+$/, '');
const page = (Object.values(authPaths) as string[]).includes(pathname) ? (pathname as AuthPath) : authPaths.login;
document.title = pageTitle(page, 0);

// The social buttons render together with the form rather than pop in above it (no layout
// shift). auth.html preloads the config, so it is usually here before this script runs.
const socialProviders = page === authPaths.login || page === authPaths.signUp ? await getSocialProviders() : [];

createRoot(container).render(
  <StrictMode>
    <AuthApp page={page} socialProviders={socialProviders} />
  </StrictMode>,
);
