import { socialProviderIds } from '@huddle/shared/account-messages';
import { authPaths, type AuthFormState, type AuthPath } from '@huddle/shared/auth-pages';
import { StrictMode } from 'react';
import { AuthApp } from './auth-app.tsx';
import { pageTitle } from './page-title.ts';
import { renderToHtml } from './render-to-html.ts';

/** The auth pages rendered on the server: the two forms people open from a link (issue 33). */
const renderedAuthPages: ReadonlySet<AuthPath> = new Set([authPaths.login, authPaths.signUp]);

/**
 * Sign-in or sign-up as auth.html's #root holds it once auth-main.tsx has rendered it: the same app,
 * the same props (the address's query, the social providers the server writes into the page, a
 * failed form post's outcome), so the browser hydrates it as it is. The forms post without
 * JavaScript (features/accounts/auth-form-posts.routes.ts on the server). Null for the other pages.
 */
export async function renderAuthPage(
  page: AuthPath,
  search: string,
  { socialProviders, formState }: { socialProviders: readonly string[]; formState: AuthFormState | null },
): Promise<{ html: string; title: string } | null> {
  if (!renderedAuthPages.has(page)) return null;
  const html = await renderToHtml(
    <StrictMode>
      <AuthApp
        page={page}
        search={search}
        // As the browser reads them from the page (get-social-providers.ts): the ones it knows.
        socialProviders={socialProviderIds.filter((id) => socialProviders.includes(id))}
        formState={formState}
      />
    </StrictMode>,
  );
  return { html, title: pageTitle(page, 0) };
}
